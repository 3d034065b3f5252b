"""Sphinx configuration of the schwinget_spec documentation site (build: python -m sphinx -W -b html docs build/site)."""

from __future__ import annotations

import sys
from pathlib import Path

_DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(_DOCS / "_ext"))
sys.path.insert(0, str(_DOCS.parent))

project = "schwinget_spec"
author = "the schwinget_spec authors"
copyright = "the schwinget_spec authors; rules booklet: Schwinget, Daniel Fehr"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_click",
    "schwinget_site",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
# The generated pages are written into the output directory (build/site/.doctrees/generated) and read
# from there by the schwinget_site extension; a docs/_generated/ left by an older build is ignored.
exclude_patterns = ["_build", "README.md", "**/.ipynb_checkpoints", "_generated"]

# Quotes and ellipses only: "--check" stays two dashes (never an en dash) in the command line's pages.
smartquotes_action = "qe"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False

html_theme = "furo"
html_title = "Schwinget — the rules as a specification"
html_static_path = ["_static"]
html_css_files = ["schwinget.css"]
html_js_files = ["schwinget-tables.js"]
html_theme_options = {
    "source_repository": "",
    "navigation_with_keys": True,
}
html_show_sourcelink = False
