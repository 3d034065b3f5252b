"""Text that came from elsewhere (an engine, a report file, a caller) made harmless for where it is shown: the terminal, markdown, XML 1.0, a short repr.

An engine under test is not trusted: its name, version, messages and standard error may
hold terminal escape sequences, HTML, markdown links or characters XML 1.0 cannot hold.
Each function here keeps every printable character and shows every other one as an
escape (``\\x1b``, ``\\u2028``), so that what the engine sent stays readable and can be
searched for, but can neither drive the reader's terminal, nor become a link, a tag or a
script in a page, nor make an XML file that a CI system cannot parse.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
    "MAX_SHOWN",
    "code_fence",
    "code_span",
    "markdown_text",
    "shown",
    "terminal_json",
    "terminal_text",
    "xml_text",
]

MAX_SHOWN = 200
"""The longest ``shown`` text of a value, in characters: a longer repr is cut with ``…``."""

# C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional
# controls (which reorder what a terminal or a browser shows), lone surrogates and the
# two noncharacters XML forbids; \n (and \t where kept) are handled by the callers.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
_UNSAFE_KEEP_LINES = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)
_MARKDOWN_PUNCTUATION = re.compile(r"""([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])""")
_BACKTICKS = re.compile("`+")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 0x09:
        return "\\t"
    if code == 0x0D:
        return "\\r"
    if code == 0x0A:
        return "\\n"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str, *, keep_lines: bool = True) -> str:
    """``text`` for a terminal: every control character and escape sequence shown escaped (``\\x1b`` for ESC).

    With ``keep_lines`` a line feed (and a tab) stays as it is, so that a text of
    several lines keeps its lines; a carriage return, which would let a line overwrite
    what the terminal shows before it, is always escaped.
    """
    return (_UNSAFE_KEEP_LINES if keep_lines else _UNSAFE).sub(_escape, str(text))


_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def terminal_json(value: Any) -> str:
    """``value`` as indented JSON (UTF-8 letters kept) for a terminal: every character a terminal could act on is a ``\\u`` escape.

    JSON escapes the C0 controls itself; DEL, the C1 controls (``\\u009b`` starts a
    terminal sequence too), the line separators, the bidirectional controls and lone
    surrogates are escaped here. The text reads back as the same value.
    """
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def xml_text(text: str) -> str:
    """``text`` made of characters XML 1.0 can hold (tab, line feed and the printable ones): every other one is shown escaped.

    The XML writer still escapes ``<``, ``&`` and quotes; this removes what no escape
    can carry (control characters, lone surrogates, U+FFFE and U+FFFF).
    """
    return _UNSAFE_KEEP_LINES.sub(_escape, str(text))


def markdown_text(text: str) -> str:
    """``text`` as plain markdown text on one line: every ASCII punctuation mark backslash-escaped, control characters shown escaped.

    Escaped punctuation is shown as itself by every CommonMark renderer but can start
    nothing: no raw HTML (``<``), no link or image (``[``, ``!``), no autolink (``:``,
    ``.`` and ``@`` are escaped, so neither ``https://`` nor ``www.`` nor an address is
    recognised), no emphasis, heading, table cell or code span.
    """
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", _UNSAFE.sub(_escape, str(text)))


def code_span(text: str) -> str:
    """``text`` as an inline markdown code span on one line (control characters shown escaped; ``|`` escaped for a table cell).

    The span's backtick fence is longer than any run of backticks inside, so the text
    cannot close it; inside a code span nothing is a link or HTML.
    """
    body = _UNSAFE.sub(_escape, str(text)).replace("|", "\\|")
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(body)), default=0) + 1)
    # CommonMark strips one space at each end of a span: padding keeps a backtick or a space at an end
    pad = " " if body[:1] in ("`", " ") or body[-1:] in ("`", " ") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def code_fence(lines: list[str]) -> list[str]:
    """``lines`` as a fenced markdown code block: a fence longer than any run of backticks in them, control characters shown escaped."""
    body = [_UNSAFE.sub(_escape, str(line)) for line in lines]
    longest = max((len(run) for line in body for run in _BACKTICKS.findall(line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, *body, fence]


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """A short, safe repr of ``value`` for an error message: an enormous int by its size, any repr cut at ``limit`` characters.

    Python's ``repr`` of an int of more than ``sys.get_int_max_str_digits()`` digits
    raises ``ValueError``, and a repr may be endless or fail: an error message about a
    value must never fail itself.
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 64:
        sign = "a negative" if value < 0 else "an"
        return f"{sign} int of {abs(value).bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a foreign __repr__ may raise anything: the message is still written
        return f"a {type(value).__name__} that cannot be shown"
    text = terminal_text(text, keep_lines=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"
