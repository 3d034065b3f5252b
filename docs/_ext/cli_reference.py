"""The command line's synopsis for the site, read from the click definitions: one row per command with its arguments, its options (two dashes each) and what it does."""

from __future__ import annotations

import html
from collections.abc import Iterator

import click

from schwinget_spec.cli.common import EXIT_CODES as _CLI_EXIT_CODES

__all__ = ["EXIT_CODES", "commands", "synopsis_page"]

EXIT_CODES = _CLI_EXIT_CODES
"""The exit codes every command keeps, as ``schwinget --help`` prints them (``schwinget_spec.cli.common.EXIT_CODES``)."""


def commands(group: click.Command, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    """Every command under ``group`` with its full name (``conformance run``), depth first in the group's order."""
    name = f"{prefix} {group.name}".strip() if prefix or group.name else ""
    if isinstance(group, click.Group):
        for sub in group.list_commands(click.Context(group)):
            cmd = group.get_command(click.Context(group), sub)
            if cmd is not None and not cmd.hidden:
                yield from commands(cmd, name)
    else:
        yield name, group


def _options(cmd: click.Command) -> str:
    parts = []
    for param in cmd.params:
        if isinstance(param, click.Argument):
            parts.append(f"<code>{html.escape(param.human_readable_name)}</code>")
        elif isinstance(param, click.Option) and not param.hidden:
            parts.append(" ".join(f"<code>{html.escape(o)}</code>" for o in param.opts))
    return ", ".join(parts)


def synopsis_page(root: click.Command, prog: str = "schwinget") -> str:
    """The page: the exit codes as a table, then one row per command (command, arguments and options, what it does)."""
    exit_rows = "".join(f"<tr><td><code>{code}</code></td><td>{html.escape(text)}</td></tr>" for code, text in EXIT_CODES)
    rows = []
    for name, cmd in commands(root):
        full = f"{prog} {name.removeprefix(str(root.name or '')).strip()}".strip()
        anchor = "-".join(full.split())
        summary = " ".join((cmd.help or cmd.short_help or "").split("\n\n")[0].split())
        rows.append(
            f'<tr id="syn-{html.escape(anchor)}"><td><code>{html.escape(full)}</code></td>'
            f"<td>{_options(cmd)}</td><td>{html.escape(summary)}</td></tr>"
        )
    return f"""```{{raw}} html
<div class="sw-scroll"><table class="sw-cli-exit sw-table"><thead><tr><th>exit code</th><th>meaning</th></tr></thead>
<tbody>{exit_rows}</tbody></table></div>
```

## Synopsis

Every command with its arguments and options; the full help of each follows.

```{{raw}} html
<div class="sw-scroll"><table class="sw-cli-exit sw-table sw-synopsis"><thead><tr><th>command</th><th>arguments and options</th><th>what it does</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table></div>
```
"""
