"""Playing one Gang through an adapter in lock step with the reference, stopping at the first difference."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from schwinget_spec.cards import Card, Colour
from schwinget_spec.conformance.harness.divergence_clauses import (
    Answered,
    allowing_clause,
    deal_clause,
    end_clause,
    legal_actions_clause,
    pile_clause,
    result_clause,
    special_witness,
    state_clause,
    trump_candidates_of_answers,
    trump_candidates_of_schwung,
    trump_witness,
)
from schwinget_spec.conformance.harness.games import GameSpec, Policy, script_policy
from schwinget_spec.conformance.harness.report import Divergence, DivergenceKind
from schwinget_spec.conformance.protocol.adapter import GangAdapter
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES, ProtocolError
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.trace import end_claims

__all__ = ["DivergenceError", "EndClaimsAdapter", "LockstepGame", "PlayCounts"]


def _json(value: Any) -> str:
    """A value of a state or result as the protocol writes it (``null``, ``"P1"``, ``[6, 4]``), so that a report never mixes Python's ``None`` with JSON's ``null``."""
    return json.dumps(value, ensure_ascii=False, default=str)


@runtime_checkable
class EndClaimsAdapter(Protocol):
    """An adapter that also reports the whole end of a Gang in the shape of ``trace.end_claims``.

    The harness then compares every end field (``schwuenge`` and ``angriff`` too), not
    only the ``ResultReport`` of ``GangAdapter``. ``SubprocessAdapter`` has it.
    """

    def end_claims(self, state: Any) -> Mapping[str, Any] | None:
        """The end claims once the Gang is over; None before."""
        ...


class DivergenceError(Exception):
    """Raised by ``LockstepGame.play`` at the first difference; carries the ``Divergence``."""

    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


@attrs.define
class PlayCounts:
    """The actions offered in a run, and how many of them were illegal."""

    actions: int = 0
    illegal: int = 0


class LockstepGame:
    """One Gang played through an adapter beside the reference; raises ``DivergenceError`` at the first difference."""

    def __init__(self, adapter: GangAdapter[Any], spec: GameSpec, counts: PlayCounts, *, read_deal: bool = True) -> None:
        self.adapter = adapter
        self.spec = spec
        self.counts = counts
        self.read_deal = read_deal
        """Whether a difference is first checked for a misread deal (off for the witness game that checks it)."""
        self.actions: list[str] = []
        self.answered: list[Answered] = []
        """The Schwünge answered so far: the reference state before each answer, and the answer."""
        self.refused: list[str] = []
        """The clause ids that forbid the offers the implementation refused."""
        self.final: GangState | None = None
        """The reference state where play stopped, once ``play`` returned."""

    def _found(self, kind: DivergenceKind, message: str, **fields: Any) -> DivergenceError:
        return DivergenceError(
            Divergence(
                kind=kind,
                message=message,
                source=self.spec.source,
                deal=self.spec.deal,
                starter=self.spec.starter,
                rules=self.spec.rules,
                actions=tuple(self.actions),
                step=len(self.actions) - 1 if self.actions else None,
                deal_seed=self.spec.deal_seed,
                original_length=len(self.actions),
                start_switches=getattr(getattr(self.adapter, "client", None), "start_switches", GANG_SWITCHES),
                **fields,
            )
        )

    def _protocol(self, exc: ProtocolError) -> DivergenceError:
        return self._found(DivergenceKind.PROTOCOL, exc.reason, field=exc.kind, stderr=exc.stderr)

    def _compare(self, state: Any, ref: GangState, before: GangState | None, action: str | None, refused: bool) -> None:
        adapter = self.adapter
        after_what = (
            "at the start"
            if action is None
            else f"after refusing {action}"
            if refused
            else f"after {action}"
        )
        try:
            impl_to_move = adapter.to_move(state)
            impl_state = {
                "to_move": None if impl_to_move is None else Player(impl_to_move).code,
                "tricks": list(adapter.tricks(state)),
                "pile_size": adapter.pile_size(state),
                "hands": [sorted(adapter.hand(state, 0), key=_card_order), sorted(adapter.hand(state, 1), key=_card_order)],
            }
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        ref_state = {
            "to_move": None if ref.is_over else ref.to_move.code,
            "tricks": list(ref.tricks),
            "pile_size": ref.pile_size,
            "hands": [[c.code for c in ref.hand(Player.P0)], [c.code for c in ref.hand(Player.P1)]],
        }
        for name, expected in ref_state.items():
            actual = impl_state[name]
            if actual != expected:
                if refused:
                    error = ref.why_illegal(action or "")
                    clause = None if error is None else error.clause_id
                elif before is None:
                    clause = state_clause(name, ref, None, ref, impl_to_move is None)
                else:
                    clause = self._deal_view(name, before, action or "", ref, impl_state) or state_clause(
                        name, before, action, ref, impl_to_move is None, impl=impl_state
                    )
                raise self._found(
                    DivergenceKind.WRONG_STATE,
                    f"{after_what}, {name} is {_json(actual)}; the reference has {_json(expected)}",
                    field=name,
                    expected=expected,
                    actual=actual,
                    clause_id=clause,
                )
        try:
            offered = list(adapter.legal_actions(state))
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        reference = [a.code for a in ref.legal_actions()]
        if len(set(offered)) != len(offered) or set(offered) != set(reference):
            extra = sorted(set(offered) - set(reference), key=_action_order)
            missing = sorted(set(reference) - set(offered), key=_action_order)
            parts = []
            if extra:
                parts.append(f"offers {' '.join(extra)}, which the rules forbid")
            if missing:
                parts.append(f"does not offer {' '.join(missing)}, which the rules allow")
            if not parts:
                parts.append("lists an action twice")
            raise self._found(
                DivergenceKind.WRONG_LEGAL_ACTIONS,
                f"{after_what}, the implementation " + " and ".join(parts),
                field="legal_actions",
                expected=sorted(reference, key=_action_order),
                actual=sorted(offered, key=_action_order),
                clause_id=self._trump_read(trump_candidates_of_answers(ref, offered, self.answered), ref)
                or self._special_read(legal_actions_clause(ref, extra, missing), missing),
            )
        if not ref.is_over or refused:
            return
        try:
            if isinstance(adapter, EndClaimsAdapter):
                claims = adapter.end_claims(state)
                actual_end = None if claims is None else dict(claims)
            else:
                report = adapter.result(state)
                actual_end = None if report is None else _report_claims(report)
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        expected_end = end_claims(ref)
        if actual_end is None:
            raise self._found(
                DivergenceKind.WRONG_RESULT,
                f"{after_what}, the Gang is over but the implementation reports no result",
                field="result",
                expected=expected_end,
                actual=None,
                clause_id=end_clause(ref),
            )
        for name, expected in expected_end.items():
            if name not in actual_end:
                continue
            if actual_end[name] != expected:
                raise self._found(
                    DivergenceKind.WRONG_RESULT,
                    f"the result's {name} is {_json(actual_end[name])}; the reference has {_json(expected)}",
                    field=name,
                    expected=expected,
                    actual=actual_end[name],
                    clause_id=result_clause(name, expected_end, actual_end, ref),
                )

    def _deal_view(self, name: str, before: GangState, action: str, after: GangState, impl: Mapping[str, Any]) -> str | None:
        """The deal's clause when the engine's state after ``action`` shows another trump or another card of the pile."""
        if name in ("to_move", "tricks"):
            candidates = trump_candidates_of_schwung(before, action, _seat(impl["to_move"]), impl["tricks"], self.answered)
            return self._trump_read(candidates, before)
        if not self.read_deal:
            return None
        if name == "hands":
            return pile_clause(before, action, after, impl["hands"])
        return None

    def _special_read(self, clause: str, missing: Sequence[str]) -> str:
        """``clause``, unless it blames a special card held back from a hand holding the led colour and a witness shows the engine refuses that card from a void hand too: then ``schwung.answer``.

        The witness (``special_witness``) is a fresh Gang on the same deal, played to where
        the card may answer from a hand void of the led colour, and the engine is asked for
        its answers there (the Gang in play has diverged already).
        """
        if clause != "cards.special" or not self.read_deal:
            return clause
        spec = self.spec
        for code in missing:
            witness = special_witness(spec.deal, spec.starter, spec.rules, code)
            if witness is None:
                continue
            try:
                state = self.adapter.start(spec.deal, spec.starter, spec.rules)
                for action in witness:
                    state = self.adapter.apply(state, action)
                if code not in set(self.adapter.legal_actions(state)):
                    return "schwung.answer"
            except (ProtocolError, SchwingetError):
                # the engine refused or failed on the way: the witness tells nothing
                return clause
        return clause

    def _trump_read(self, candidates: Sequence[Colour | None], state: GangState) -> str | None:
        """The deal's clause if the engine plays a witness Schwung as one of the other trumps ``candidates`` would, else None.

        The witness (``trump_witness``) is a fresh Gang on the same deal, played against the
        same engine (the Gang in play is given up: it has diverged already). Another trump
        colour that explains the difference is evidence enough when no witness exists (a
        bug of the rules seldom mimics exactly another colour's trumps); no trump at all is
        also what forgetting ``trump.anytime`` looks like, so it needs its witness.
        """
        if not self.read_deal:
            return None
        spec = self.spec
        for trump in candidates:
            witness = trump_witness(spec.deal, spec.starter, spec.rules, trump)
            if witness is None:
                if trump is not None:
                    return deal_clause(state)
                continue
            game = LockstepGame(self.adapter, attrs.evolve(spec, actions=witness), PlayCounts(), read_deal=False)
            try:
                game.play(script_policy(witness))
            except DivergenceError as found:
                d = found.divergence
                if d.kind is DivergenceKind.WRONG_STATE and d.field in ("to_move", "tricks") and d.step == len(witness) - 1:
                    return deal_clause(state)
        return None

    def play(self, policy: Policy) -> None:
        """Play the Gang with the actions ``policy`` chooses until it stops; raises ``DivergenceError`` at the first difference."""
        spec = self.spec
        ref = start_gang(spec.deal, spec.starter, spec.rules)
        try:
            state = self.adapter.start(spec.deal, spec.starter, spec.rules)
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        self._compare(state, ref, None, None, refused=False)
        while True:
            code = policy(ref, len(self.actions))
            if code is None:
                self.final = ref
                return
            error = ref.why_illegal(code)
            self.actions.append(code)
            self.counts.actions += 1
            if error is None:
                before = ref
                ref = ref.apply(code)
                try:
                    state = self.adapter.apply(state, code)
                except ProtocolError as exc:
                    raise self._protocol(exc) from None
                except Exception as exc:
                    raise self._found(
                        DivergenceKind.REFUSED_LEGAL,
                        f"the implementation refused {code}, which the rules allow here: {exc}",
                        field="action",
                        expected="accepted",
                        actual="refused",
                        clause_id=allowing_clause(before, code),
                    ) from None
                self._compare(state, ref, before, code, refused=False)
                if before.phase is Phase.ANSWER:
                    self.answered.append((before, code))
            else:
                self.counts.illegal += 1
                try:
                    self.adapter.apply(state, code)
                except ProtocolError as exc:
                    raise self._protocol(exc) from None
                except Exception:
                    self._compare(state, ref, None, code, refused=True)
                    self.actions.pop()
                    if error.clause_id:
                        self.refused.append(error.clause_id)
                    continue
                raise self._found(
                    DivergenceKind.ACCEPTED_ILLEGAL,
                    f"the implementation accepted {code}, which the rules forbid here: {error.reason}",
                    field="action",
                    expected="refused",
                    actual="accepted",
                    clause_id=error.clause_id,
                )


def _seat(code: Any) -> int | None:
    return None if code is None else int(str(code)[1])


def _card_order(code: str) -> int:
    try:
        return Card.parse(code).value
    except SchwingetError:
        return 99


def _action_order(code: str) -> int:
    order = {"A": -1, "L0": 30, "L1": 31}
    return order[code] if code in order else _card_order(code)


def _report_claims(report: Any) -> dict[str, Any]:
    def seat(value: int | None) -> str | None:
        return None if value is None else f"P{value}"

    return {
        "tricks": list(report.tricks),
        "outcome": report.outcome,
        "winner": seat(report.winner),
        "plattwurf": seat(report.plattwurf),
    }
