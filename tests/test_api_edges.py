"""Bad arguments at every public constructor and function: always a SchwingetError naming the parameter, never a raw Python error from deep inside, never a silent wrong result."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from builders import Misuse

import schwinget_spec
from schwinget_spec import (
    Card,
    ChooseLeader,
    Colour,
    Deal,
    GangState,
    Meeting,
    PlayCard,
    Player,
    Points,
    Rules,
    Schedule,
    SchwingetError,
    ScoringSystem,
    TableRow,
    choose_leader,
    compute_gang_score,
    get_clause,
    make_schedule,
    parse_action,
    parse_cards,
    play,
    play_match,
    play_match_deals,
    play_schwingfest,
    start_gang,
    start_match,
    start_schwingfest,
    view_of,
)
from schwinget_spec.bots import HeuristicBot
from schwinget_spec.errors import InvalidArgumentError, ParseError, UnknownClauseError
from schwinget_spec.gang import check_result
from schwinget_spec.match import (
    MatchLength,
    first_legal,
    gang_seeds,
    play_out,
    random_chooser,
    rules_difference,
)
from schwinget_spec.players import as_player
from schwinget_spec.scoring import as_system
from schwinget_spec.support.safe_text import shown

S, PW = ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG
DEAL = Deal.shuffled(7)
STATE = start_gang(DEAL, Player.P0)
OVER = play_out(start_gang(Deal.shuffled(8), Player.P0), first_legal)
RESULT = OVER.result
MATCH = start_match(S, MatchLength.SHORT, Player.P0)
FEST = start_schwingfest(("Anna", "Beat", "Chris"), S)
MEETING = FEST.schedule.meetings[0]
FEST_GANG = play_out(FEST.start_meeting(MEETING, DEAL), first_legal)
SCORE = compute_gang_score(RESULT, S)


HUGE = 10**5000
"""An int of more digits than Python turns into text (its repr raises ValueError)."""


def _deal_kw(**change: Any) -> dict[str, Any]:
    kw: dict[str, Any] = {"hands": DEAL.hands, "revealed": DEAL.revealed, "face_down": DEAL.face_down, "pile": DEAL.pile}
    kw.update(change)
    return kw


MISUSES = [
    # the reproducers of issue 16, one per class of misuse
    Misuse("PlayCard('G3')", lambda: PlayCard("G3"), InvalidArgumentError, "card"),  # type: ignore[arg-type]
    Misuse("PlayCard(None)", lambda: PlayCard(None), InvalidArgumentError, "card"),  # type: ignore[arg-type]
    Misuse("ChooseLeader(2)", lambda: ChooseLeader(2), InvalidArgumentError, "player"),
    Misuse("apply(None)", lambda: STATE.apply(None), InvalidArgumentError, "action"),  # type: ignore[arg-type]
    Misuse("apply(5)", lambda: STATE.apply(5), InvalidArgumentError, "action"),  # type: ignore[arg-type]
    Misuse("parse_action(None)", lambda: parse_action(None), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("Card.parse(5)", lambda: Card.parse(5), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("Points.parse(None)", lambda: Points.parse(None, PW), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("Points.parse('٩')", lambda: Points.parse("٩", PW), ParseError, "points"),
    Misuse("Deal(hands=None)", lambda: Deal(**_deal_kw(hands=None)), schwinget_spec.InvalidDealError, "hands"),
    Misuse("start_gang(deal, 'P0')", lambda: start_gang(DEAL, "P0"), InvalidArgumentError, "starter"),  # type: ignore[arg-type]
    Misuse("state.view(2)", lambda: STATE.view(2), InvalidArgumentError, "player"),  # type: ignore[arg-type]
    Misuse("get_clause('nope')", lambda: get_clause("nope"), UnknownClauseError, "nope"),
    Misuse("fest.apply_gang(m, None)", lambda: FEST.apply_gang(MEETING, None), InvalidArgumentError, "gang"),  # type: ignore[arg-type]
    Misuse(
        "Rules(special_cards_follow_colour='yes')",
        lambda: Rules(special_cards_follow_colour="yes"),  # type: ignore[arg-type]
        InvalidArgumentError,
        "special_cards_follow_colour",
    ),
    Misuse("start_gang(rules='x')", lambda: start_gang(DEAL, Player.P0, "x"), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("start_match(rules='x')", lambda: start_match(S, 4, 0, "x"), InvalidArgumentError, "rules"),  # type: ignore[arg-type]
    Misuse("compute_gang_score(result, 5)", lambda: compute_gang_score(RESULT, 5), InvalidArgumentError, "system"),  # type: ignore[arg-type]
    # more of the same classes
    Misuse("Card.of(colour, 1.5)", lambda: Card.of(Colour.RED, 1.5), InvalidArgumentError, "value"),  # type: ignore[arg-type]
    Misuse("Colour.parse(None)", lambda: Colour.parse(None), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("parse_cards(None)", lambda: parse_cards(None), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("play('G3')", lambda: play("G3"), InvalidArgumentError, "card"),  # type: ignore[arg-type]
    Misuse("choose_leader(True)", lambda: choose_leader(True), InvalidArgumentError, "player"),  # type: ignore[arg-type]
    Misuse("Deal.shuffled(3.0)", lambda: Deal.shuffled(3.0), ParseError, "seed"),  # type: ignore[arg-type]
    Misuse("Deal(revealed='G3')", lambda: Deal(**_deal_kw(revealed="G3")), schwinget_spec.InvalidDealError, "revealed"),
    Misuse("Deal.from_deck(None)", lambda: Deal.from_deck(None), schwinget_spec.InvalidDealError, "deck"),  # type: ignore[arg-type]
    Misuse("deal.hand(2)", lambda: DEAL.hand(2), InvalidArgumentError, "player"),  # type: ignore[arg-type]
    Misuse("view_of(state, None)", lambda: view_of(STATE, None), InvalidArgumentError, "player"),  # type: ignore[arg-type]
    Misuse("start_gang(None, P0)", lambda: start_gang(None, Player.P0), InvalidArgumentError, "deal"),  # type: ignore[arg-type]
    Misuse("start_match(length=5)", lambda: start_match(S, 5, 0), InvalidArgumentError, "length"),  # type: ignore[arg-type]
    Misuse("start_match(younger='P1')", lambda: start_match(S, 4, "P1"), InvalidArgumentError, "younger"),  # type: ignore[arg-type]
    Misuse("start_match(system=None)", lambda: start_match(None, 4, 0), InvalidArgumentError, "system"),  # type: ignore[arg-type]
    Misuse("match.apply_gang(None)", lambda: MATCH.apply_gang(None), InvalidArgumentError, "gang"),  # type: ignore[arg-type]
    Misuse("match.apply_result(gang)", lambda: MATCH.apply_result(OVER), InvalidArgumentError, "result"),  # type: ignore[arg-type]
    Misuse("fest.apply_result(m, None)", lambda: FEST.apply_result(MEETING, None), InvalidArgumentError, "result"),  # type: ignore[arg-type]
    Misuse("play_match_deals(None)", lambda: play_match_deals(None, S, 0, players=(HeuristicBot(), HeuristicBot())), InvalidArgumentError, "deals"),  # type: ignore[arg-type]
    Misuse("Rules(fest_starter='x')", lambda: Rules(fest_starter="x"), InvalidArgumentError, "fest_starter"),  # type: ignore[arg-type]
    Misuse("Meeting(1.0, 2, 1)", lambda: Meeting(1.0, 2, 1), InvalidArgumentError, "a"),  # type: ignore[arg-type]
    Misuse("Meeting(2, 1, 1)", lambda: Meeting(2, 1, 1), InvalidArgumentError, "b"),
    Misuse("meeting.seat(1.0)", lambda: MEETING.seat(1.0), InvalidArgumentError, "schwinger"),  # type: ignore[arg-type]
    Misuse("fest.apply_gang('0-1', gang)", lambda: FEST.apply_gang("0-1", FEST_GANG), InvalidArgumentError, "meeting"),  # type: ignore[arg-type]
    Misuse("start_schwingfest(None)", lambda: start_schwingfest(None, S), InvalidArgumentError, "names"),  # type: ignore[arg-type]
    Misuse("start_schwingfest([1, 2, 3])", lambda: start_schwingfest([1, 2, 3], S), InvalidArgumentError, "names[0]"),  # type: ignore[list-item]
    Misuse("Points(PW, 1.5)", lambda: Points(PW, 1.5), InvalidArgumentError, "hundredths"),  # type: ignore[arg-type]
    Misuse("Points('p', 100)", lambda: Points("p", 100), InvalidArgumentError, "system"),  # type: ignore[arg-type]
    Misuse("Points.total(S, [1])", lambda: Points.total(S, [1]), InvalidArgumentError, "items"),  # type: ignore[list-item]
    Misuse("Points < 5", lambda: Points.zero(S) < 5, InvalidArgumentError, "other"),  # type: ignore[operator]
    Misuse("TableRow.for_outcome(None)", lambda: TableRow.for_outcome(None), InvalidArgumentError, "outcome"),  # type: ignore[arg-type]
    Misuse("score.points_of(2)", lambda: SCORE.points_of(2), InvalidArgumentError, "player"),  # type: ignore[arg-type]
    Misuse("ScoringSystem.parse(None)", lambda: ScoringSystem.parse(None), InvalidArgumentError, "text"),  # type: ignore[arg-type]
    Misuse("gang_seeds(1, 'x')", lambda: gang_seeds(1, "x"), InvalidArgumentError, "count"),  # type: ignore[arg-type]
    Misuse("play_out(state, None)", lambda: play_out(STATE, None), InvalidArgumentError, "choose"),  # type: ignore[arg-type]
    Misuse("rules_difference(None, Rules())", lambda: rules_difference(None, Rules()), InvalidArgumentError, "played"),  # type: ignore[arg-type]
    # the reproducers of issue 30: enormous numbers (more digits than Python turns into text) and impossible results
    Misuse("Deal.shuffled(10**5000)", lambda: Deal.shuffled(HUGE), ParseError, "seed"),
    Misuse("Card.from_index(10**5000)", lambda: Card.from_index(HUGE), ParseError, "index"),
    Misuse("Player(10**5000)", lambda: Player(HUGE), InvalidArgumentError, "value"),
    Misuse("Player(2)", lambda: Player(2), InvalidArgumentError, "value"),
    Misuse("Points(S, 10**5000)", lambda: Points(S, HUGE), InvalidArgumentError, "hundredths"),
    Misuse("Points(S, 2**63)", lambda: Points(S, 2**63), InvalidArgumentError, "hundredths"),
    Misuse("start_schwingfest(sets=10**5000)", lambda: start_schwingfest(("A", "B", "C"), S, HUGE), InvalidArgumentError, "sets"),
    Misuse("make_schedule(10**5000, 1)", lambda: make_schedule(HUGE, 1), schwinget_spec.SchwingfestError, "players"),
    Misuse("gang_seeds(1, 10**5000)", lambda: gang_seeds(1, HUGE), InvalidArgumentError, "count"),
    Misuse(
        "match.apply_result(tricks 10**5000:0)",
        lambda: MATCH.apply_result(attrs.evolve(RESULT, tricks=(HUGE, 0))),
        InvalidArgumentError,
        "result.tricks",
    ),
    Misuse(
        "fest.apply_result(schwuenge 10**5000)",
        lambda: FEST.apply_result(MEETING, attrs.evolve(RESULT, schwuenge=HUGE)),
        InvalidArgumentError,
        "result.schwuenge",
    ),
    Misuse("Rules(bogus=1)", lambda: Rules(bogus=1), InvalidArgumentError, "bogus"),  # type: ignore[call-arg]
]


@pytest.mark.parametrize("misuse", MISUSES, ids=[m.label for m in MISUSES])
def test_each_misuse_raises_a_library_error_naming_the_parameter(misuse: Misuse) -> None:
    """Each reproducer raises its SchwingetError subclass, and the message (and ``parameter``) names the parameter."""
    with pytest.raises(SchwingetError) as info:
        misuse.call()
    assert isinstance(info.value, misuse.error), repr(info.value)
    assert misuse.parameter in str(info.value)
    if isinstance(info.value, InvalidArgumentError):
        assert info.value.parameter == misuse.parameter
        assert isinstance(info.value, TypeError)
        assert isinstance(info.value, ValueError)


def test_unknown_clause_is_also_a_key_error() -> None:
    """``get_clause`` of an unknown id is a library error and still a KeyError, as before."""
    with pytest.raises(KeyError):
        get_clause("nope")


@pytest.mark.clause("scoring.choose_system", "table.sieg_ohne_angriff", "table.sieg_mit_angriff")
def test_a_system_given_by_name_scores_under_that_system() -> None:
    """``compute_gang_score(result, "schwingerwertung")`` gives Schwingerwertung points, never the other system's."""
    for system in ScoringSystem:
        for name in (system.value, system.value.upper(), system.value[0]):
            assert compute_gang_score(RESULT, name) == compute_gang_score(RESULT, system)  # type: ignore[arg-type]
    assert as_system("schwingerwertung") is S
    with pytest.raises(ParseError):
        compute_gang_score(RESULT, "schwingerwert")  # type: ignore[arg-type]


def test_points_read_only_ascii_digits() -> None:
    """Digits of other scripts (Arabic-Indic ٩, fullwidth ９, superscript ²) are not points."""
    for text in ("٩", "９", "²", "1.٥0", "7.0０"):
        with pytest.raises(ParseError):
            Points.parse(text, S)
    assert Points.parse("9.75", S).hundredths == 975


# -- every public callable, fed bad values in each argument

BAD_VALUES: tuple[Any, ...] = (
    None, True, -1, 2, 10**30, 10**5000, -(10**5000), 1.5, 3.0, -0.0, math.nan, "x", "", "P0", "G3", b"G3", [], (), {},
    object(), Card.G3, Player.P1, S, [None], ("a", "b"),
)
"""Values of every JSON and Python kind a careless caller passes, ints of more digits than Python turns into text included."""

CALLS: dict[str, tuple[Callable[..., object], tuple[Any, ...]]] = {
    "Card.parse": (Card.parse, ("G3",)),
    "Card.of": (Card.of, (Colour.RED, 3)),
    "Card.from_index": (Card.from_index, (3,)),
    "Colour.parse": (Colour.parse, ("G",)),
    "parse_cards": (parse_cards, ("G3 KR",)),
    "PlayCard": (PlayCard, (Card.G3,)),
    "ChooseLeader": (ChooseLeader, (Player.P0,)),
    "play": (play, (Card.G3,)),
    "choose_leader": (choose_leader, (Player.P0,)),
    "parse_action": (parse_action, ("G3",)),
    "Player.parse": (Player.parse, ("P0",)),
    "as_player": (as_player, (Player.P0, "player")),
    "get_clause": (get_clause, ("deal.hands",)),
    "Deal": (Deal, (DEAL.hands, DEAL.revealed, DEAL.face_down, DEAL.pile)),
    "Deal.shuffled": (Deal.shuffled, (7,)),
    "Deal.from_deck": (Deal.from_deck, (DEAL.deck,)),
    "Deal.hand": (DEAL.hand, (Player.P0,)),
    "start_gang": (start_gang, (DEAL, Player.P0, None)),
    "GangState.apply": (STATE.apply, (STATE.legal_actions()[0],)),
    "GangState.why_illegal": (STATE.why_illegal, (STATE.legal_actions()[0],)),
    "GangState.view": (STATE.view, (Player.P0,)),
    "GangState.hand": (STATE.hand, (Player.P0,)),
    "view_of": (view_of, (STATE, Player.P0)),
    "first_legal": (first_legal, (STATE,)),
    "play_out": (play_out, (STATE, first_legal)),
    "gang_seeds": (gang_seeds, (1, 4)),
    "random_chooser": (random_chooser, (1,)),
    "rules_difference": (rules_difference, (Rules(), Rules())),
    "Rules": (Rules, (False, True, True, True, False, True, "younger", "draw", "alternate", "shared")),
    "ScoringSystem.parse": (ScoringSystem.parse, ("s",)),
    "as_system": (as_system, (S,)),
    "Points": (Points, (S, 975)),
    "Points.parse": (Points.parse, ("9.75", S)),
    "Points.zero": (Points.zero, (S,)),
    "Points.total": (Points.total, (S, [Points(S, 100)])),
    "TableRow.for_outcome": (TableRow.for_outcome, (RESULT.outcome,)),
    "compute_gang_score": (compute_gang_score, (RESULT, S, None)),
    "GangScore.points_of": (SCORE.points_of, (Player.P0,)),
    "start_match": (start_match, (S, MatchLength.SHORT, Player.P0, None)),
    "play_match": (play_match, (5, S, MatchLength.SHORT, Player.P0)),
    "play_match_deals": (lambda deals, system, younger, players: play_match_deals(deals, system, younger, players=players),
                         ([Deal.shuffled(i) for i in range(4)], S, Player.P0, (HeuristicBot(), HeuristicBot()))),
    "MatchState.apply_gang": (MATCH.apply_gang, (OVER,)),
    "MatchState.apply_result": (MATCH.apply_result, (RESULT,)),
    "MatchState.start_next_gang": (MATCH.start_next_gang, (DEAL,)),
    "MatchState.play_deal": (lambda deal, players: MATCH.play_deal(deal, players=players), (DEAL, (HeuristicBot(), HeuristicBot()))),
    "MatchState.play_seed": (lambda seed, players: MATCH.play_seed(seed, players=players), (3, (HeuristicBot(), HeuristicBot()))),
    "Meeting": (Meeting, (0, 1, 1)),
    "Meeting.seat": (MEETING.seat, (MEETING.a,)),
    "Meeting.schwinger": (MEETING.schwinger, (Player.P0,)),
    "Schedule": (Schedule, (3, 1, FEST.schedule.rounds)),
    "Schedule.round_of": (FEST.schedule.round_of, (MEETING,)),
    "make_schedule": (make_schedule, (3, 1)),
    "start_schwingfest": (start_schwingfest, (("Anna", "Beat", "Chris"), S, 1, None)),
    "play_schwingfest": (play_schwingfest, (("Anna", "Beat", "Chris"), 4, S, 1)),
    "SchwingfestState.apply_gang": (FEST.apply_gang, (MEETING, FEST_GANG)),
    "SchwingfestState.apply_result": (FEST.apply_result, (MEETING, RESULT)),
    "check_result": (check_result, (RESULT, "result")),
    "SchwingfestState.start_meeting": (FEST.start_meeting, (MEETING, DEAL)),
    "SchwingfestState.play_seed": (lambda meeting, seed, players: FEST.play_seed(meeting, seed, players=players),
                                   (MEETING, 3, (HeuristicBot(), HeuristicBot()))),
    "SchwingfestState.starter_of": (FEST.starter_of, (MEETING,)),
    "SchwingfestState.gang_of": (FEST.gang_of, (MEETING,)),
}
"""Every public constructor and function of the rules, with valid arguments to start from."""

EXEMPT: dict[str, str] = {
    "GangState": "the state record, built by start_gang and apply only: checking its fields would slow apply",
    "Angriff": "a record the library builds inside a GangState",
    "SchwungRecord": "a record the library builds inside a GangState",
    "GangResult": "a record the library builds from a finished Gang",
    "PlayerView": "a record the library builds in GangState.view",
    "MatchGang": "a record the library builds in MatchState.apply_gang",
    "MatchResult": "a record the library builds in MatchState.result",
    "Standing": "a record the library builds in SchwingfestState.standings",
    "GangScore": "a record the library builds in compute_gang_score",
    "Clause": "a record of the clause registry",
    "StartAngriff": "takes no argument",
}
"""Public names whose constructors take no check, and why."""

_ENUMS = {"Colour", "Player", "Phase", "Outcome", "ScoringSystem", "TableRow", "MatchLength", "Card"}
"""Enums: looking one up by value (``Colour(9)``) is Python's own, a ValueError (``Player(2)`` is InvalidArgumentError, also a ValueError); the parse functions read codes."""


def test_every_public_callable_is_in_the_table() -> None:
    """Each class and function that ``schwinget_spec`` exports is fed bad values below, is exempt with a reason, or is an enum."""
    covered = {name.split(".")[0] for name in CALLS} | set(EXEMPT) | _ENUMS
    callables = {
        name
        for name in schwinget_spec.__all__
        if callable(getattr(schwinget_spec, name))
        and not (isinstance(getattr(schwinget_spec, name), type) and issubclass(getattr(schwinget_spec, name), Exception))
    }
    assert sorted(callables - covered) == []


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_values_in_any_argument_give_a_library_error(name: str) -> None:
    """Each argument of each public callable, replaced by each bad value, gives a result or a SchwingetError, never another exception."""
    function, args = CALLS[name]
    function(*args)
    for position in range(len(args)):
        for bad in BAD_VALUES:
            changed = (*args[:position], bad, *args[position + 1 :])
            try:
                function(*changed)
            except SchwingetError:
                pass
            except Exception as exc:  # pragma: no cover - the failure message names the call
                pytest.fail(f"{name} with argument {position} = {shown(bad)} raised {type(exc).__name__}: {exc}")


def test_a_refused_argument_leaves_the_value_unchanged() -> None:
    """A refused argument leaves the state, match and fest it was given to as they were."""
    before = (STATE, MATCH, FEST)
    nothing: Any = None
    for call in (lambda: STATE.apply(nothing), lambda: MATCH.apply_gang(nothing), lambda: FEST.apply_gang(MEETING, nothing)):
        with pytest.raises(SchwingetError):
            call()
    assert before == (STATE, MATCH, FEST)
    assert isinstance(STATE, GangState)
