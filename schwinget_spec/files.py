"""Output files written whole or not at all: the bytes go to a temporary file in the same directory, renamed over the target once complete.

A full disk, a quota, a file size limit or Ctrl-C in the middle of a write never leave
an empty or half-written report, trace or vector file behind: either the new file is
there, complete and synced to disk, or the old one (or none) is left as it was, and
``OutputFileError`` says which.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from schwinget_spec.errors import SchwingetError

__all__ = ["OutputFileError", "write_bytes_atomically", "write_text_atomically"]


class OutputFileError(SchwingetError, OSError):
    """A file that could not be written; it names the file, says why, and what is left (the old file, or none). Also an ``OSError``."""

    def __init__(self, path: str, reason: str, *, cause: OSError | None = None) -> None:
        SchwingetError.__init__(self, f"{path}: {reason}")
        self.path = path
        self.cause = cause
        """The ``OSError`` the system raised (None when the text itself was refused)."""
        # the OSError's own fields, for code written for the OSError it stands for
        self.errno = None if cause is None else cause.errno
        self.strerror = None if cause is None else cause.strerror
        self.filename = path


def _new_file_mode() -> int:
    # the mode open() would give a new file (0o666 less the umask), which mkstemp does not (0o600)
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory, synced and renamed over it.

    On any failure the temporary file is removed and ``path`` is left as it was (the old
    file, or no file); an ``OSError`` becomes ``OutputFileError`` naming ``path``.
    An existing file keeps its permission bits; a new one gets those of ``open()``. A
    symbolic link is written through (the file it points to is replaced, the link stays);
    a path that is no regular file (``/dev/stdout``, a FIFO, a device) is written as it is,
    never replaced by a file.
    """
    try:
        mode = os.stat(path).st_mode  # through a symbolic link
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, data)
        return
    target = Path(os.path.realpath(path)) if mode is not None else Path(path)
    existed = mode is not None
    left = "the old file is left as it was" if existed else "no file was written"
    try:
        bits = mode & 0o7777 if mode is not None else _new_file_mode()
        handle, temporary = tempfile.mkstemp(dir=target.absolute().parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:
        raise OutputFileError(str(path), f"cannot be written: {exc.strerror or exc}; {left}", cause=exc) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, bits)
        os.replace(temporary, target)
    except BaseException as exc:
        # Ctrl-C included: the partial temporary file goes, the target is untouched
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise OutputFileError(str(path), f"cannot be written: {exc.strerror or exc}; {left}", cause=exc) from None
        raise


def _write_in_place(path: str | os.PathLike[str], data: bytes) -> None:
    # a device, a FIFO or a terminal: nothing to rename over, and renaming would replace the node itself
    try:
        with open(path, "wb") as out:
            out.write(data)
    except OSError as exc:
        raise OutputFileError(str(path), f"cannot be written: {exc.strerror or exc}", cause=exc) from None


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` whole or not at all (``write_bytes_atomically``); text UTF-8 cannot encode is refused before any file is touched."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise OutputFileError(
            str(path), f"cannot be written: the text holds a lone surrogate at character {exc.start}; nothing was written"
        ) from None
    write_bytes_atomically(path, data)
