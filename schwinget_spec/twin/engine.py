"""The twin behind the JSON-lines harness protocol at the Gang level: ``python -m schwinget_spec.twin.engine``."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import IO, Any

from schwinget_spec.actions import parse_action
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES, PROTOCOL_VERSION
from schwinget_spec.conformance.protocol.reference_server import (
    BadRequestError,
    answer_requests,
    read_deal,
    read_player,
    read_rules,
    serve_until_interrupted,
)
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.trace import result_claims
from schwinget_spec.twin import ENGINE, TwinState, start
from schwinget_spec.twin.codes import ACTION_CODES, SWITCHES, action_of, card_codes, decode_result

__all__ = ["HONOURED", "TwinServer", "main", "serve"]

HONOURED: tuple[str, ...] = tuple(name for name in SWITCHES if name in GANG_SWITCHES)
"""The switches ``hello`` declares: the twin's, as far as the harness knows them."""


class TwinServer:
    """One session of the protocol: the current Gang of the twin."""

    def __init__(self) -> None:
        self.gang: TwinState | None = None

    def handle(self, request: Any) -> dict[str, Any]:
        """The answer to one request (a parsed JSON value)."""
        if not isinstance(request, Mapping):
            raise BadRequestError("a request is a JSON object")
        cmd = request.get("cmd")
        if cmd == "hello":
            return {
                "ok": True,
                "name": f"schwinget-twin ({ENGINE})",
                "version": "1",
                "protocol": PROTOCOL_VERSION,
                "levels": ["gang"],
                "switches": list(HONOURED),
            }
        if cmd == "bye":
            return {"ok": True}
        if cmd == "start":
            # the reference server's reading of the fields, in its order
            rules = read_rules(request.get("rules"), HONOURED)
            if rules is None:
                return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
            deal = read_deal(request.get("deal"))
            self.gang = start(deal, read_player(request.get("starter"), "starter"), rules)
            return {"ok": True}
        if cmd not in ("legal", "apply", "state", "result"):
            raise BadRequestError(f"unknown cmd {cmd!r}")
        gang = self.gang
        if gang is None:
            raise BadRequestError("no Gang started")
        if cmd == "legal":
            return {"ok": True, "actions": [ACTION_CODES[a] for a in gang.legal_actions()]}
        if cmd == "apply":
            return self._apply(gang, request.get("action"))
        if cmd == "state":
            h0, h1 = (list(card_codes(mask)) for mask in gang.hands)
            to_move = gang.to_move
            return {
                "ok": True,
                "to_move": None if to_move is None else f"P{to_move}",
                "tricks": list(gang.tricks),
                "pile_size": gang.pile_size,
                "hand_sizes": [len(h0), len(h1)],
                "is_over": gang.is_over,
                "hands": [h0, h1],
            }
        code = gang.result_code
        if code is None:
            return {"ok": False, "error": "not_over", "message": "the Gang is not over"}
        return {"ok": True, **result_claims(decode_result(code))}

    def _apply(self, gang: TwinState, action: Any) -> dict[str, Any]:
        if not isinstance(action, str):
            raise BadRequestError("action must be a string")
        # a code that names no action is the reference's ParseError, answered bad_request
        number = action_of(parse_action(action).code)
        try:
            self.gang = gang.apply(number)
        except IllegalActionError as exc:
            return {"ok": False, "error": "illegal", "clause": exc.clause_id, "message": exc.reason}
        return {"ok": True}


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
    """Answer requests from ``stdin`` on ``stdout`` (by default the process's own), one JSON line each, until ``bye`` or the end of the input.

    The reading is the reference server's (``reference_server.answer_requests``): a line
    that is not JSON, not UTF-8, nested too deeply or too long is answered
    ``bad_request``, and so is a request whose fields do not read.
    """
    answer_requests(TwinServer().handle, stdin, stdout)


_USAGE = "usage: python -m schwinget_spec.twin.engine"


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the twin on standard input and output; ``--help`` prints the usage (exit 0), any other argument is a usage error (exit 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        sys.stdout.write(f"{_USAGE}\n\n{__doc__}\n")
        return
    if args:
        sys.stderr.write(f"{_USAGE}\nerror: unexpected arguments {args!r}\n")
        sys.exit(2)
    serve_until_interrupted(serve)


if __name__ == "__main__":
    main()
