/* The compiled Gang solver (double dummy): alpha-beta over the rules of the twin (_twin.c), with a
 * transposition table keyed on the whole position, move ordering and equivalent-card pruning.
 *
 * The readable solver (schwinget_spec/solver/minimax.py, plain minimax over the reference engine)
 * is the specification; tests/test_solver*.py check the two on positions of every depth, and the
 * move generation here against the reference engine in lock step. The rules below are the twin's
 * (trick.py and gang.py), written again for a position that carries no history; each function
 * names the clause it follows. Cards are indices 0-25 (R1..R6, G1..G6, B1..B6, Y1..Y6, KR, BK);
 * actions 0-25 play that card, 26 starts the Angriff, 27 and 28 choose P0 or P1 to lead next.
 *
 * P0 maximises the value of a finished Gang, P1 minimises it. The value of a finished Gang is
 * read from a table the caller passes (schwinget_spec.solver.values.leaf_table): entry
 * 2 * outcome + (loser's tricks >= 3) is the winner's lead in points, negated when P1 wins.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_cards.h"
#include "_errors.h"

#define NO_CARD 31
#define CARD_MASK ((1u << 26) - 1)
#define HAND_MAX 5
#define TRICKS_MAX 11
#define N_LEAF 10
#define LEAF_MAX 100000
#define INF 1000000

/* Options of a call, to measure each technique by switching it off. */
#define OPT_NO_TABLE 1u
#define OPT_NO_EQUIVALENT 2u
#define OPT_NO_ORDERING 4u
#define OPT_NO_ANGRIFF 8u /* not a technique: the Gang as if nobody could start the Angriff, to weigh the option */
#define OPT_NO_SURE 16u  /* no bounds from the sure tricks in the game of tricks */
#define OPT_ALL 31u

/* The number of cards in a mask, without the popcount instruction a portable build may lack
 * (a call into libgcc instead): the classic SWAR count. */
static inline int count_cards(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* A position: what the rest of the Gang depends on, given the deal's pile, trump and switches. */
typedef struct {
    uint32_t hands[2];
    uint8_t drawn;     /* pile cards drawn so far */
    uint8_t phase;
    uint8_t to_move;
    uint8_t led;       /* the card waiting for its answer, or NO_CARD */
    uint8_t angriff;   /* 0 none, 1 + the player who started it */
    uint8_t pending;   /* a neutralised trick waits to be collected */
    uint8_t tricks[2];
    uint8_t won_after; /* bit p: p won a decided Schwung after the Angriff */
} Pos;

struct Entry;
struct EndEntry;

/* One solve: the deal's fixed parts, the leaf table, and the search's bookkeeping. */
typedef struct {
    uint8_t pile[PILE_SIZE];
    uint32_t rest[PILE_SIZE + 1]; /* rest[i]: the pile cards from the i-th on, as a mask */
    int trump;
    unsigned sw;
    unsigned options;
    int leaf[N_LEAF];
    struct Entry *table;        /* the transposition tables this solve reads and writes */
    struct EndEntry *end_table;
    uint32_t generation;        /* entries of the table from other solves are told apart by it */
    uint32_t end_generation;    /* likewise in end_table, whose entries serve every solve of one deal and switches */
    uint64_t nodes;
    uint64_t end_nodes; /* of them, nodes of the game after the last draw */
    PyThreadState *released; /* the GIL released by a bulk call (taken back to check for signals), or NULL */
    int failed; /* a signal handler raised, or a position with no legal action: unwind */
} Ctx;

/* -- the rules (trick.py, gang.py; the answers' rules are in _cards.h) */

/* The winner of the Schwung (0 or 1), or -1 when the Kampfrichter neutralised it. */
static inline int resolve_schwung(int leader, int led, int answer, int trump, unsigned sw, int is_last,
                                  int was_void) {
    int answerer = leader ^ 1;
    if (led == KR || answer == KR) {
        int kr_player = led == KR ? leader : answerer;
        int other = led == KR ? answer : led;
        if (is_last) return kr_player ^ 1; /* kampfrichter.last_schwung, konter.last_trick */
        if (other == BK && (sw & SW_KONTER_LOSES_KR)) return kr_player; /* konter.loses (AMB-KONTER-VS-KR) */
        if (was_void && !(sw & SW_VOID_KR)) return leader; /* schwung.void_loses (AMB-KAMPFRICHTER-VOID) */
        return -1;                                         /* kampfrichter.neutralises */
    }
    if (led == BK) {
        if (konter_beats(answer, trump, sw)) return leader; /* konter.beats_six */
        return answerer;                                    /* trump.beats (a 6), konter.loses */
    }
    if (answer == BK) {
        if (konter_beats(led, trump, sw)) {
            if (was_void && !(sw & SW_VOID_KONTER)) return leader; /* schwung.void_loses (AMB-KONTER-VOID) */
            return answerer;                                       /* konter.beats_six */
        }
        return leader; /* trump.beats (a 6), konter.loses */
    }
    int led_colour = led / 6, answer_colour = answer / 6;
    if (answer_colour == led_colour) return answer > led ? answerer : leader; /* schwung.higher_wins */
    if (trump != NO_TRUMP) {
        if (answer_colour == trump) return answerer; /* trump.beats */
        if (led_colour == trump) return leader;      /* trump.beats */
    }
    return leader; /* schwung.void_loses */
}

/* legal_actions() as a mask: bit 26 the Angriff, bits 27/28 the choice of the next leader. */
static inline uint32_t legal_mask(const Ctx *c, const Pos *p) {
    return legal_mask_of(p->phase, p->hands[p->to_move], p->angriff, p->drawn, p->led, c->trump, c->sw);
}

/* Apply a legal action to *p. */
static inline void apply_legal(const Ctx *c, Pos *p, int action) {
    switch (p->phase) {
    case LEAD:
        if (action == ACT_ANGRIFF) {
            p->angriff = (uint8_t)(1 + p->to_move); /* angriff.stier_on_pile, angriff.locks_pile */
            return;
        }
        {
            uint32_t hand = p->hands[p->to_move] ^ (1u << action);
            if (!p->angriff && p->drawn < PILE_SIZE) hand |= 1u << c->pile[p->drawn++]; /* schwung.lead_draw */
            p->hands[p->to_move] = hand;
            p->to_move ^= 1;
            p->led = (uint8_t)action;
            p->phase = ANSWER;
        }
        return;
    case ANSWER: {
        int answerer = p->to_move, leader = answerer ^ 1, led = p->led;
        uint32_t hand = p->hands[answerer];
        int was_void = led < KR && !(hand & COLOUR_MASK[led / 6]);
        hand ^= 1u << action;
        if (!p->angriff && p->drawn < PILE_SIZE) hand |= 1u << c->pile[p->drawn++]; /* schwung.answer_draw */
        p->hands[answerer] = hand;
        int is_last = !p->hands[0] && !p->hands[1];
        int winner = resolve_schwung(leader, led, action, c->trump, c->sw, is_last, was_void);
        p->led = NO_CARD;
        if (winner < 0) {
            /* kampfrichter.neutralises: the trick stays in the middle; kampfrichter.chooses */
            p->pending = 1;
            p->phase = CHOOSE;
            p->to_move = (uint8_t)(led == KR ? leader : answerer);
            return;
        }
        /* trick.winner_takes; kampfrichter.collect: the pending trick goes with it */
        p->tricks[winner] = (uint8_t)(p->tricks[winner] + (p->pending ? 2 : 1));
        p->pending = 0;
        if (p->angriff) p->won_after |= (uint8_t)(1u << winner);
        p->to_move = (uint8_t)winner; /* trick.winner_leads */
        p->phase = is_last ? OVER : LEAD;
        return;
    }
    case CHOOSE:
        p->to_move = (uint8_t)(action - ACT_L0);
        p->phase = LEAD;
        return;
    default:
        return;
    }
}

/* The value of a finished Gang: the leaf table's entry for its outcome, + when P0 wins, - when P1 wins. */
static inline int leaf_value(const Ctx *c, const Pos *p) {
    int t0 = p->tricks[0], t1 = p->tricks[1], winner, outcome;
    if (p->angriff && (p->won_after == 1 || p->won_after == 2)) {
        /* plattwurf.after_angriff, plattwurf.definition: one player won every decided Schwung after it */
        winner = p->won_after == 1 ? 0 : 1;
        outcome = winner + 1 == p->angriff ? 0 : 1; /* by the attacker, by the opponent */
    } else if (t0 == t1) {
        return 0; /* gang.more_tricks_wins: a Gestellter (table.gestellter) */
    } else {
        winner = t0 > t1 ? 0 : 1;
        outcome = p->angriff ? 2 : 3; /* gang.more_tricks_wins: Sieg mit / ohne Angriff */
    }
    int good = p->tricks[winner ^ 1] >= 3; /* table.gut_gekaempft reads the loser's tricks */
    int v = c->leaf[2 * outcome + good];
    return winner == 0 ? v : -v;
}

/* The switches the rest of a Gang can read, given the cards still in play (the hands, the led card and
 * the pile still to draw; at the deal, all but the revealed and the face-down cards): each switch is read
 * only where its cards meet, so one whose cards are out of play leaves every value as it is. The bulk
 * call solves a configuration that differs from one already solved only there once, and the tables key
 * a position by the switches live in it, so that its entry serves every configuration that agrees on
 * them. */
static unsigned live_switches(uint32_t in_play, int trump) {
    int kr = in_play >> KR & 1, bk = in_play >> BK & 1;
    unsigned live = 0;
    if (kr || bk) live |= SW_SPECIAL_FOLLOW; /* allowed_answers: a special card in the answerer's hand */
    if (bk) live |= SW_VOID_KONTER;          /* resolve_schwung: the Konter answering a 6 */
    if (bk && trump != NO_TRUMP && (in_play >> (6 * trump + 5) & 1)) live |= SW_KONTER_TRUMP6; /* konter_beats */
    if (kr && bk) live |= SW_KONTER_LOSES_KR; /* resolve_schwung: the Konter against the Kampfrichter */
    if (kr) live |= SW_VOID_KR;               /* resolve_schwung: the Kampfrichter answering void */
    return live;
}

/* -- the transposition table: one per process for the calls of one position (under the GIL), one per
 * bulk call (values_of_seeds, which releases the GIL); entries of earlier solves told apart by a generation */

typedef struct Entry {
    uint64_t key;    /* hands, drawn, phase, to_move, angriff, pending, won_after */
    uint32_t key2;   /* led, tricks */
    uint32_t generation;
    int32_t value;
    uint8_t bound;   /* EXACT, LOWER (value is at least), UPPER (value is at most) */
    uint8_t best;    /* the action that decided it, tried first next time */
    uint8_t pad[2];
} Entry;

enum { EXACT = 1, LOWER = 2, UPPER = 3 };
#define TABLE_BITS 14
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)

static Entry *table = NULL;
static uint32_t generation = 0;

static inline uint64_t key_of(const Pos *p) {
    return (uint64_t)p->hands[0] | ((uint64_t)p->hands[1] << 26) | ((uint64_t)p->drawn << 52) |
           ((uint64_t)p->phase << 56) | ((uint64_t)p->to_move << 58) | ((uint64_t)p->angriff << 59) |
           ((uint64_t)p->pending << 61) | ((uint64_t)p->won_after << 62);
}

static inline uint32_t key2_of(const Pos *p) {
    return (uint32_t)p->led | ((uint32_t)p->tricks[0] << 5) | ((uint32_t)p->tricks[1] << 10); /* and bits 15-19: the live switches */
}

static inline size_t slot_of(uint64_t key, uint32_t key2) {
    uint64_t h = (key ^ ((uint64_t)key2 << 40) ^ key2) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> (64 - TABLE_BITS));
}

/* -- the search */

/* Equivalent cards (only where sound): two cards of one colour, neither a 6 (konter.beats_six
 * singles out the 6s), held by the same player, with no card of that colour ranked between them
 * still to be played (in either hand, in the pile still to be drawn, or led on the table). Every
 * comparison the rules make between either card and any card still to come then gives the same
 * answer (schwung.higher_wins compares ranks, the rest colours and the 6s), and the two never meet
 * in one Schwung (a Schwung takes one card of each player): exchanging them maps the rest of the
 * Gang onto itself, so playing either leads to positions of the same value. Of such a run only
 * its lowest card is searched; the others are skipped. */
static uint8_t SKIP6[64][64]; /* [live cards of a colour][cards to choose from]: the ones to skip, 6 bits each */

static void init_skip6(void) {
    for (int live = 0; live < 64; live++)
        for (int cards = 0; cards < 64; cards++) {
            int previous = -1, skip = 0; /* previous: the next lower live card */
            for (int rank = 0; rank < 6; rank++) {
                if (!(live >> rank & 1)) continue;
                if (previous >= 0 && rank != 5 && (cards >> rank & 1) && (cards >> previous & 1)) skip |= 1 << rank;
                previous = rank;
            }
            SKIP6[live][cards] = (uint8_t)skip;
        }
}

/* The same argument lets the end table see past the cards already played: a position's cards
 * renumbered by their rank among the live cards of their colour (the 6 kept as the 6, the special cards
 * as they are) make every comparison the rules make as before, so positions that differ only in which
 * cards were played before share their value. */
static uint8_t PACK6[64][64]; /* [live cards of a colour][cards among them]: the cards by their live rank */

static void init_pack6(void) {
    for (int live = 0; live < 64; live++)
        for (int cards = 0; cards < 64; cards++) {
            int out = cards & 32, k = 0;
            for (int rank = 0; rank < 5; rank++) {
                if (!(live >> rank & 1)) continue;
                if (cards >> rank & 1) out |= 1 << k;
                k++;
            }
            PACK6[live][cards] = (uint8_t)out;
        }
}

static inline uint32_t pack_cards(uint32_t live, uint32_t cards) {
    uint32_t out = cards & SPECIAL_MASK;
    for (int shift = 0; shift < 24; shift += 6)
        out |= (uint32_t)PACK6[live >> shift & 63][cards >> shift & 63] << shift;
    return out;
}

/* `cards` (the mover's legal actions) less the equivalent cards not to search. */
static inline uint32_t skip_equivalent(const Ctx *c, const Pos *p, uint32_t cards) {
    uint32_t live = p->hands[0] | p->hands[1] | (p->angriff ? 0 : c->rest[p->drawn]);
    if (p->led != NO_CARD) live |= 1u << p->led;
    uint32_t skip = 0;
    for (int shift = 0; shift < 24; shift += 6)
        skip |= (uint32_t)SKIP6[live >> shift & 63][cards >> shift & 63] << shift;
    return cards & ~skip;
}

#define SIGNAL_NODES 65536u

/* Count a node; check for signals every SIGNAL_NODES nodes. 0 to go on, -1 to unwind. */
static int check_signals(Ctx *c) {
    if (c->released != NULL) PyEval_RestoreThread(c->released); /* the GIL, to run the handlers */
    int rc = PyErr_CheckSignals();
    if (c->released != NULL) c->released = PyEval_SaveThread();
    if (rc < 0) {
        c->failed = 1; /* a signal handler raised (KeyboardInterrupt): unwind, the error is set */
        return -1;
    }
    return 0;
}

static inline int count_node(Ctx *c) {
    if (++c->nodes % SIGNAL_NODES == 0) return check_signals(c);
    return 0;
}

/* -- the outcome of a Schwung as tables, for the move ordering and the sure tricks: resolve_schwung's
 * answers for every trump colour, switches, led card and answer, read in one step. WINS[trump][switches]
 * [2 * is_last + was_void][led]: the answers that win the Schwung; NEUTRAL: those that leave it
 * neutralised (kampfrichter.neutralises). LEAD_LOSES[trump][switches][x]: the answers to a led x that
 * leave the leader without the trick in some case (the last Schwung or not, the answerer void in the led
 * colour or not); ANSWER_LOSES[trump][switches][y]: the led cards against which an answer y leaves the
 * answerer without the trick in some case.
 *
 * Sure tricks: a card that wins against every card the opponent holds or may still draw, in every case,
 * wins its trick whenever it is played (the opponent's cards only become fewer, save the draws counted
 * in). The leader takes a trick with each such card by leading them one after the other
 * (trick.winner_leads); a player whose such card is allowed against any lead (a trump, trump.anytime, or
 * a special card that need not follow, AMB-SPECIAL-FARBZWANG) and wins led too takes one trick with each,
 * whoever leads. */
static uint32_t WINS[NO_TRUMP + 1][SW_ALL + 1][4][26];
static uint32_t NEUTRAL[NO_TRUMP + 1][SW_ALL + 1][4][26];
static uint32_t LEAD_LOSES[NO_TRUMP + 1][SW_ALL + 1][26];
static uint32_t ANSWER_LOSES[NO_TRUMP + 1][SW_ALL + 1][26];

static void init_outcomes(void) {
    for (int trump = 0; trump <= NO_TRUMP; trump++)
        for (unsigned sw = 0; sw <= SW_ALL; sw++)
            for (int x = 0; x < 26; x++) {
                uint32_t lead_loses = 0, answer_loses = 0;
                for (int y = 0; y < 26; y++) {
                    if (y == x) continue;
                    for (int is_last = 0; is_last < 2; is_last++)
                        for (int was_void = 0; was_void < 2; was_void++) {
                            int led_x = resolve_schwung(0, x, y, trump, sw, is_last, was_void); /* x led, y answers */
                            if (led_x == 1) WINS[trump][sw][2 * is_last + was_void][x] |= 1u << y;
                            if (led_x < 0) NEUTRAL[trump][sw][2 * is_last + was_void][x] |= 1u << y;
                            if (led_x != 0) lead_loses |= 1u << y;
                            if (resolve_schwung(0, y, x, trump, sw, is_last, was_void) != 1) answer_loses |= 1u << y;
                        }
                }
                LEAD_LOSES[trump][sw][x] = lead_loses;
                ANSWER_LOSES[trump][sw][x] = answer_loses;
            }
}

/* The cards of `hand` that win led against every card of `against`. */
static inline int sure_leads(const Ctx *c, uint32_t hand, uint32_t against) {
    const uint32_t *loses = LEAD_LOSES[c->trump][c->sw];
    int k = 0;
    while (hand) {
        int x = __builtin_ctz(hand);
        hand &= hand - 1;
        k += !(loses[x] & against);
    }
    return k;
}

/* The cards of `hand` that win every trick they are played in against the cards of `against`, whoever leads. */
static inline int sure_anyway(const Ctx *c, uint32_t hand, uint32_t against) {
    const uint32_t *lead_loses = LEAD_LOSES[c->trump][c->sw], *answer_loses = ANSWER_LOSES[c->trump][c->sw];
    uint32_t anytime = COLOUR_MASK[c->trump] | ((c->sw & SW_SPECIAL_FOLLOW) ? 0 : SPECIAL_MASK);
    hand &= anytime;
    int k = 0;
    while (hand) {
        int y = __builtin_ctz(hand);
        hand &= hand - 1;
        k += !((lead_loses[y] | answer_loses[y]) & against);
    }
    return k;
}

/* A card's strength for ordering moves: its rank, trumps above the other colours, the special cards apart. */
static inline int strength(const Ctx *c, int card) {
    if (card == KR) return 20;
    if (card == BK) return 13;
    return card % 6 + (card / 6 == c->trump ? 6 : 0);
}

/* Exactly one card in the mask. */
static inline int single(uint32_t m) { return m && !(m & (m - 1)); }

/* The actions of `mask` in the order to try them (`out`); the count is returned. Answering, the
 * cheapest card that wins, the neutralising Kampfrichter, the cheapest card that loses; leading,
 * the Angriff first, then the cards the opponent cannot beat (the weakest first: the strong ones are
 * kept for later), then the others, those fewer of the opponent's answers beat first (the weakest
 * first among equals); choosing the next leader (kampfrichter.chooses), oneself first. */
static inline int ordered(const Ctx *c, const Pos *p, uint32_t mask, int *out) {
    int n = 0;
    if (c->options & OPT_NO_ORDERING) {
        while (mask) {
            out[n++] = __builtin_ctz(mask);
            mask &= mask - 1;
        }
        return n;
    }
    if (mask & BIT_ANGRIFF) {
        out[n++] = ACT_ANGRIFF;
        mask &= ~BIT_ANGRIFF;
    }
    int first = n, score[32];
    uint32_t mover = p->hands[p->to_move], other = p->hands[p->to_move ^ 1];
    /* is the Schwung being ordered the last one? (no draw is left, and these are the last cards) */
    int closed = p->angriff || p->drawn >= PILE_SIZE - (p->phase == ANSWER ? 0 : 1);
    int last = closed && single(mover) && (p->phase == ANSWER ? !other : single(other));
    const uint32_t (*wins)[26] = WINS[c->trump][c->sw], (*neutral)[26] = NEUTRAL[c->trump][c->sw];
    uint32_t answer_wins = 0, answer_neutral = 0;
    if (p->phase == ANSWER) {
        int led = p->led, was_void = led < KR && !(mover & COLOUR_MASK[led / 6]);
        answer_wins = wins[2 * last + was_void][led];
        answer_neutral = neutral[2 * last + was_void][led];
    }
    while (mask) {
        int a = __builtin_ctz(mask);
        mask &= mask - 1;
        int sc = p->phase == CHOOSE ? (a - ACT_L0 == p->to_move ? 0 : 1) : a;
        if (p->phase == ANSWER) {
            sc = (answer_wins >> a & 1 ? 0 : answer_neutral >> a & 1 ? 40 : 80) + strength(c, a);
        } else if (p->phase == LEAD) {
            int was_void = a < KR && !(other & COLOUR_MASK[a / 6]);
            uint32_t beaters = allowed_answers(other, a, c->trump, c->sw) & wins[2 * last + was_void][a];
            sc = beaters ? 40 + 8 * count_cards(beaters) + strength(c, a) : strength(c, a);
        }
        int i = n++;
        while (i > first && score[i - 1] > sc) {
            out[i] = out[i - 1];
            score[i] = score[i - 1];
            i--;
        }
        out[i] = a;
        score[i] = sc;
    }
    return n;
}

/* -- the end of a Gang once nothing is drawn any more (angriff.locks_pile, or the pile used up)
 *
 * From such a position the Gang is a plain trick-taking game: no card is drawn and no Angriff can
 * be started (angriff.once, angriff.not_empty_pile), so the play depends only on the hands, whose
 * turn it is, the led card and a pending trick, not on the tricks so far nor on the Angriff. Its
 * value is r, the tricks P0 takes of the R still to take when P0 maximises r and P1 minimises it.
 * The Gang's value is f(r) for the function f of the final tricks (T0 + r, T1 + R - r) and of the
 * Plattwurf (the attacker's side took every trick after the Angriff: r = R or r = 0), and f never
 * decreases as r grows: more tricks to P0 only moves the winner towards P0 (gang.more_tricks_wins),
 * makes P0's Plattwurf possible and P1's impossible (plattwurf.definition, whose rows are worth
 * the most to their winner), and changes the good loser's point only against the side that loses
 * tricks (table.gut_gekaempft). Minimax commutes with a non-decreasing f, so the Gang's value is
 * f(r*) for the r* of this smaller game, and its table entries serve every history that reaches it. */

typedef struct EndEntry {
    uint64_t key; /* hands, phase, to_move, led, pending */
    uint32_t generation;
    int8_t value; /* tricks P0 takes from here */
    uint8_t bound;
    uint8_t best;
    uint8_t sw; /* the switches live in the position (live_switches) */
} EndEntry;

#define END_BITS 15
#define END_SIZE ((size_t)1 << END_BITS)
static EndEntry *end_table = NULL;

/* Whether nothing is drawn any more: the Angriff locked the pile, or it is used up. */
static inline int closed_pile(const Pos *p) { return p->angriff || p->drawn >= PILE_SIZE; }

/* Schwünge still to play, the one being played included: as many as the mover will play, the cards it
 * holds and, while the pile is open, those it will draw: one of each two pile cards left, and the one an
 * answer due draws (the leader drew its own). */
static inline int schwuenge_left(const Pos *p) {
    int drawn_later = closed_pile(p) ? 0 : (PILE_SIZE - p->drawn + (p->phase == ANSWER)) / 2;
    return count_cards(p->hands[p->to_move]) + drawn_later;
}

/* The key of a position of the trick game: with the pile closed, how many cards were drawn does not
 * matter (7); with it open (the Gang without the Angriff), drawn / 2 (the phase tells its parity). */
static inline uint64_t end_key(const Ctx *c, const Pos *p) {
    int closed = closed_pile(p);
    uint32_t live = p->hands[0] | p->hands[1] | (closed ? 0 : c->rest[p->drawn]);
    uint32_t led = p->led;
    if (led != NO_CARD) {
        live |= 1u << led;
        if (led < KR) led = (uint32_t)__builtin_ctz(pack_cards(live, 1u << led));
    }
    return (uint64_t)pack_cards(live, p->hands[0]) | ((uint64_t)pack_cards(live, p->hands[1]) << 26) |
           ((uint64_t)p->phase << 52) | ((uint64_t)p->to_move << 54) | ((uint64_t)led << 55) |
           ((uint64_t)p->pending << 60) | ((uint64_t)(closed ? 7 : p->drawn >> 1) << 61);
}

/* The last Schwung from a lead by `leader` with one card each (closed pile): P0's tricks from it. */
static inline int last_schwung(const Ctx *c, int leader, uint32_t leader_hand, uint32_t answer_hand, int pending) {
    int led = __builtin_ctz(leader_hand), answer = __builtin_ctz(answer_hand);
    int was_void = led < KR && !(answer_hand & COLOUR_MASK[led / 6]);
    int winner = resolve_schwung(leader, led, answer, c->trump, c->sw, 1, was_void);
    return winner == 0 ? 1 + pending : 0; /* trick.winner_takes, kampfrichter.collect */
}

/* P0's tricks from a lead with two cards each and nothing to draw: the two Schwünge played out, every lead,
 * answer and choice of the next leader (kampfrichter.chooses) weighed, without the table. */
static int two_left(const Ctx *c, const Pos *p) {
    int leader = p->to_move, answerer = leader ^ 1;
    uint32_t leads = p->hands[leader], others = p->hands[answerer];
    int best_lead = leader == 0 ? -1 : 99;
    for (uint32_t l = leads; l; l &= l - 1) {
        int led = __builtin_ctz(l);
        int was_void = led < KR && !(others & COLOUR_MASK[led / 6]);
        uint32_t answers = allowed_answers(others, led, c->trump, c->sw);
        int best_answer = answerer == 0 ? -1 : 99;
        for (uint32_t a = answers; a; a &= a - 1) {
            int answer = __builtin_ctz(a);
            uint32_t leader_rest = leads ^ (1u << led), answer_rest = others ^ (1u << answer);
            int winner = resolve_schwung(leader, led, answer, c->trump, c->sw, 0, was_void), r;
            if (winner < 0) {
                /* kampfrichter.neutralises, kampfrichter.chooses: its player picks the leader of the last Schwung */
                int chooser = led == KR ? leader : answerer;
                int by_leader = last_schwung(c, leader, leader_rest, answer_rest, 1);
                int by_answerer = last_schwung(c, answerer, answer_rest, leader_rest, 1);
                r = chooser == 0 ? (by_leader > by_answerer ? by_leader : by_answerer)
                                 : (by_leader < by_answerer ? by_leader : by_answerer);
            } else {
                int gained = winner == 0 ? 1 + p->pending : 0; /* trick.winner_takes, kampfrichter.collect */
                uint32_t next_hand = winner == leader ? leader_rest : answer_rest;
                uint32_t other_hand = winner == leader ? answer_rest : leader_rest;
                r = gained + last_schwung(c, winner, next_hand, other_hand, 0); /* trick.winner_leads */
            }
            if (answerer == 0 ? r > best_answer : r < best_answer) best_answer = r;
        }
        if (leader == 0 ? best_answer > best_lead : best_answer < best_lead) best_lead = best_answer;
    }
    return best_lead;
}

/* r from position p (fail-soft alpha-beta in tricks): exact inside (alpha, beta), a bound outside. */
static int end_search(Ctx *c, const Pos *p, int alpha, int beta) {
    if (p->phase == OVER) return 0;
    /* r lies in [0, the tricks still to take]: a window outside it is answered without a search */
    int most = schwuenge_left(p) + p->pending;
    if (beta <= 0) return 0;
    if (alpha >= most) return most;
    if (count_node(c) < 0) return 0;
    c->end_nodes++;
    if (p->phase != CHOOSE && most - p->pending == 1) {
        /* the last Schwung: one card each (or the answer's only card), no choice left to search */
        int leader = p->phase == LEAD ? p->to_move : p->to_move ^ 1;
        uint32_t answers = p->hands[leader ^ 1];
        if (p->hands[leader] & (p->hands[leader] - 1) || !answers || answers & (answers - 1)) {
            c->failed = 2; /* not one card each: no position of a Gang */
            return 0;
        }
        int led = p->phase == LEAD ? __builtin_ctz(p->hands[leader]) : p->led, answer = __builtin_ctz(answers);
        int was_void = led < KR && !(answers & COLOUR_MASK[led / 6]);
        int winner = resolve_schwung(leader, led, answer, c->trump, c->sw, 1, was_void);
        return winner == 0 ? 1 + p->pending : 0; /* trick.winner_takes, kampfrichter.collect */
    }
    if (p->phase == LEAD && most - p->pending == 2 && closed_pile(p) && count_cards(p->hands[p->to_move ^ 1]) == 2)
        return two_left(c, p); /* the last two Schwünge, played out */
    if (p->phase == LEAD && !(c->options & OPT_NO_SURE)) {
        /* sure tricks: the leader's by leading them, the opponent's whoever leads (see init_outcomes) */
        int leader = p->to_move;
        uint32_t coming = closed_pile(p) ? 0 : c->rest[p->drawn]; /* the cards either may still draw */
        int led_sure = sure_leads(c, p->hands[leader], p->hands[leader ^ 1] | coming);
        int other_sure = sure_anyway(c, p->hands[leader ^ 1], p->hands[leader] | coming);
        int leader_low = led_sure + (led_sure ? p->pending : 0), leader_high = most - other_sure;
        int low = leader == 0 ? leader_low : most - leader_high, high = leader == 0 ? leader_high : most - leader_low;
        if (low >= beta) return low;
        if (high <= alpha) return high;
    }
    uint64_t key = 0;
    uint8_t sw = 0;
    EndEntry *e = NULL;
    int best_action = -1;
    int use_table = !(c->options & OPT_NO_TABLE) && p->phase != ANSWER;
    if (use_table) {
        key = end_key(c, p);
        uint32_t live = p->hands[0] | p->hands[1] | (closed_pile(p) ? 0 : c->rest[p->drawn]) |
                        (p->led != NO_CARD ? 1u << p->led : 0);
        sw = (uint8_t)(c->sw & live_switches(live, c->trump));
        e = &c->end_table[(size_t)(((key ^ (uint64_t)sw << 40) * 0x9E3779B97F4A7C15ull) >> (64 - END_BITS))];
        if (e->generation == c->end_generation && e->key == key && e->sw == sw) {
            if (e->bound == EXACT) return e->value;
            if (e->bound == LOWER && e->value > alpha) alpha = e->value;
            if (e->bound == UPPER && e->value < beta) beta = e->value;
            if (alpha >= beta) return e->value;
            best_action = e->best;
        }
    }
    int alpha0 = alpha, beta0 = beta;
    uint32_t mask = legal_mask(c, p) & ~BIT_ANGRIFF; /* none after the pile closed; none at all under OPT_NO_ANGRIFF */
    if (!mask) {
        c->failed = 2;
        return 0;
    }
    uint32_t searchable = (c->options & OPT_NO_EQUIVALENT) || p->phase == CHOOSE ? mask : skip_equivalent(c, p, mask);
    int order[32], n;
    if (best_action >= 0 && (searchable >> best_action & 1) && !(c->options & OPT_NO_ORDERING)) {
        order[0] = best_action; /* the table's best first; the others are ordered only if it does not cut off */
        n = 1;
    } else {
        best_action = -1;
        n = ordered(c, p, searchable, order);
    }
    int maximise = p->to_move == 0;
    int best = maximise ? -INF : INF, chosen = -1;
    for (int i = 0; i < n; i++) {
        Pos child = *p;
        apply_legal(c, &child, order[i]);
        int gained = child.tricks[0] - p->tricks[0];
        int v = gained + end_search(c, &child, alpha - gained, beta - gained);
        if (c->failed) return 0;
        if (maximise ? v > best : v < best) {
            best = v;
            chosen = order[i];
        }
        if (maximise) {
            if (best > alpha) alpha = best;
        } else if (best < beta) {
            beta = best;
        }
        if (alpha >= beta) break;
        if (i == 0 && best_action >= 0) n = 1 + ordered(c, p, searchable & ~(1u << best_action), order + 1);
    }
    if (use_table) {
        e->key = key;
        e->sw = sw;
        e->generation = c->end_generation;
        e->value = (int8_t)best;
        e->bound = best <= alpha0 ? UPPER : best >= beta0 ? LOWER : EXACT;
        e->best = (uint8_t)chosen;
    }
    return best;
}

/* The Gang's value from a position where nothing is drawn any more, or where nobody can start the
 * Angriff any more (OPT_NO_ANGRIFF: the whole rest is a game of tricks too, with the draws, and the same
 * f of the final tricks applies), in (alpha, beta) as search() gives it. */
static int end_value(Ctx *c, const Pos *p, int alpha, int beta) {
    /* the tricks still to take: one per Schwung left and a pending one */
    int remaining = schwuenge_left(p) + p->pending;
    int f[TRICKS_MAX + 2];
    for (int r = 0; r <= remaining; r++) {
        Pos last = *p;
        last.tricks[0] = (uint8_t)(p->tricks[0] + r);
        last.tricks[1] = (uint8_t)(p->tricks[1] + remaining - r);
        if (p->angriff) last.won_after |= (uint8_t)((r > 0 ? 1 : 0) | (r < remaining ? 2 : 0));
        last.phase = OVER;
        f[r] = leaf_value(c, &last);
    }
    int low = -1, high = remaining + 1; /* the last r with f(r) <= alpha, the first with f(r) >= beta */
    while (low + 1 <= remaining && f[low + 1] <= alpha) low++;
    while (high - 1 >= 0 && f[high - 1] >= beta) high--;
    int r = end_search(c, p, low, high);
    if (r < 0) r = 0;
    if (r > remaining) r = remaining;
    return f[r];
}

static int search(Ctx *c, const Pos *p, int alpha, int beta) {
    if (p->phase == OVER) return leaf_value(c, p);
    if (p->angriff || p->drawn == PILE_SIZE || (c->options & OPT_NO_ANGRIFF)) return end_value(c, p, alpha, beta);
    if (count_node(c) < 0) return 0;
    uint64_t key = 0;
    uint32_t key2 = 0;
    Entry *e = NULL;
    int best_action = -1;
    int use_table = !(c->options & OPT_NO_TABLE);
    if (use_table) {
        key = key_of(p);
        uint32_t live = p->hands[0] | p->hands[1] | c->rest[p->drawn] | (p->led != NO_CARD ? 1u << p->led : 0);
        key2 = key2_of(p) | (c->sw & live_switches(live, c->trump)) << 15;
        e = &c->table[slot_of(key, key2)];
        if (e->generation == c->generation && e->key == key && e->key2 == key2) {
            if (e->bound == EXACT) return e->value;
            if (e->bound == LOWER && e->value > alpha) alpha = e->value;
            if (e->bound == UPPER && e->value < beta) beta = e->value;
            if (alpha >= beta) return e->value;
            best_action = e->best;
        }
    }
    int alpha0 = alpha, beta0 = beta; /* the window searched, for the bound the table records */
    uint32_t mask = legal_mask(c, p);
    if (c->options & OPT_NO_ANGRIFF) mask &= ~BIT_ANGRIFF;
    if (!mask) {
        c->failed = 2; /* a position with no legal action: the caller's position cannot be played */
        return 0;
    }
    uint32_t searchable = (c->options & OPT_NO_EQUIVALENT) || p->phase == CHOOSE ? mask : skip_equivalent(c, p, mask);
    int order[32], n;
    /* the Angriff, ordered's first, before the cards: they are ordered only if it does not cut off */
    if (best_action < 0 && (searchable & BIT_ANGRIFF)) best_action = ACT_ANGRIFF;
    if (best_action >= 0 && (searchable >> best_action & 1) && !(c->options & OPT_NO_ORDERING)) {
        order[0] = best_action; /* the table's best first; the others are ordered only if it does not cut off */
        n = 1;
    } else {
        best_action = -1;
        n = ordered(c, p, searchable, order);
    }
    int maximise = p->to_move == 0;
    int best = maximise ? -INF : INF, chosen = -1;
    for (int i = 0; i < n; i++) {
        Pos child = *p;
        apply_legal(c, &child, order[i]);
        int v = search(c, &child, alpha, beta);
        if (c->failed) return 0;
        if (maximise ? v > best : v < best) {
            best = v;
            chosen = order[i];
        }
        if (maximise) {
            if (best > alpha) alpha = best;
        } else if (best < beta) {
            beta = best;
        }
        if (alpha >= beta) break;
        if (i == 0 && best_action >= 0) n = 1 + ordered(c, p, searchable & ~(1u << best_action), order + 1);
    }
    if (use_table) {
        e->key = key;
        e->key2 = key2;
        e->generation = c->generation;
        e->value = best;
        e->bound = best <= alpha0 ? UPPER : best >= beta0 ? LOWER : EXACT;
        e->best = (uint8_t)chosen;
    }
    return best;
}

/* The exact value of a position: a binary search over the values a Gang can end with, each step a
 * null-window search (is the value at least v?), all sharing the table. The values are few (7 under
 * the Schwingerwertung), and a null window prunes far more than a full one. */
static int exact_value_near(Ctx *c, const Pos *p, int guess, int has_guess) {
    int values[2 * N_LEAF + 1], n = 0;
    values[n++] = 0;
    for (int i = 0; i < N_LEAF; i++) {
        values[n++] = c->leaf[i];
        values[n++] = -c->leaf[i];
    }
    /* sort and keep each value once */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && values[j - 1] > values[j]; j--) {
            int t = values[j];
            values[j] = values[j - 1];
            values[j - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || values[i] != values[m - 1]) values[m++] = values[i];
    int lo = 0, hi = m - 1; /* the value is one of values[lo..hi] */
    int near = -1; /* a likely value's index: the first tests are at it and beside it (two searches when it is right) */
    for (int i = 0; i < m && has_guess; i++)
        if (values[i] == guess) near = i;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (near > lo && near <= hi)
            mid = near;
        else if (near >= 0 && near + 1 > lo && near + 1 <= hi)
            mid = near + 1;
        int v = search(c, p, values[mid] - 1, values[mid]);
        if (c->failed) return 0;
        /* fail-soft: v bounds the value beyond the test (at least v, or at most v) */
        if (v >= values[mid]) {
            lo = mid;
            while (lo < hi && values[lo] < v) lo++;
        } else {
            hi = mid - 1;
            while (hi > lo && values[hi] > v) hi--;
        }
    }
    return values[lo];
}

static int exact_value(Ctx *c, const Pos *p) { return exact_value_near(c, p, 0, 0); }

/* -- Python: errors and arguments (library_error, shown and raise_invalid are in _errors.h) */

/* The int `value` stands for (an int or anything with __index__, not a bool) if it lies in
 * [lo, hi]; else -1 with InvalidArgumentError(parameter) set. __index__ may run Python code:
 * the caller holds a reference to `value` across this call. */
static int int_in(PyObject *value, long long lo, long long hi, const char *parameter, const char *what,
                  long long *out) {
    if (PyBool_Check(value) || !PyIndex_Check(value)) {
        raise_invalid(parameter, what, value);
        return -1;
    }
    PyObject *number = PyNumber_Index(value);
    if (number == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_ValueError)) return -1;
        PyErr_Clear();
        raise_invalid(parameter, what, value);
        return -1;
    }
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(number, &overflow);
    Py_DECREF(number);
    if (overflow || (x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
        PyErr_Clear();
        raise_invalid(parameter, what, value);
        return -1;
    }
    *out = x;
    return 0;
}

/* `count` ints in [lo, hi] from a tuple or list `value`, each checked by int_in under `parameter`. */
static int ints_of(PyObject *value, Py_ssize_t count, long long lo, long long hi, const char *parameter,
                   const char *what, long long *out) {
    if (!PyTuple_Check(value) && !PyList_Check(value)) {
        raise_invalid(parameter, what, value);
        return -1;
    }
    if (PySequence_Size(value) != count) {
        raise_invalid(parameter, what, value);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        /* a list may be changed by an item's __index__: each item is held while it is read */
        if (PySequence_Size(value) != count) {
            raise_invalid(parameter, "the sequence changed while it was read", NULL);
            return -1;
        }
        PyObject *item = PySequence_GetItem(value, i);
        if (item == NULL) return -1;
        int rc = int_in(item, lo, hi, parameter, what, &out[i]);
        Py_DECREF(item);
        if (rc < 0) return -1;
    }
    return 0;
}

/* The deal's fixed parts: pile (12 card indices as bytes), revealed card (trump), switches. */
static int parse_context(PyObject *pile, PyObject *revealed, PyObject *switches, Ctx *c) {
    memset(c, 0, sizeof *c);
    if (!PyBytes_Check(pile) || PyBytes_GET_SIZE(pile) != PILE_SIZE) {
        raise_invalid("pile", "the pile is 12 card indices (0-25) as bytes", pile);
        return -1;
    }
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(pile);
    uint32_t seen = 0;
    for (int i = 0; i < PILE_SIZE; i++) {
        if (bytes[i] > BK || (seen >> bytes[i] & 1)) {
            raise_invalid("pile", "the pile is 12 different card indices (0-25) as bytes", pile);
            return -1;
        }
        seen |= 1u << bytes[i];
        c->pile[i] = bytes[i];
    }
    c->rest[PILE_SIZE] = 0;
    for (int i = PILE_SIZE - 1; i >= 0; i--) c->rest[i] = c->rest[i + 1] | 1u << c->pile[i];
    long long r, s;
    if (int_in(revealed, 0, BK, "revealed", "the revealed card is a card index 0-25", &r) < 0) return -1;
    if ((seen >> r) & 1) {
        raise_invalid("revealed", "the revealed card is not in the pile", revealed);
        return -1;
    }
    if (int_in(switches, 0, SW_ALL, "switches", "switches are a mask of 5 bits (schwinget_spec.twin.SWITCHES)",
               &s) < 0)
        return -1;
    c->trump = r >= KR ? NO_TRUMP : (int)(r / 6); /* deal.trump, deal.no_trump */
    c->sw = (unsigned)s;
    return 0;
}

/* The leaf table: the winner's lead per outcome and loser's tricks. Besides its range, it must make
 * the value of a finished Gang grow with P0's tricks, as the Wertungstabelle does, for the game after
 * the last draw is solved as a count of tricks (end_value): every lead >= 0 (a winner never scores
 * less than its loser), a Gestellter 0, a loser's 3 tricks never raising the winner's lead, and a
 * Plattwurf worth at least a Sieg mit Angriff. leaf_table's tables are all such. */
static int parse_leaf(PyObject *leaf, Ctx *c) {
    long long v[N_LEAF];
    if (ints_of(leaf, N_LEAF, 0, LEAF_MAX, "leaf",
                "the leaf table is 10 ints from 0 to 100000 (schwinget_spec.solver.values.leaf_table)", v) < 0)
        return -1;
    int grows = v[8] == 0 && v[9] == 0;
    for (int i = 0; i < N_LEAF; i += 2) grows = grows && v[i + 1] <= v[i];
    for (int i = 0; i < 4; i++) grows = grows && v[i] >= v[4] && v[i] >= v[5];
    if (!grows) {
        raise_invalid("leaf",
                      "the leaf table must make a Gang's value grow with P0's tricks, as leaf_table's do: a "
                      "Gestellter 0, each lead with a good loser at most the lead without, each Plattwurf "
                      "at least each Sieg mit Angriff",
                      leaf);
        return -1;
    }
    for (int i = 0; i < N_LEAF; i++) c->leaf[i] = (int)v[i];
    return 0;
}

#define POSITION_FIELDS 11
static const char POSITION_TEXT[] =
    "a position is 11 ints (hand0, hand1, drawn, phase, to_move, led, angriff, pending, tricks0, tricks1, "
    "won_after)";

/* A position that can be checked without its history: hands of at most 5 cards, apart from each
 * other and from the pile still to draw, each field in its range. A position whose play reaches a
 * player with no legal action is refused by the search (finish). */
static int parse_position(PyObject *value, const Ctx *c, Pos *p) {
    long long f[POSITION_FIELDS];
    if (ints_of(value, POSITION_FIELDS, -1, CARD_MASK, "position", POSITION_TEXT, f) < 0) return -1;
    const char *why = NULL;
    uint32_t h0 = (uint32_t)(f[0] < 0 ? 0 : f[0]), h1 = (uint32_t)(f[1] < 0 ? 0 : f[1]);
    long long drawn = f[2], phase = f[3], to_move = f[4], led = f[5], angriff = f[6], pending = f[7];
    long long t0 = f[8], t1 = f[9], won_after = f[10];
    uint32_t rest = 0;
    if (!(drawn >= 0 && drawn <= PILE_SIZE)) {
        why = "drawn is 0-12";
    } else {
        for (int i = (int)drawn; i < PILE_SIZE; i++) rest |= 1u << c->pile[i];
    }
    if (why != NULL) {
    } else if (f[0] < 0 || f[1] < 0) {
        why = "a hand is a mask of 26 bits";
    } else if (h0 & h1) {
        why = "the hands share a card";
    } else if ((h0 | h1) & rest) {
        why = "a hand holds a card of the pile still to draw";
    } else if (count_cards(h0) > HAND_MAX || count_cards(h1) > HAND_MAX) {
        why = "a hand holds at most 5 cards";
    } else if (!(phase >= LEAD && phase <= OVER)) {
        why = "phase is 0 (lead), 1 (answer), 2 (choose the leader) or 3 (over)";
    } else if (!(to_move == 0 || to_move == 1)) {
        why = "to_move is 0 or 1";
    } else if (phase == ANSWER ? !(led >= 0 && led <= BK) : led != -1) {
        why = "led is a card index 0-25 while an answer is due, else -1";
    } else if (phase == ANSWER && (((h0 | h1 | rest) >> led) & 1)) {
        why = "the led card is in a hand or in the pile still to draw";
    } else if (!(angriff >= 0 && angriff <= 2)) {
        why = "angriff is 0 (none), 1 (by P0) or 2 (by P1)";
    } else if (!(pending == 0 || pending == 1)) {
        why = "pending is 0 or 1";
    } else if (!(t0 >= 0 && t1 >= 0 && t0 + t1 <= TRICKS_MAX)) {
        why = "the tricks are two counts >= 0 of at most 11 together";
    } else if (!(won_after >= 0 && won_after <= 3) || (won_after && !angriff)) {
        why = "won_after is a mask of 2 bits, 0 without an Angriff";
    } else if (phase == OVER ? (h0 | h1) != 0 : (h0 | h1) == 0) {
        why = "the Gang is over exactly when both hands are empty";
    } else if (phase != OVER) {
        /* each Schwung draws two cards while the pile is open (schwung.lead_draw, schwung.answer_draw) */
        int open = !angriff && drawn < PILE_SIZE, odd = (int)(drawn & 1);
        int mover = count_cards(to_move ? h1 : h0), other = count_cards(to_move ? h0 : h1);
        if (phase != ANSWER ? odd || mover != other : odd != open || mover != other + !open)
            why = "the hand sizes and the pile cards drawn are those of no Gang in this phase";
        else if (open && (mover != HAND_MAX || other != HAND_MAX))
            why = "while the pile is open each player holds 5 cards";
    }
    if (why != NULL) {
        raise_invalid("position", why, value);
        return -1;
    }
    p->hands[0] = h0;
    p->hands[1] = h1;
    p->drawn = (uint8_t)drawn;
    p->phase = (uint8_t)phase;
    p->to_move = (uint8_t)to_move;
    p->led = phase == ANSWER ? (uint8_t)led : NO_CARD;
    p->angriff = (uint8_t)angriff;
    p->pending = (uint8_t)pending;
    p->tricks[0] = (uint8_t)t0;
    p->tricks[1] = (uint8_t)t1;
    p->won_after = (uint8_t)won_after;
    return 0;
}

static int parse_options(PyObject *value, Ctx *c) {
    long long o;
    if (int_in(value, 0, OPT_ALL, "options", "options are a mask of 5 bits (schwinget_spec.solver.compiled)", &o) <
        0)
        return -1;
    c->options = (unsigned)o;
    return 0;
}

static PyObject *position_tuple(const Pos *p) {
    return Py_BuildValue("(kkiiiiiiiii)", (unsigned long)p->hands[0], (unsigned long)p->hands[1], (int)p->drawn,
                         (int)p->phase, (int)p->to_move, p->led == NO_CARD ? -1 : (int)p->led, (int)p->angriff,
                         (int)p->pending, (int)p->tricks[0], (int)p->tricks[1], (int)p->won_after);
}

static int begin(Ctx *c) {
    if (table == NULL) {
        /* PyMem_Calloc checks count * size for overflow */
        table = PyMem_Calloc(TABLE_SIZE, sizeof(Entry));
        end_table = PyMem_Calloc(END_SIZE, sizeof(EndEntry));
        if (table == NULL || end_table == NULL) {
            PyMem_Free(table);
            PyMem_Free(end_table);
            table = NULL;
            end_table = NULL;
            PyErr_NoMemory();
            return -1;
        }
    }
    if (++generation == 0) { /* the generations wrapped: an entry of 2**32 calls ago must not match */
        memset(table, 0, TABLE_SIZE * sizeof(Entry));
        memset(end_table, 0, END_SIZE * sizeof(EndEntry));
        generation = 1;
    }
    c->table = table;
    c->end_table = end_table;
    c->generation = generation;
    c->end_generation = generation;
    c->released = NULL;
    c->nodes = 0;
    c->end_nodes = 0;
    c->failed = 0;
    return 0;
}

/* After a search: NULL with the error set if it failed, else a non-NULL marker. */
static int finish(const Ctx *c) {
    if (c->failed == 2 && !PyErr_Occurred())
        raise_invalid("position", "a position is reached in which the player to move has no legal action", NULL);
    return c->failed ? -1 : 0;
}

/* The arguments every solving call takes: pile, revealed, switches, leaf, position, options. */
static int parse_solve_args(PyObject *args, Ctx *c, Pos *p) {
    PyObject *pile, *revealed, *switches, *leaf, *position, *options;
    if (!PyArg_UnpackTuple(args, "solve", 6, 6, &pile, &revealed, &switches, &leaf, &position, &options)) return -1;
    if (parse_context(pile, revealed, switches, c) < 0 || parse_leaf(leaf, c) < 0 || parse_options(options, c) < 0 ||
        parse_position(position, c, p) < 0)
        return -1;
    return begin(c);
}

static int legal_in_order(const Ctx *c, const Pos *p, int out[32]) {
    /* the reference's order (GangState.legal_actions): the Angriff first, then the cards, L0, L1 */
    uint32_t mask = legal_mask(c, p);
    if (c->options & OPT_NO_ANGRIFF) mask &= ~BIT_ANGRIFF;
    int n = 0;
    if (mask & BIT_ANGRIFF) out[n++] = ACT_ANGRIFF;
    mask &= ~BIT_ANGRIFF;
    while (mask) {
        out[n++] = __builtin_ctz(mask);
        mask &= mask - 1;
    }
    return n;
}

/* value(pile, revealed, switches, leaf, position, options) -> (value, nodes, nodes after the last draw) */
static PyObject *py_value(PyObject *self, PyObject *args) {
    (void)self;
    Ctx c;
    Pos p;
    if (parse_solve_args(args, &c, &p) < 0) return NULL;
    int v = exact_value(&c, &p);
    if (finish(&c) < 0) return NULL;
    return Py_BuildValue("(iKK)", v, (unsigned long long)c.nodes, (unsigned long long)c.end_nodes);
}

/* solve(...) -> (value, line, nodes): the value and, at each step, the first action in the
 * reference's order whose position has the value, to the end of the Gang. */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    Ctx c;
    Pos p;
    if (parse_solve_args(args, &c, &p) < 0) return NULL;
    int v = exact_value(&c, &p);
    if (finish(&c) < 0) return NULL;
    /* a Gang has at most 11 Schwünge of 2 cards, one Angriff and 5 choices of the next leader: 28 */
    int line[64], n_line = 0;
    while (p.phase != OVER) {
        int actions[32], n = legal_in_order(&c, &p, actions), found = 0;
        for (int i = 0; i < n && !found; i++) {
            Pos child = p;
            apply_legal(&c, &child, actions[i]);
            int w = exact_value(&c, &child);
            if (finish(&c) < 0) return NULL;
            if (w == v) {
                if (n_line >= 64) {
                    PyErr_SetString(PyExc_RuntimeError, "an optimal line longer than any Gang");
                    return NULL;
                }
                line[n_line++] = actions[i];
                p = child;
                found = 1;
            }
        }
        if (!found) {
            PyErr_SetString(PyExc_RuntimeError, "no action reaches the position's value");
            return NULL;
        }
    }
    PyObject *out = PyTuple_New(n_line);
    if (out == NULL) return NULL;
    for (int i = 0; i < n_line; i++) {
        PyObject *a = PyLong_FromLong(line[i]);
        if (a == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, a);
    }
    return Py_BuildValue("(iNK)", v, out, (unsigned long long)c.nodes);
}

/* children(...) -> ((action, value), ...) in the reference's order, each value exact. */
static PyObject *py_children(PyObject *self, PyObject *args) {
    (void)self;
    Ctx c;
    Pos p;
    if (parse_solve_args(args, &c, &p) < 0) return NULL;
    int actions[32], n = legal_in_order(&c, &p, actions), values[32];
    for (int i = 0; i < n; i++) {
        Pos child = p;
        apply_legal(&c, &child, actions[i]);
        values[i] = exact_value(&c, &child);
        if (finish(&c) < 0) return NULL;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *pair = Py_BuildValue("(ii)", actions[i], values[i]);
        if (pair == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, pair);
    }
    return out;
}

/* moves(pile, revealed, switches, position) -> the legal actions in the reference's order. */
static PyObject *py_moves(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *pile, *revealed, *switches, *position;
    Ctx c;
    Pos p;
    if (!PyArg_UnpackTuple(args, "moves", 4, 4, &pile, &revealed, &switches, &position)) return NULL;
    if (parse_context(pile, revealed, switches, &c) < 0 || parse_position(position, &c, &p) < 0) return NULL;
    int actions[32], n = legal_in_order(&c, &p, actions);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *a = PyLong_FromLong(actions[i]);
        if (a == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, a);
    }
    return out;
}

/* play(pile, revealed, switches, position, action) -> the position after a legal action. */
static PyObject *py_play(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *pile, *revealed, *switches, *position, *action;
    Ctx c;
    Pos p;
    long long a;
    if (!PyArg_UnpackTuple(args, "play", 5, 5, &pile, &revealed, &switches, &position, &action)) return NULL;
    if (parse_context(pile, revealed, switches, &c) < 0 || parse_position(position, &c, &p) < 0) return NULL;
    if (int_in(action, 0, ACT_L1, "action", "an action is a number 0-28", &a) < 0) return NULL;
    if (!(legal_mask(&c, &p) >> a & 1)) {
        raise_invalid("action", "the action is not legal in the position", action);
        return NULL;
    }
    apply_legal(&c, &p, (int)a);
    return position_tuple(&p);
}

/* -- the bulk call: many deals from their seeds, each under several configurations, in one crossing */

#define BULK_DEALS_MAX (1 << 20)
#define BULK_CONFIGS_MAX 32

/* What a configuration changes: the switches, the leaf table and the options. */
typedef struct {
    unsigned sw;
    unsigned options;
    int leaf[N_LEAF];
    int first; /* the index of the first configuration equal to this one (itself if none before) */
} Config;

static int same_config(const Config *a, const Config *b) {
    if (a->sw != b->sw || a->options != b->options) return 0;
    for (int i = 0; i < N_LEAF; i++)
        if (a->leaf[i] != b->leaf[i]) return 0;
    return 1;
}

/* The Angriff of the optimal line solve() gives from `root` (value v): at each step the first action
 * of the reference's order whose position keeps the value, tested with one null-window search (a
 * child of P0's move is worth at most v, of P1's at least v: it keeps the value when it reaches v).
 * -1 if the line starts no Angriff, else 2 * the Schwünge played before it + its player. */
static int line_angriff(Ctx *c, const Pos *root, int v) {
    Pos p = *root;
    int schwuenge = 0;
    while (p.phase != OVER && !p.angriff && p.drawn < PILE_SIZE) {
        int actions[32], n = legal_in_order(c, &p, actions), found = -1;
        Pos next = p;
        for (int i = 0; i < n && found < 0; i++) {
            Pos child = p;
            apply_legal(c, &child, actions[i]);
            int keeps = 1;
            if (n > 1) {
                int w = p.to_move == 0 ? search(c, &child, v - 1, v) : search(c, &child, v, v + 1);
                if (c->failed) return -1;
                keeps = p.to_move == 0 ? w >= v : w <= v;
            }
            if (keeps) {
                found = actions[i];
                next = child;
            }
        }
        if (found < 0) {
            c->failed = 2; /* no action keeps the value: no position of a Gang */
            return -1;
        }
        if (found == ACT_ANGRIFF) return 2 * schwuenge + p.to_move;
        if (p.phase == ANSWER) schwuenge++;
        p = next;
    }
    return -1;
}

/* values_of_seeds(seeds, starters, configs, line) -> bytes: int32 values [deal][configuration] */
static PyObject *py_values_of_seeds(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *seeds_obj, *starters_obj, *configs_obj, *line_obj;
    if (!PyArg_UnpackTuple(args, "values_of_seeds", 4, 4, &seeds_obj, &starters_obj, &configs_obj, &line_obj))
        return NULL;
    if (!PyBytes_Check(seeds_obj) || PyBytes_GET_SIZE(seeds_obj) % 8 != 0 || PyBytes_GET_SIZE(seeds_obj) == 0 ||
        PyBytes_GET_SIZE(seeds_obj) / 8 > BULK_DEALS_MAX) {
        raise_invalid("seeds", "the seeds are 1 to 1,048,576 unsigned 64-bit ints as bytes (array('Q'))", seeds_obj);
        return NULL;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(seeds_obj) / 8;
    if (!PyBytes_Check(starters_obj) || PyBytes_GET_SIZE(starters_obj) != n) {
        raise_invalid("starters", "the starters are one byte per seed, each 0 (P0) or 1 (P1)", starters_obj);
        return NULL;
    }
    const unsigned char *starters = (const unsigned char *)PyBytes_AS_STRING(starters_obj);
    for (Py_ssize_t i = 0; i < n; i++)
        if (starters[i] > 1) {
            raise_invalid("starters", "the starters are one byte per seed, each 0 (P0) or 1 (P1)", starters_obj);
            return NULL;
        }
    if (!PyTuple_Check(configs_obj) || PyTuple_GET_SIZE(configs_obj) < 1 ||
        PyTuple_GET_SIZE(configs_obj) > BULK_CONFIGS_MAX) {
        raise_invalid("configs", "the configurations are a tuple of 1 to 32 (switches, leaf, options)", configs_obj);
        return NULL;
    }
    int k = (int)PyTuple_GET_SIZE(configs_obj);
    Config configs[BULK_CONFIGS_MAX];
    Ctx c;
    memset(&c, 0, sizeof c);
    for (int j = 0; j < k; j++) {
        PyObject *item = PyTuple_GET_ITEM(configs_obj, j);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            raise_invalid("configs", "a configuration is a tuple (switches, leaf, options)", item);
            return NULL;
        }
        long long sw;
        if (int_in(PyTuple_GET_ITEM(item, 0), 0, SW_ALL, "switches",
                   "switches are a mask of 5 bits (schwinget_spec.twin.SWITCHES)", &sw) < 0 ||
            parse_leaf(PyTuple_GET_ITEM(item, 1), &c) < 0 || parse_options(PyTuple_GET_ITEM(item, 2), &c) < 0)
            return NULL;
        configs[j].sw = (unsigned)sw;
        configs[j].options = c.options;
        memcpy(configs[j].leaf, c.leaf, sizeof c.leaf);
        configs[j].first = j;
        for (int i = 0; i < j; i++)
            if (same_config(&configs[i], &configs[j])) {
                configs[j].first = configs[i].first;
                break;
            }
    }
    long long line;
    if (int_in(line_obj, -1, k - 1, "line",
               "line is -1 or the index of the configuration whose optimal line's Angriff is reported", &line) < 0)
        return NULL;
    /* the configurations to solve, those with equal switches one after the other (they share the end table) */
    int order[BULK_CONFIGS_MAX], m = 0;
    for (int j = 0; j < k; j++) {
        if (configs[j].first != j) continue;
        int i = m++;
        while (i > 0 && configs[order[i - 1]].sw > configs[j].sw) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = j;
    }
    int width = k + (line >= 0);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n * width * (Py_ssize_t)sizeof(int32_t));
    if (out == NULL) return NULL;
    int32_t *values = (int32_t *)PyBytes_AS_STRING(out);
    c.table = PyMem_Calloc(TABLE_SIZE, sizeof(Entry));
    c.end_table = PyMem_Calloc(END_SIZE, sizeof(EndEntry));
    if (c.table == NULL || c.end_table == NULL) {
        PyMem_Free(c.table);
        PyMem_Free(c.end_table);
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    const unsigned char *seed_bytes = (const unsigned char *)PyBytes_AS_STRING(seeds_obj);
    uint32_t next_generation = 0;
    c.released = PyEval_SaveThread();
    for (Py_ssize_t d = 0; d < n && !c.failed; d++) {
        uint64_t seed;
        memcpy(&seed, seed_bytes + 8 * d, 8);
        uint8_t deck[26];
        shuffle_deck(seed, deck); /* deal.shuffle; deal.hands, deal.set_aside, deal.trump, deal.pile: as Deal.shuffled */
        Pos root;
        memset(&root, 0, sizeof root);
        for (int i = 0; i < 10; i += 2) {
            root.hands[0] |= 1u << deck[i];
            root.hands[1] |= 1u << deck[i + 1];
        }
        root.phase = LEAD;
        root.to_move = starters[d]; /* gang.turn: the starter leads Schwung 1 */
        root.led = NO_CARD;
        memcpy(c.pile, deck + 14, PILE_SIZE);
        c.rest[PILE_SIZE] = 0;
        for (int i = PILE_SIZE - 1; i >= 0; i--) c.rest[i] = c.rest[i + 1] | 1u << c.pile[i];
        c.trump = deck[10] >= KR ? NO_TRUMP : deck[10] / 6;
        int32_t *row = values + d * width;
        unsigned live = live_switches(root.hands[0] | root.hands[1] | c.rest[0], c.trump), live_sw[BULK_CONFIGS_MAX];
        int solved[BULK_CONFIGS_MAX], n_solved = 0;
        uint32_t generation_of[BULK_CONFIGS_MAX]; /* of each configuration solved: its main table's generation */
        c.end_generation++; /* the end table's entries serve every configuration of the deal: tricks, keyed by the live switches */
        for (int i = 0; i < m && !c.failed; i++) {
            const Config *f = &configs[order[i]];
            unsigned sw = f->sw & live;
            int is_line = line >= 0 && order[i] == configs[line].first, same = -1;
            for (int j = 0; j < n_solved && same < 0 && !is_line; j++) {
                const Config *g = &configs[solved[j]];
                if (live_sw[j] == sw && g->options == f->options && !memcmp(g->leaf, f->leaf, sizeof f->leaf))
                    same = solved[j];
            }
            if (same >= 0) { /* the same search as one done for this deal */
                row[order[i]] = row[same];
                continue;
            }
            /* the main table's entries serve the configurations of the deal with this leaf table and options */
            uint32_t generation = ++next_generation;
            for (int j = 0; j < n_solved; j++) {
                const Config *g = &configs[solved[j]];
                if (g->options == f->options && !memcmp(g->leaf, f->leaf, sizeof f->leaf)) generation = generation_of[j];
            }
            generation_of[n_solved] = generation;
            solved[n_solved] = order[i];
            live_sw[n_solved++] = sw;
            c.generation = generation;
            c.sw = sw;
            c.options = f->options;
            memcpy(c.leaf, f->leaf, sizeof c.leaf);
            /* the value of the last configuration solved with the same leaf table and options: usually the same */
            int guess = 0, has_guess = 0;
            for (int j = n_solved - 2; j >= 0 && !has_guess; j--) {
                const Config *g = &configs[solved[j]];
                if (g->options == f->options && !memcmp(g->leaf, f->leaf, sizeof f->leaf)) {
                    guess = row[solved[j]];
                    has_guess = 1;
                }
            }
            int v = exact_value_near(&c, &root, guess, has_guess);
            row[order[i]] = v;
            if (is_line && !c.failed)
                row[k] = line_angriff(&c, &root, v);
        }
        for (int j = 0; j < k; j++) row[j] = row[configs[j].first];
    }
    PyEval_RestoreThread(c.released);
    c.released = NULL;
    PyMem_Free(c.table);
    PyMem_Free(c.end_table);
    if (c.failed) {
        if (c.failed == 2 && !PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "a dealt Gang reached a position with no legal action");
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyMethodDef module_methods[] = {
    {"value", py_value, METH_VARARGS,
     "value(pile, revealed, switches, leaf, position, options): (the position's value, nodes searched, of them after the last draw)."},
    {"solve", py_solve, METH_VARARGS,
     "solve(pile, revealed, switches, leaf, position, options): (value, one optimal line of actions, nodes)."},
    {"children", py_children, METH_VARARGS,
     "children(pile, revealed, switches, leaf, position, options): ((action, value), ...) in the engine's order."},
    {"moves", py_moves, METH_VARARGS,
     "moves(pile, revealed, switches, position): the legal actions in the engine's order."},
    {"play", py_play, METH_VARARGS, "play(pile, revealed, switches, position, action): the next position."},
    {"values_of_seeds", py_values_of_seeds, METH_VARARGS,
     "values_of_seeds(seeds, starters, configs, line): the value of each deal Deal.shuffled(seed) from its start under "
     "each configuration (switches, leaf, options), int32 [deal][configuration] as bytes; with line >= 0 one more "
     "int32 per deal, the Angriff of that configuration's optimal line (-1 none, else 2 * Schwünge before it + its "
     "player). The GIL is released while it searches."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef solver_module = {
    PyModuleDef_HEAD_INIT, "_solver", "The compiled Gang solver (double dummy).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void) {
    PyObject *m = PyModule_Create(&solver_module);
    if (m == NULL) return NULL;
    init_skip6();
    init_pack6();
    init_outcomes();
    init_limits();
    if (PyModule_AddIntConstant(m, "OPT_NO_TABLE", OPT_NO_TABLE) < 0 ||
        PyModule_AddIntConstant(m, "OPT_NO_EQUIVALENT", OPT_NO_EQUIVALENT) < 0 ||
        PyModule_AddIntConstant(m, "OPT_NO_ORDERING", OPT_NO_ORDERING) < 0 ||
        PyModule_AddIntConstant(m, "OPT_NO_ANGRIFF", OPT_NO_ANGRIFF) < 0 ||
        PyModule_AddIntConstant(m, "OPT_NO_SURE", OPT_NO_SURE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
