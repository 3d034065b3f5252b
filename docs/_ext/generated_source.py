"""The site's generated pages live in the build's output directory, not in docs/: a Sphinx project and environment that read them from there under the docnames ``_generated/...``."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.project import Project
from sphinx.util._pathlib import _StrPath
from sphinx.util.osutil import _relative_path

__all__ = ["GENERATED", "INCLUDED_ONLY", "GeneratedEnvironment", "GeneratedProject", "generated_dir", "install"]

GENERATED = "_generated"
"""The docname prefix of the generated pages, and the folder of docs/ their links name (no such folder exists)."""

INCLUDED_ONLY = frozenset({"cli_synopsis.md", "quickstart.md"})
"""Generated fragments that other pages include; they are no pages of their own."""


def generated_dir(app: Sphinx) -> Path:
    """Where the build writes the generated pages: beside the doctrees, inside the output directory (``build/site/.doctrees/generated``)."""
    return Path(app.doctreedir) / "generated"


class GeneratedProject(Project):
    """The docs/ project plus every page under the generated folder, each with the docname ``_generated/<path>``."""

    generated_root: Path

    def discover(self, exclude_paths: Iterable[str] = (), include_paths: Iterable[str] = ("**",)) -> set[str]:
        """The documents of docs/ and the generated pages (the fragments only included left out)."""
        super().discover(exclude_paths, include_paths)
        for page in sorted(self.generated_root.rglob("*.md")):
            rel = page.relative_to(self.generated_root)
            if rel.as_posix() in INCLUDED_ONLY:
                continue
            virtual = Path(GENERATED) / rel
            docname = virtual.with_suffix("").as_posix()
            self.docnames.add(docname)
            self._docname_to_path[docname] = virtual
            self._path_to_docname[virtual] = docname
        return self.docnames

    def path2doc(self, filename: str | os.PathLike[str]) -> str | None:
        """The docname of a file: a generated page's file in the output directory is ``_generated/<path>``."""
        path = Path(filename)
        root = getattr(self, "generated_root", None)
        if root is not None and path.is_absolute() and path.suffix == ".md":
            try:
                rel = path.relative_to(root)
            except ValueError:
                pass
            else:
                return (Path(GENERATED) / rel).with_suffix("").as_posix()
        return super().path2doc(filename)

    def doc2path(self, docname: str, absolute: bool) -> _StrPath:
        """A generated page's file in the output directory when asked for the absolute path; its place in docs/ otherwise (so its relative links resolve as in docs/)."""
        if absolute and docname.startswith(f"{GENERATED}/"):
            return _StrPath(self.generated_root / f"{docname.removeprefix(f'{GENERATED}/')}.md")
        return super().doc2path(docname, absolute)


class GeneratedEnvironment(BuildEnvironment):
    """A build environment whose files under docs/_generated/ (images, included fragments) are read from the output directory."""

    def relfn2path(self, filename: str | Path, docname: str | None = None) -> tuple[str, str]:
        """The path of a referenced file; one under the generated folder is the generated copy's."""
        rel, absolute = super().relfn2path(filename, docname)
        root = getattr(self.project, "generated_root", None)
        try:
            sub = Path(absolute).relative_to(Path(self.srcdir) / GENERATED)
        except ValueError:
            return rel, absolute
        if root is None:
            return rel, absolute
        real = Path(root) / sub
        return _relative_path(real, Path(self.srcdir)).as_posix(), str(real)


def install(app: Sphinx) -> Path:
    """Make ``app`` read the generated pages from ``generated_dir(app)``; returns that folder."""
    root = generated_dir(app)
    root.mkdir(parents=True, exist_ok=True)
    app.project.__class__ = GeneratedProject
    app.project.generated_root = root  # type: ignore[attr-defined]
    app.env.__class__ = GeneratedEnvironment
    return root
