"""The symbolic model of one Gang in Z3: a symbolic deal, symbolic choices at every Schwung, and the rules as constraints tagged with their clause ids."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.rules import Rules

__all__ = [
    "CARD_BITS",
    "DEFINITION_CLAUSES",
    "MASK_BITS",
    "MAX_SCHWUENGE",
    "MODELLED_SWITCHES",
    "GangModel",
    "card_colour",
    "is_six",
    "rules_from",
    "unmodelled_switches",
]

CARD_BITS = 5
"""Width of a card index (0-25): PROOFS.md measured bit-vectors far faster than integers."""
MASK_BITS = 32
"""Width of a hand mask: bit i set when the hand holds the card of index i."""
MAX_SCHWUENGE = 11
"""The longest Gang: 5 + 12 / 2 = 11 Schwünge without an Angriff (``gang.end_no_angriff``)."""
COUNT_BITS = 5
"""Width of trick counters and the Gang length: room for 11 and more, so a broken model cannot wrap around."""
NO_COLOUR = 4
"""The colour code of the two special cards, and of 'no trump' (``deal.no_trump``)."""
KR = 24
BK = 25
PILE_START = 14
"""Deck position of the first pile card (``deal.pile``); 10 is the revealed card, 11-13 face down."""
DRAWING_SCHWUENGE = 6
"""Schwünge 0-5 draw while the pile is not locked: 12 pile cards, two per Schwung."""
LAST_ANGRIFF = 5
"""The last Schwung (0-based) before which an Angriff may start: afterwards the pile is used up."""

MODELLED_SWITCHES: tuple[str, ...] = (
    "konter_beats_trump_six",
    "konter_loses_to_kampfrichter",
    "special_cards_follow_colour",
    "void_kampfrichter_neutralises",
    "void_konter_beats_six",
)
"""The ``Rules`` fields this model encodes as symbolic Bool parameters of a Gang."""


def rules_from(values: dict[str, bool]) -> Rules:
    """The default ``Rules`` with the modelled switches set to ``values``."""
    changes: dict[str, object] = dict(values)
    return attrs.evolve(Rules(), **changes)  # type: ignore[arg-type]


def unmodelled_switches() -> tuple[str, ...]:
    """The ``Rules`` fields the Gang model does not encode (match, scoring or Schwingfest readings)."""
    return tuple(f.name for f in attrs.fields(Rules) if f.name not in MODELLED_SWITCHES)


def _bv(value: int, bits: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, bits)


def card_colour(card: z3.BitVecRef) -> z3.BitVecRef:
    """The 3-bit colour code of a card index: 0-3 for R, G, B, Y (six cards each, ``cards.schwungkarten``), 4 for KR and BK."""
    return z3.If(
        z3.ULT(card, _bv(6, CARD_BITS)),
        _bv(0, 3),
        z3.If(
            z3.ULT(card, _bv(12, CARD_BITS)),
            _bv(1, 3),
            z3.If(
                z3.ULT(card, _bv(18, CARD_BITS)),
                _bv(2, 3),
                z3.If(z3.ULT(card, _bv(24, CARD_BITS)), _bv(3, 3), _bv(NO_COLOUR, 3)),
            ),
        ),
    )


def is_six(card: z3.BitVecRef) -> z3.BoolRef:
    """True for a card of Kampfwert 6, a Brienzer-Schwung (``konter.beats_six``)."""
    return z3.Or(*(card == _bv(i, CARD_BITS) for i in (5, 11, 17, 23)))


def _colour_mask(colour: z3.BitVecRef) -> z3.BitVecRef:
    masks = [((1 << 6) - 1) << (6 * k) for k in range(4)]
    out = _bv(0, MASK_BITS)
    for k in (3, 2, 1, 0):
        out = z3.If(colour == _bv(k, 3), _bv(masks[k], MASK_BITS), out)
    return out


def _bit(card: z3.BitVecRef) -> z3.BitVecRef:
    return z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - CARD_BITS, card)


def _holds(hand: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    return (hand & _bit(card)) != _bv(0, MASK_BITS)


def _count_inc(flag: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(flag, _bv(1, COUNT_BITS), _bv(0, COUNT_BITS))


class GangModel:
    """One Gang unrolled to 11 Schwünge, every rule a constraint tagged with its clause id.

    Variables (``prefix`` keeps two copies apart in one solver):
    - ``deck[i]``: the card at deck position i (5-bit index, order of ``schwinget_spec.cards``);
      positions 0,2,..,8 go to P0, 1,3,..,9 to P1, 10 is revealed, 11-13 face down, 14-25 the pile.
    - ``starter``: True when P1 leads the first Schwung. Players are Bools: True is P1.
    - per Schwung s: ``angriff[s]`` (the leader starts the Angriff before leading),
      ``led[s]``, ``answer[s]``, ``choice[s]`` (the next leader chosen after a neutralised
      trick); derived: ``leader[s]``, ``hands[p][s]`` (32-bit masks before Schwung s),
      ``neutral[s]``, ``leader_wins[s]``, ``pending[s]`` (a neutralised trick waits
      before Schwung s), ``tricks[p][s]`` (tricks of p before Schwung s).
    - ``switch[name]``: the ``Rules`` switches as symbolic Bools.

    ``constraints`` pairs each constraint with its clause id; ``assert_into`` adds them
    as ``Implies(tag, constraint)`` so that ``check(*tags)`` yields cores of clause ids.
    ``broken`` names a deliberately wrong variant of one clause (see ``BROKEN_VARIANTS``),
    used to show the cross-checks catch a wrong model. With ``play_of`` this copy has the
    deal, the starter and every choice of that copy (the same Z3 constants, not equal
    ones: a rule query comparing two readings of one play is then five times faster).

    The trump colour, the Plattwurf and "more tricks" are definitions: terms over the deal
    and the play. With ``definitions_as_clauses`` each becomes a variable constrained under
    its clause (``deal.trump``, ``deal.no_trump``, ``plattwurf.definition``,
    ``gang.more_tricks_wins``), so that the drop-one analysis can drop it. The proofs use
    the plain terms: the extra literals make some unrelated queries ten times slower.
    """

    def __init__(
        self,
        prefix: str = "",
        *,
        broken: str | None = None,
        definitions_as_clauses: bool = False,
        play_of: GangModel | None = None,
    ) -> None:
        if broken is not None and broken not in BROKEN_VARIANTS:
            raise InvalidArgumentError("broken", f"unknown broken variant {broken!r}; known: {sorted(BROKEN_VARIANTS)}")
        self.prefix = prefix
        self.broken = broken
        self.constraints: list[tuple[str, z3.BoolRef]] = []
        self.step_of: list[int | None] = []
        self._step: int | None = None
        p = prefix
        n = MAX_SCHWUENGE
        # the deal and the choices: this copy's own, or the very constants of ``play_of``
        q = p if play_of is None else play_of.prefix
        self.deck = [z3.BitVec(f"{q}deck{i}", CARD_BITS) for i in range(26)]
        self.starter = z3.Bool(f"{q}starter")
        self.switch = {name: z3.Bool(f"{p}rules.{name}") for name in MODELLED_SWITCHES}
        self.angriff = [z3.Bool(f"{q}angriff{s}") for s in range(n)]
        self.led = [z3.BitVec(f"{q}led{s}", CARD_BITS) for s in range(n)]
        self.answer = [z3.BitVec(f"{q}answer{s}", CARD_BITS) for s in range(n)]
        self.choice = [z3.Bool(f"{q}choice{s}") for s in range(n)]
        self.leader = [z3.Bool(f"{p}leader{s}") for s in range(n + 1)]
        self.neutral = [z3.Bool(f"{p}neutral{s}") for s in range(n)]
        self.leader_wins = [z3.Bool(f"{p}leaderwins{s}") for s in range(n)]
        self.pending = [z3.Bool(f"{p}pending{s}") for s in range(n + 1)]
        self.hands = [[z3.BitVec(f"{p}hand{q}_{s}", MASK_BITS) for s in range(n + 1)] for q in (0, 1)]
        self.tricks = [[z3.BitVec(f"{p}tricks{q}_{s}", COUNT_BITS) for s in range(n + 1)] for q in (0, 1)]
        self.length = z3.BitVec(f"{p}length", COUNT_BITS)
        self.definitions_as_clauses = definitions_as_clauses
        self.trump = z3.BitVec(f"{p}trump", 3) if definitions_as_clauses else card_colour(self.deck[10])
        # declared only when used: an unused declaration alone changes how long some proofs take
        self._won_plattwurf = [z3.Bool(f"{p}plattwurf{q}") for q in (0, 1)] if definitions_as_clauses else []
        self._more_tricks = [z3.Bool(f"{p}more_tricks{q}") for q in (0, 1)] if definitions_as_clauses else []
        self._build()

    # -- helpers over the variables

    def add(self, clause_id: str, constraint: z3.BoolRef) -> None:
        """Record ``constraint`` as part of clause ``clause_id``."""
        self.constraints.append((clause_id, constraint))
        self.step_of.append(self._step)

    def active(self, s: int) -> z3.BoolRef:
        """True when Schwung s (0-based) is played: s < Gang length."""
        return z3.ULT(_bv(s, COUNT_BITS), self.length)

    def is_last(self, s: int) -> z3.BoolRef:
        """True when Schwung s is the very last of the Gang."""
        return self.length == _bv(s + 1, COUNT_BITS)

    def locked(self, s: int) -> z3.BoolRef:
        """True when the Angriff started before Schwung s or earlier (``angriff.locks_pile``)."""
        return z3.Or(*self.angriff[: s + 1])

    @property
    def has_angriff(self) -> z3.BoolRef:
        """True when an Angriff was started in this Gang."""
        return z3.Or(*self.angriff)

    def attacker_is_p1(self) -> z3.BoolRef:
        """True when P1 started the Angriff (meaningful only with ``has_angriff``)."""
        return z3.Or(*(z3.And(self.angriff[s], self.leader[s]) for s in range(MAX_SCHWUENGE)))

    def winner_is_p1(self, s: int) -> z3.BoolRef:
        """True when P1 won Schwung s (meaningful when it was decided, not neutralised)."""
        return self.leader_wins[s] == self.leader[s]

    def final_tricks(self, q: int) -> z3.BitVecRef:
        """Tricks of player q at the end of the Gang."""
        return self.tricks[q][MAX_SCHWUENGE]

    def plattwurf(self, q: int) -> z3.BoolRef:
        """True when player q won by Plattwurf: every Schwung decided after the Angriff (``plattwurf.definition``)."""
        return self._won_plattwurf[q] if self.definitions_as_clauses else self._plattwurf_definition(q)

    def more_tricks(self, q: int) -> z3.BoolRef:
        """True when player q holds more tricks than the other at the end (``gang.more_tricks_wins``)."""
        if self.definitions_as_clauses:
            return self._more_tricks[q]
        return z3.UGT(self.final_tricks(q), self.final_tricks(1 - q))

    def _equal_tricks(self) -> z3.BoolRef:
        if self.definitions_as_clauses:
            return z3.Not(z3.Or(*self._more_tricks))
        return self.final_tricks(0) == self.final_tricks(1)

    def _plattwurf_definition(self, q: int) -> z3.BoolRef:
        is_q = bool(q)
        return z3.And(
            self.has_angriff,
            *(
                z3.Implies(
                    z3.And(self.active(s), self.locked(s), z3.Not(self.neutral[s])),
                    self.winner_is_p1(s) == is_q,
                )
                for s in range(MAX_SCHWUENGE)
            ),
        )

    def gang_winner(self) -> tuple[z3.BoolRef, z3.BoolRef]:
        """(P0 wins, P1 wins): the Plattwurf winner, else more tricks (``gang.more_tricks_wins``); neither for a Gestellter."""
        pw0, pw1 = self.plattwurf(0), self.plattwurf(1)
        p0 = z3.Or(pw0, z3.And(z3.Not(pw1), self.more_tricks(0)))
        p1 = z3.Or(pw1, z3.And(z3.Not(pw0), self.more_tricks(1)))
        return p0, p1

    def outcome_code(self) -> z3.BitVecRef:
        """The outcome as a 3-bit code, in the order of ``schwinget_spec.gang.Outcome``.

        0 Plattwurf nach eigenem Angriff, 1 nach gegnerischem Angriff, 2 Sieg mit Angriff,
        3 Sieg ohne Angriff, 4 Gestellter.
        """
        pw0, pw1 = self.plattwurf(0), self.plattwurf(1)
        att = self.attacker_is_p1()
        own = z3.Or(z3.And(pw0, z3.Not(att)), z3.And(pw1, att))
        return z3.If(
            own,
            _bv(0, 3),
            z3.If(
                z3.Or(pw0, pw1),
                _bv(1, 3),
                z3.If(self._equal_tricks(), _bv(4, 3), z3.If(self.has_angriff, _bv(2, 3), _bv(3, 3))),
            ),
        )

    def hand_of(self, is_p1: z3.BoolRef, s: int) -> z3.BitVecRef:
        """The hand of the player ``is_p1`` names, before Schwung s."""
        return z3.If(is_p1, self.hands[1][s], self.hands[0][s])

    # -- the rules

    def _build(self) -> None:
        n = MAX_SCHWUENGE
        deck = self.deck
        c26 = _bv(26, CARD_BITS)
        self.add("cards.schwungkarten", z3.And(*(z3.ULT(c, c26) for c in deck), z3.Distinct(*deck)))
        # deal.hands: alternate dealing, P0 gets even positions
        for q in (0, 1):
            mask = _bv(0, MASK_BITS)
            for i in range(q, 10, 2):
                mask = mask | _bit(deck[i])
            self.add("deal.hands", self.hands[q][0] == mask)
        self.add("gang.turn", self.leader[0] == self.starter)
        self.add("kampfrichter.collect", z3.Not(self.pending[0]))
        for q in (0, 1):
            self.add("trick.winner_takes", self.tricks[q][0] == _bv(0, COUNT_BITS))
        # angriff.not_empty_pile: the pile is used up after the sixth Schwung
        for s in range(LAST_ANGRIFF + 1, n):
            self.add("angriff.not_empty_pile", z3.Not(self.angriff[s]))
        self.add("angriff.once", z3.AtMost(*self.angriff, 1))
        # gang.end_no_angriff / gang.end_angriff with angriff.play_out: the Gang length
        self.add(
            "gang.end_no_angriff",
            z3.Implies(z3.Not(self.has_angriff), self.length == _bv(MAX_SCHWUENGE, COUNT_BITS)),
        )
        for s in range(n):
            self.add(
                "gang.end_angriff",
                z3.Implies(self.angriff[s], self.length == _bv(s + 5, COUNT_BITS)),
            )
        for s in range(n):
            self._step = s
            self._schwung(s)
        self._step = None
        if self.definitions_as_clauses:
            revealed, no_colour = card_colour(deck[10]), _bv(NO_COLOUR, 3)
            self.add("deal.trump", z3.Implies(revealed != no_colour, self.trump == revealed))
            self.add("deal.no_trump", z3.Implies(revealed == no_colour, self.trump == no_colour))
            for q in (0, 1):
                self.add("plattwurf.definition", self._won_plattwurf[q] == self._plattwurf_definition(q))
                self.add("gang.more_tricks_wins", self._more_tricks[q] == z3.UGT(self.final_tricks(q), self.final_tricks(1 - q)))

    def _schwung(self, s: int) -> None:
        act = self.active(s)
        led, ans = self.led[s], self.answer[s]
        leader = self.leader[s]
        lead_hand = self.hand_of(leader, s)
        ans_hand = self.hand_of(z3.Not(leader), s)
        trump = self.trump
        sw = self.switch
        # angriff.who: only before a Schwung that is played
        self.add("angriff.who", z3.Implies(self.angriff[s], act))
        # schwung.lead / schwung.answer: the cards come from the hands
        c26 = _bv(26, CARD_BITS)
        self.add("schwung.lead", z3.Implies(act, z3.And(z3.ULT(led, c26), _holds(lead_hand, led))))
        self.add("schwung.answer", z3.Implies(act, z3.And(z3.ULT(ans, c26), _holds(ans_hand, ans))))
        # Farbzwang with its exceptions, each exception under its own clause
        led_colour = card_colour(led)
        ans_colour = card_colour(ans)
        led_special = led_colour == _bv(NO_COLOUR, 3)
        ans_special = ans_colour == _bv(NO_COLOUR, 3)
        void = (ans_hand & _colour_mask(led_colour)) == _bv(0, MASK_BITS)
        allowed = z3.Or(
            led_special,
            ans_colour == led_colour,
            z3.And(z3.Bool("tag:schwung.void_any"), void),
            z3.And(z3.Bool("tag:trump.anytime"), trump != _bv(NO_COLOUR, 3), ans_colour == trump),
            z3.And(ans_special, z3.Not(sw["special_cards_follow_colour"])),
        )
        if self.broken == "farbzwang_ignores_trump":
            allowed = z3.Or(led_special, ans_colour == led_colour, void, ans_special)
        self.add("schwung.farbzwang", z3.Implies(act, allowed))
        # who wins: each branch of the resolution under its clause
        last = self.is_last(s)
        kr = _bv(KR, CARD_BITS)
        bk = _bv(BK, CARD_BITS)
        kr_in = z3.Or(led == kr, ans == kr)
        other_is_bk = z3.Or(z3.And(led == kr, ans == bk), z3.And(ans == kr, led == bk))
        lw = self.leader_wins[s]
        neutral = self.neutral[s]
        # AMB-KONTER-VS-KR: under konter_loses_to_kampfrichter the Konter loses to the Kampfrichter at once
        konter_loses_kr = z3.And(other_is_bk, sw["konter_loses_to_kampfrichter"])
        # AMB-KAMPFRICHTER-VOID: unless void_kampfrichter_neutralises, a Kampfrichter answered to a
        # coloured lead from a hand void in that colour loses (schwung.void_loses)
        void_kr_loses = z3.And(
            ans == kr, z3.Not(led_special), void, z3.Not(sw["void_kampfrichter_neutralises"])
        )
        if self.broken == "kampfrichter_acts_on_last":
            self.add(
                "kampfrichter.neutralises",
                z3.Implies(act, neutral == z3.And(kr_in, z3.Not(konter_loses_kr), z3.Not(void_kr_loses))),
            )
        else:
            self.add(
                "kampfrichter.neutralises",
                z3.Implies(act, neutral == z3.And(kr_in, z3.Not(last), z3.Not(konter_loses_kr), z3.Not(void_kr_loses))),
            )
        self.add("schwung.void_loses", z3.Implies(z3.And(act, z3.Not(last), void_kr_loses), lw))
        self.add(
            "konter.loses",
            z3.Implies(z3.And(act, z3.Not(last), konter_loses_kr), lw == (led == kr)),
        )
        # the other player than the Kampfrichter's wins the last Schwung: the leader when KR answered
        self.add(
            "kampfrichter.last_schwung",
            z3.Implies(z3.And(act, kr_in, last, z3.Not(other_is_bk)), lw == (ans == kr)),
        )
        self.add("konter.last_trick", z3.Implies(z3.And(act, last, other_is_bk), lw == (ans == kr)))
        no_kr = z3.And(act, z3.Not(kr_in))

        # each term built once per Schwung, when first used (in the order of the constraints, so
        # that Z3 numbers its terms as before): the constraints are the same, built faster
        made: dict[str, z3.BoolRef] = {}

        def six(card: str) -> z3.BoolRef:
            if "six " + card not in made:
                made["six " + card] = is_six(led if card == "led" else ans)
            return made["six " + card]

        def konter_beats(card: str) -> z3.BoolRef:
            if "beats " + card not in made:
                is_six_card = six(card)
                colour = card_colour(led if card == "led" else ans)
                if self.broken == "konter_never_beats_trump_six":
                    made["beats " + card] = z3.And(is_six_card, colour != trump)
                else:
                    made["beats " + card] = z3.And(is_six_card, z3.Or(sw["konter_beats_trump_six"], colour != trump))
            return made["beats " + card]

        void_blocks = z3.And(void, z3.Not(sw["void_konter_beats_six"]))
        # led Konter
        self.add("konter.beats_six", z3.Implies(z3.And(no_kr, led == bk, konter_beats("ans")), lw))
        self.add(
            "trump.beats",
            z3.Implies(z3.And(no_kr, led == bk, six("ans"), z3.Not(konter_beats("ans"))), z3.Not(lw)),
        )
        self.add("konter.loses", z3.Implies(z3.And(no_kr, led == bk, z3.Not(six("ans"))), z3.Not(lw)))
        # answered Konter
        self.add(
            "konter.beats_six",
            z3.Implies(z3.And(no_kr, ans == bk, konter_beats("led"), z3.Not(void_blocks)), z3.Not(lw)),
        )
        self.add(
            "schwung.void_loses",
            z3.Implies(z3.And(no_kr, ans == bk, konter_beats("led"), void_blocks), lw),
        )
        self.add(
            "trump.beats",
            z3.Implies(z3.And(no_kr, ans == bk, six("led"), z3.Not(konter_beats("led"))), lw),
        )
        self.add("konter.loses", z3.Implies(z3.And(no_kr, ans == bk, z3.Not(six("led"))), lw))
        # two coloured cards
        coloured = z3.And(no_kr, z3.Not(led_special), z3.Not(ans_special))
        same = ans_colour == led_colour
        if self.broken == "lower_wins":
            self.add("schwung.higher_wins", z3.Implies(z3.And(coloured, same), lw == z3.UGT(ans, led)))
        else:
            self.add("schwung.higher_wins", z3.Implies(z3.And(coloured, same), lw == z3.UGT(led, ans)))
        differ = z3.And(coloured, z3.Not(same))
        self.add("trump.beats", z3.Implies(z3.And(differ, ans_colour == trump), z3.Not(lw)))
        self.add("trump.beats", z3.Implies(z3.And(differ, led_colour == trump), lw))
        self.add(
            "schwung.void_loses",
            z3.Implies(z3.And(differ, ans_colour != trump, led_colour != trump), lw),
        )
        # hands after the Schwung: the played cards leave, the draws come in (angriff.locks_pile)
        draws = z3.And(act, z3.Not(self.locked(s))) if s < DRAWING_SCHWUENGE else z3.BoolVal(False)
        if s < DRAWING_SCHWUENGE:
            lead_draw = z3.If(draws, _bit(self.deck[PILE_START + 2 * s]), _bv(0, MASK_BITS))
            ans_draw = z3.If(draws, _bit(self.deck[PILE_START + 2 * s + 1]), _bv(0, MASK_BITS))
        else:
            lead_draw = ans_draw = _bv(0, MASK_BITS)
        for q in (0, 1):
            is_q = z3.BoolVal(bool(q))
            old = self.hands[q][s]
            new = self.hands[q][s + 1]
            self.add("schwung.lead_draw", z3.Implies(z3.And(act, leader == is_q), new == (old & ~_bit(led)) | lead_draw))
            self.add(
                "schwung.answer_draw",
                z3.Implies(z3.And(act, leader != is_q), new == (old & ~_bit(ans)) | ans_draw),
            )
            self.add("gang.end_angriff", z3.Implies(z3.Not(act), new == old))
        # trick.winner_takes, kampfrichter.collect: credit 1, or 2 with a pending trick
        credit = z3.If(self.pending[s], _bv(2, COUNT_BITS), _bv(1, COUNT_BITS))
        if self.broken == "collect_forgets_pending":
            credit = _bv(1, COUNT_BITS)
        decided = z3.And(act, z3.Not(neutral))
        for q in (0, 1):
            won = z3.And(decided, self.winner_is_p1(s) == bool(q))
            self.add(
                "trick.winner_takes",
                self.tricks[q][s + 1] == self.tricks[q][s] + z3.If(won, credit, _bv(0, COUNT_BITS)),
            )
        self.add(
            "kampfrichter.collect",
            self.pending[s + 1] == z3.If(act, neutral, self.pending[s]),
        )
        # trick.winner_leads, kampfrichter.chooses
        self.add("trick.winner_leads", z3.Implies(decided, self.leader[s + 1] == self.winner_is_p1(s)))
        self.add(
            "kampfrichter.chooses",
            z3.Implies(z3.And(act, neutral), self.leader[s + 1] == self.choice[s]),
        )
        self.add("gang.end_angriff", z3.Implies(z3.Not(act), self.leader[s + 1] == leader))

    # -- solver plumbing

    @staticmethod
    def tag(clause_id: str) -> z3.BoolRef:
        """The assumption literal of a clause."""
        return z3.Bool(f"tag:{clause_id}")

    def clause_ids(self) -> tuple[str, ...]:
        """Every clause id this model constrains, in order of first use."""
        seen: dict[str, None] = {}
        for cid, _ in self.constraints:
            seen.setdefault(cid, None)
        seen.setdefault("schwung.void_any", None)
        seen.setdefault("trump.anytime", None)
        return tuple(seen)

    def assert_into(self, solver: z3.Solver, *, drop: Iterable[str] = ()) -> None:
        """Add every constraint as ``Implies(tag, constraint)``, leaving out the clauses in ``drop``."""
        dropped = set(drop)
        for cid, c in self.constraints:
            if cid not in dropped:
                solver.add(z3.Implies(self.tag(cid), c))

    def assert_step_into(self, solver: z3.Solver, step: int) -> None:
        """Add the constraints of the whole deal and of Schwung ``step`` only, each under its tag."""
        for (cid, c), at in zip(self.constraints, self.step_of, strict=True):
            if at is None or at == step:
                solver.add(z3.Implies(self.tag(cid), c))

    def rules_equal(self, rules: Rules) -> z3.BoolRef:
        """The switches fixed to the readings of ``rules``."""
        return z3.And(*(self.switch[name] == bool(getattr(rules, name)) for name in MODELLED_SWITCHES))


DEFINITION_CLAUSES: tuple[str, ...] = ("deal.trump", "deal.no_trump", "plattwurf.definition", "gang.more_tricks_wins")
"""The clauses ``GangModel`` writes as terms unless ``definitions_as_clauses`` is set."""


BROKEN_VARIANTS: frozenset[str] = frozenset(
    {
        "collect_forgets_pending",
        "farbzwang_ignores_trump",
        "kampfrichter_acts_on_last",
        "konter_never_beats_trump_six",
        "lower_wins",
    }
)
"""Deliberately wrong clauses the cross-checks must catch."""


def all_tags(models: Sequence[GangModel]) -> list[z3.BoolRef]:
    """The assumption literals of every clause of ``models``."""
    ids: dict[str, None] = {}
    for m in models:
        for cid in m.clause_ids():
            ids.setdefault(cid, None)
    return [GangModel.tag(cid) for cid in ids]
