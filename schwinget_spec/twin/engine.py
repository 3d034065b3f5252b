"""The twin behind the JSON-lines harness protocol at the Gang level: ``python -m schwinget_spec.twin.engine``."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Mapping
from typing import IO, Any

from schwinget_spec.cards import ALL_CARDS, Card
from schwinget_spec.conformance.protocol import GANG_SWITCHES, PROTOCOL_VERSION
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.twin import ENGINE, TwinState, start
from schwinget_spec.twin.codes import SWITCHES, action_of, decode_result, rules_of

__all__ = ["TwinServer", "main", "serve"]

HONOURED: tuple[str, ...] = tuple(name for name in SWITCHES if name in GANG_SWITCHES)
"""The switches ``hello`` declares: the twin's, as far as the harness knows them."""


class BadRequestError(SchwingetError):
    """A request the server cannot read: answered with ``"error": "bad_request"``."""


def _codes(mask: int) -> list[str]:
    return [c.code for c in ALL_CARDS if mask >> c.index & 1]


def _deal(value: Any) -> Deal:
    if not isinstance(value, Mapping):
        raise BadRequestError("deal must be an object")
    try:
        hands = value["hands"]
        return Deal(
            hands=(tuple(Card.parse(c) for c in hands[0]), tuple(Card.parse(c) for c in hands[1])),
            revealed=Card.parse(value["revealed"]),
            face_down=tuple(Card.parse(c) for c in value["face_down"]),
            pile=tuple(Card.parse(c) for c in value["pile"]),
        )
    except (SchwingetError, KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise BadRequestError(f"bad deal: {exc}") from None


def _rules(value: Any) -> Rules | None:
    if value is None:
        return Rules()
    if not isinstance(value, Mapping):
        raise BadRequestError("rules must be an object")
    bits = 0
    defaults = Rules()
    for name in HONOURED:
        if getattr(defaults, name):
            bits |= 1 << SWITCHES.index(name)
    for name, v in value.items():
        if name not in HONOURED or not isinstance(v, bool):
            return None
        bit = 1 << SWITCHES.index(name)
        bits = bits | bit if v else bits & ~bit
    return rules_of(bits)


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
            rules = _rules(request.get("rules"))
            if rules is None:
                return {"ok": False, "error": "unsupported", "message": "unknown rules switch or value"}
            starter = request.get("starter")
            if starter not in ("P0", "P1"):
                raise BadRequestError('starter must be "P0" or "P1"')
            self.gang = start(_deal(request.get("deal")), Player.parse(starter), rules)
            return {"ok": True}
        if cmd not in ("legal", "apply", "state", "result"):
            raise BadRequestError(f"unknown cmd {cmd!r}")
        gang = self.gang
        if gang is None:
            raise BadRequestError("no Gang started")
        if cmd == "legal":
            return {"ok": True, "actions": [_ACTION_CODES[a] for a in gang.legal_actions()]}
        if cmd == "apply":
            return self._apply(gang, request.get("action"))
        if cmd == "state":
            h0, h1 = (_codes(mask) for mask in gang.hands)
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
        return {"ok": True, **_claims(code)}

    def _apply(self, gang: TwinState, action: Any) -> dict[str, Any]:
        if not isinstance(action, str):
            raise BadRequestError("action must be a string")
        try:
            number = action_of(action)
        except KeyError:
            return {"ok": False, "error": "illegal", "clause": "gang.turn", "message": f"unknown action {action!r}"}
        try:
            self.gang = gang.apply(number)
        except IllegalActionError as exc:
            return {"ok": False, "error": "illegal", "clause": exc.clause_id, "message": exc.reason}
        return {"ok": True}


_ACTION_CODES = (*(c.code for c in ALL_CARDS), "A", "L0", "L1")


def _claims(code: int) -> dict[str, Any]:
    result = decode_result(code)

    def seat(player: Player | None) -> str | None:
        return None if player is None else player.code

    angriff = result.angriff
    return {
        "tricks": list(result.tricks),
        "schwuenge": result.schwuenge,
        "outcome": result.outcome.value,
        "winner": seat(result.winner),
        "plattwurf": seat(result.plattwurf),
        "angriff": None if angriff is None else {"player": angriff.player.code, "after_schwung": angriff.after_schwung},
    }


def serve(stdin: IO[str], stdout: IO[str]) -> None:
    """Answer requests from ``stdin`` on ``stdout``, one JSON line each, until ``bye`` or the end of the input."""
    server = TwinServer()
    for line in stdin:
        if not line.strip():
            continue
        request: Any = None
        try:
            request = json.loads(line)
            answer = server.handle(request)
        except (ValueError, BadRequestError, SchwingetError) as exc:
            answer = {"ok": False, "error": "bad_request", "message": str(exc)}
        except Exception:  # every other failure is the engine's, reported as internal
            answer = {"ok": False, "error": "internal", "message": traceback.format_exc()[-2000:]}
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()
        if isinstance(request, Mapping) and request.get("cmd") == "bye":
            return


def main() -> None:
    """Serve the twin on standard input and output."""
    serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
