"""The API page's tables by task: ``{schwinget-api} module ...`` lists each public name of the modules (their ``__all__``) with its one-line summary and its clauses as links."""

from __future__ import annotations

import html
import importlib
import inspect
import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.errors import ExtensionError

from schwinget_spec.clauses import CLAUSES

__all__ = ["ApiTable", "public_names", "summary"]

_CLAUSE_ID = re.compile(r"``?([a-z_]+\.[a-z_0-9]+)``?")


def public_names(module_name: str) -> list[tuple[str, object]]:
    """The names of ``module_name.__all__`` (every public name when it has none) with their objects, in the order of ``__all__``."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return [(n, getattr(module, n)) for n in names if hasattr(module, n)]


def summary(obj: object) -> str:
    """The first sentence of ``obj``'s docstring (its own, not one inherited from a builtin), or nothing."""
    ours = str(getattr(obj, "__module__", "") or "").startswith("schwinget_spec")
    plain = isinstance(obj, type) or inspect.isfunction(obj) or inspect.ismethod(obj)
    doc = obj.__doc__ if ours and plain else None
    if isinstance(obj, type) and doc is not None and any(doc == b.__doc__ for b in obj.__mro__[1:]):
        doc = None
    text = inspect.cleandoc(doc) if doc else ""
    return text.split("\n\n")[0].replace("\n", " ")


def _clauses(obj: object) -> list[str]:
    doc = obj.__doc__ if isinstance(obj, type) or callable(obj) else None
    return list(dict.fromkeys(c for c in _CLAUSE_ID.findall(doc or "") if c in CLAUSES))


def _literals(text: str) -> str:
    """The reST literals of an escaped docstring line (````x````) as HTML code."""
    return re.sub(r"``(.+?)``", r"<code>\1</code>", text)


class ApiTable(Directive):
    """``{schwinget-api} schwinget_spec.deal schwinget_spec.gang``: a table of the public names of the modules."""

    has_content = False
    required_arguments = 1
    optional_arguments = 20
    option_spec: ClassVar[dict[str, Any]] = {"no-links": directives.flag}
    """``:no-links:`` for modules whose entries the page does not document (``automodule`` with ``:no-members:``)."""

    def run(self) -> list[nodes.Node]:
        """The table as raw HTML; each name links to its entry below when the module documents it, each clause to its page."""
        docname = self.state.document.settings.env.docname
        depth = "../" * docname.count("/")
        rows = []
        for module_name in self.arguments:
            try:
                names = public_names(module_name)
            except ImportError as exc:
                raise ExtensionError(f"{docname}: schwinget-api cannot import {module_name}: {exc}") from None
            for name, obj in names:
                own = getattr(obj, "__module__", None) == module_name
                label = f"<code>{html.escape(name)}</code>"
                if own and "no-links" not in self.options and (inspect.isclass(obj) or inspect.isfunction(obj)) and summary(obj):
                    label = f'<a href="#{html.escape(module_name)}.{html.escape(name)}">{label}</a>'
                links = " ".join(
                    f'<a class="sw-id" href="{depth}_generated/clauses/{c}.html">{c}</a>' for c in _clauses(obj)
                )
                rows.append(
                    f"<tr><td>{label}</td><td><code>{html.escape(module_name.removeprefix('schwinget_spec.'))}</code></td>"
                    f"<td>{_literals(html.escape(summary(obj), quote=False))}</td><td>{links}</td></tr>"
                )
        table = (
            '<div class="sw-scroll"><table class="sw-table sw-api"><thead><tr><th>name</th><th>module</th>'
            f"<th>what it is</th><th>clauses</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        )
        return [nodes.raw("", table, format="html")]
