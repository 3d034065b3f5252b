/* The compiled twin of the Gang engine (schwinget_spec.gang): the same deal algorithm, the
 * same rules and switches, one Gang as a 40-byte struct of masks and card indices.
 *
 * The readable engine in schwinget_spec/gang.py and trick.py is the specification; every
 * function here names the clause it follows, and schwinget_spec/twin/verify.py checks the
 * two in lock step. Cards are indices 0-25 in the canonical order (R1..R6, G1..G6, B1..B6,
 * Y1..Y6, KR, BK); a hand is a 32-bit mask; actions are 0-25 (play that card), 26 (the
 * Angriff), 27 and 28 (the Kampfrichter's player chooses P0 or P1 to lead next).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "_cards.h"
#include "_errors.h"

#define NO_CARD 255
#define N_ACTIONS 29

/* The names of the Gang switches (SW_* in _cards.h), bit by bit. */
static const char *const SWITCH_NAMES[] = {
    "special_cards_follow_colour", "void_konter_beats_six", "konter_beats_trump_six",
    "konter_loses_to_kampfrichter", "void_kampfrichter_neutralises",
};
#define N_SWITCHES 5

/* The clause that decided a Schwung, as recorded (SchwungRecord.clause_id). */
enum {
    CL_NONE = 0, CL_KONTER_LAST, CL_KR_LAST, CL_KONTER_LOSES, CL_VOID_LOSES,
    CL_NEUTRALISES, CL_KONTER_BEATS, CL_TRUMP_BEATS, CL_HIGHER_WINS, N_CLAUSES
};
static const char *const CLAUSE_NAMES[] = {
    "", "konter.last_trick", "kampfrichter.last_schwung", "konter.loses", "schwung.void_loses",
    "kampfrichter.neutralises", "konter.beats_six", "trump.beats", "schwung.higher_wins",
};

static const char *const CODES[N_ACTIONS] = {
    "R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3", "G4", "G5", "G6",
    "B1", "B2", "B3", "B4", "B5", "B6", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6",
    "KR", "BK", "A", "L0", "L1",
};

/* One Gang. 40 bytes, no padding: states compare and hash as bytes. */
typedef struct {
    uint32_t hands[2];      /* bit i: card i */
    uint8_t pile[PILE_SIZE];
    uint8_t drawn;          /* pile cards drawn so far */
    uint8_t phase;
    uint8_t to_move;
    uint8_t led;            /* card waiting for its answer, or NO_CARD */
    uint8_t angriff;        /* 0 none, 1 + the player who started it */
    uint8_t angriff_after;  /* completed Schwünge when it started */
    uint8_t pending;        /* a neutralised trick waits to be collected */
    uint8_t schwuenge;      /* completed Schwünge */
    uint8_t tricks[2];
    uint8_t won_after;      /* bit p: p won a decided Schwung after the Angriff */
    uint8_t record;         /* clause of the Schwung the last action completed, CL_NONE if none */
    /* the fields above are the position; those below never change within a Gang, except step */
    uint8_t step;
    uint8_t revealed;
    uint8_t trump;
    uint8_t starter;
    uint8_t sw;
    uint8_t pad[3];
} Gang;

#define POSITION_BYTES offsetof(Gang, step)

/* -- the deal (SplitMix64 and the shuffle, docs/deal-algorithm.md, are in _cards.h) */

/* deal.hands, deal.set_aside, deal.trump, deal.no_trump, deal.pile; gang.turn: starter leads */
static void gang_start(Gang *g, uint32_t h0, uint32_t h1, int revealed, const uint8_t pile[PILE_SIZE],
                       int starter, unsigned sw) {
    memset(g, 0, sizeof *g);
    g->hands[0] = h0;
    g->hands[1] = h1;
    memcpy(g->pile, pile, PILE_SIZE);
    g->phase = LEAD;
    g->to_move = (uint8_t)starter;
    g->led = NO_CARD;
    g->revealed = (uint8_t)revealed;
    g->trump = revealed >= KR ? NO_TRUMP : (uint8_t)(revealed / 6);
    g->starter = (uint8_t)starter;
    g->sw = (uint8_t)sw;
}

static void gang_deal(Gang *g, uint64_t seed, int starter, unsigned sw) {
    uint8_t deck[26];
    shuffle_deck(seed, deck);
    uint32_t h0 = 0, h1 = 0;
    for (int k = 0; k < 10; k += 2) {
        h0 |= 1u << deck[k];
        h1 |= 1u << deck[k + 1];
    }
    gang_start(g, h0, h1, deck[10], deck + 14, starter, sw);
}

/* -- one Schwung (trick.py; which answers are allowed is in _cards.h) */

/* The winner of the Schwung (0 or 1), or -1 when the Kampfrichter neutralised it; *clause names why. */
static inline int resolve_schwung(int leader, int led, int answer, int trump, unsigned sw, int is_last,
                                  int was_void, uint8_t *clause) {
    int answerer = leader ^ 1;
    if (led == KR || answer == KR) {
        int kr_player = led == KR ? leader : answerer;
        int other = led == KR ? answer : led;
        if (is_last) {
            *clause = other == BK ? CL_KONTER_LAST : CL_KR_LAST;
            return kr_player ^ 1;
        }
        if (other == BK && (sw & SW_KONTER_LOSES_KR)) { /* AMB-KONTER-VS-KR */
            *clause = CL_KONTER_LOSES;
            return kr_player;
        }
        if (was_void && !(sw & SW_VOID_KR)) { /* AMB-KAMPFRICHTER-VOID */
            *clause = CL_VOID_LOSES;
            return leader;
        }
        *clause = CL_NEUTRALISES;
        return -1;
    }
    if (led == BK) {
        if (konter_beats(answer, trump, sw)) {
            *clause = CL_KONTER_BEATS;
            return leader;
        }
        *clause = is_six(answer) ? CL_TRUMP_BEATS : CL_KONTER_LOSES;
        return answerer;
    }
    if (answer == BK) {
        if (konter_beats(led, trump, sw)) {
            if (was_void && !(sw & SW_VOID_KONTER)) { /* AMB-KONTER-VOID */
                *clause = CL_VOID_LOSES;
                return leader;
            }
            *clause = CL_KONTER_BEATS;
            return answerer;
        }
        *clause = is_six(led) ? CL_TRUMP_BEATS : CL_KONTER_LOSES;
        return leader;
    }
    int led_colour = led / 6, answer_colour = answer / 6;
    if (answer_colour == led_colour) {
        *clause = CL_HIGHER_WINS;
        return answer > led ? answerer : leader;
    }
    if (trump != NO_TRUMP) {
        if (answer_colour == trump) {
            *clause = CL_TRUMP_BEATS;
            return answerer;
        }
        if (led_colour == trump) {
            *clause = CL_TRUMP_BEATS;
            return leader;
        }
    }
    *clause = CL_VOID_LOSES;
    return leader;
}

/* -- the Gang (gang.py) */

/* legal_actions() as a mask: bit 26 the Angriff, bits 27/28 the choice of the next leader. */
static inline uint32_t legal_mask(const Gang *g) {
    return legal_mask_of(g->phase, g->hands[g->to_move], g->angriff, g->drawn, g->led, g->trump, g->sw);
}

/* The k-th legal action in the reference's order: the Angriff first, then the cards, L0, L1. */
static inline int nth_action(uint32_t mask, unsigned k) {
    if (mask & BIT_ANGRIFF) {
        if (k == 0) return ACT_ANGRIFF;
        k--;
        mask &= ~BIT_ANGRIFF;
    }
    while (k--) mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* A legal lead: the Angriff or a card (the caller checked it against legal_mask). */
static inline void apply_lead(Gang *g, int action) {
    g->step++;
    g->record = CL_NONE;
    if (action == ACT_ANGRIFF) {
        /* angriff.stier_on_pile, angriff.locks_pile */
        g->angriff = (uint8_t)(1 + g->to_move);
        g->angriff_after = g->schwuenge;
        return;
    }
    uint32_t hand = g->hands[g->to_move] ^ (1u << action);
    if (!g->angriff && g->drawn < PILE_SIZE) hand |= 1u << g->pile[g->drawn++]; /* schwung.lead_draw */
    g->hands[g->to_move] = hand;
    g->to_move ^= 1;
    g->led = (uint8_t)action;
    g->phase = ANSWER;
}

/* A legal answer, and the Schwung it completes (the caller checked it against legal_mask). */
static inline void apply_answer(Gang *g, int action) {
    g->step++;
    int answerer = g->to_move, leader = answerer ^ 1, led = g->led;
    uint32_t hand = g->hands[answerer];
    int was_void = led < KR && !(hand & COLOUR_MASK[led / 6]);
    hand ^= 1u << action;
    if (!g->angriff && g->drawn < PILE_SIZE) hand |= 1u << g->pile[g->drawn++]; /* schwung.answer_draw */
    g->hands[answerer] = hand;
    int is_last = !g->hands[0] && !g->hands[1];
    int winner = resolve_schwung(leader, led, action, g->trump, g->sw, is_last, was_void, &g->record);
    g->schwuenge++;
    g->led = NO_CARD;
    if (winner < 0) {
        /* kampfrichter.neutralises: the trick stays in the middle; kampfrichter.chooses */
        g->pending = 1;
        g->phase = CHOOSE;
        g->to_move = (uint8_t)(led == KR ? leader : answerer);
        return;
    }
    /* trick.winner_takes; kampfrichter.collect: the pending trick goes with it */
    g->tricks[winner] += g->pending ? 2 : 1;
    g->pending = 0;
    if (g->angriff) g->won_after |= (uint8_t)(1u << winner);
    g->to_move = (uint8_t)winner; /* trick.winner_leads */
    g->phase = is_last ? OVER : LEAD;
}

/* A legal choice of the next leader after a neutralised Schwung (kampfrichter.chooses). */
static inline void apply_choice(Gang *g, int action) {
    g->step++;
    g->record = CL_NONE;
    g->to_move = (uint8_t)(action - ACT_L0);
    g->phase = LEAD;
}

/* Apply a legal action (the caller checked it against legal_mask). */
static inline void apply_legal(Gang *g, int action) {
    switch (g->phase) {
    case LEAD: apply_lead(g, action); return;
    case ANSWER: apply_answer(g, action); return;
    case CHOOSE: apply_choice(g, action); return;
    default: g->step++; g->record = CL_NONE; return;
    }
}

/* The clause that forbids an illegal action, in the order gang.py checks them. */
static const char *illegal_clause(const Gang *g, int action, const char **reason) {
    int p = g->phase;
    if (p == OVER) {
        *reason = "the Gang is over: both hands are empty";
        return g->angriff ? "gang.end_angriff" : "gang.end_no_angriff";
    }
    if (action < KR + 2) {
        if (p == LEAD) {
            *reason = "the leader does not hold that card";
            return "schwung.lead";
        }
        if (p == ANSWER) {
            if (!(g->hands[g->to_move] & (1u << action))) {
                *reason = "the answering player does not hold that card";
                return "schwung.answer";
            }
            *reason = "the answer must follow the led colour (or be a trump)";
            return "schwung.farbzwang";
        }
        *reason = "the player of the Kampfrichter must first decide who leads next (L0 or L1)";
        return "kampfrichter.chooses";
    }
    if (action == ACT_ANGRIFF) {
        if (p == CHOOSE) {
            *reason = "the player of the Kampfrichter must first decide who leads next (L0 or L1)";
            return "kampfrichter.chooses";
        }
        if (p == ANSWER) {
            *reason = "only the player about to lead may start the Angriff, before a Schwung";
            return "angriff.who";
        }
        if (g->angriff) {
            *reason = "the Angriff was already started; there is only one Angriff per Gang";
            return "angriff.once";
        }
        *reason = "the draw pile is used up, so no Angriff can be started";
        return "angriff.not_empty_pile";
    }
    *reason = "no Kampfrichter trick awaits a decision: only the player of the Kampfrichter chooses the next leader";
    return "kampfrichter.chooses";
}

/* The result (GangResult) packed in 24 bits; schwinget_spec/twin/codes.py unpacks it.
 * bits 0-3 tricks of P0, 4-7 tricks of P1, 8-11 Schwünge, 12-13 Angriff (0 none, 1 + player),
 * 14-16 after how many Schwünge, 17-18 Plattwurf (0 none, 1 + player), 19-20 winner (0 none,
 * 1 + player), 21-23 outcome (Outcome in declaration order). */
static inline uint32_t result_code(const Gang *g) {
    unsigned t0 = g->tricks[0], t1 = g->tricks[1], platt = 0, winner, outcome;
    if (g->angriff && (g->won_after == 1 || g->won_after == 2)) {
        /* plattwurf.after_angriff, plattwurf.definition */
        platt = g->won_after == 1 ? 1 : 2;
    }
    if (platt) {
        winner = platt;
        outcome = platt == g->angriff ? 0 : 1;
    } else if (t0 == t1) {
        winner = 0; /* gang.more_tricks_wins: a Gestellter */
        outcome = 4;
    } else {
        winner = t0 > t1 ? 1 : 2;
        outcome = g->angriff ? 2 : 3;
    }
    return t0 | (t1 << 4) | ((unsigned)g->schwuenge << 8) | ((unsigned)g->angriff << 12) |
           ((unsigned)g->angriff_after << 14) | (platt << 17) | (winner << 19) | (outcome << 21);
}

/* Play to the end, each action legal[x % n] for the next number x of the stream; returns the steps. */
static inline __attribute__((always_inline)) unsigned play_out(Gang *gang, uint64_t *stream) {
    Gang l = *gang, *g = &l;
    uint64_t s = *stream;
    unsigned steps = 0;
    for (;; steps++) {
        /* one step: legal_mask, its (x % n)-th action (nth_action) and apply_legal, phase by phase */
        uint32_t m;
        switch (g->phase) {
        case LEAD:
            m = legal_mask(g);
            apply_lead(g, nth_action(m, (unsigned)(sm_next(&s) % (unsigned)__builtin_popcount(m))));
            continue;
        case ANSWER: {
            m = allowed_answers(g->hands[g->to_move], g->led, g->trump, g->sw);
            unsigned k = (unsigned)(sm_next(&s) % (unsigned)__builtin_popcount(m));
            while (k--) m &= m - 1;
            apply_answer(g, __builtin_ctz(m));
            continue;
        }
        case CHOOSE:
            apply_choice(g, ACT_L0 + (int)(sm_next(&s) % 2u));
            continue;
        default:
            break;
        }
        break;
    }
    *gang = l;
    *stream = s;
    return steps;
}

/* SplitMix64.below(n): uniform in [0, n) by rejection, as RandomBot draws. */
static inline unsigned sm_below(uint64_t *state, unsigned n) {
    uint64_t limit = LIMIT[n], x;
    do {
        x = sm_next(state);
    } while (limit != 0 && x >= limit);
    return (unsigned)(x % n);
}

/* -- Python: errors (library_error, shown and raise_invalid are in _errors.h) */

static PyObject *illegal_error_type(void) {
    static PyObject *cls = NULL;
    return library_error("IllegalActionError", &cls);
}

/* The number `value` stands for (an int or anything with __index__, not a bool) if it lies in
 * [0, limit]; else -1 with InvalidArgumentError(parameter) set. */
static int number_in(PyObject *value, uint64_t limit, const char *parameter, const char *what, uint64_t *out) {
    if (PyLong_CheckExact(value)) {
        /* a plain int, read without running any Python code */
        int overflow;
        long long small = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow == 0 && small >= 0 && (unsigned long long)small <= limit) {
            *out = (uint64_t)small;
            return 0;
        }
        if (overflow > 0) {
            unsigned long long x = PyLong_AsUnsignedLongLong(value);
            if (!(x == (unsigned long long)-1 && PyErr_Occurred()) && x <= limit) {
                *out = x;
                return 0;
            }
            PyErr_Clear();
        }
        raise_invalid(parameter, what, value);
        return -1;
    }
    if (PyBool_Check(value) || !PyIndex_Check(value)) {
        raise_invalid(parameter, what, value);
        return -1;
    }
    PyObject *number = PyNumber_Index(value);
    if (number == NULL) {
        /* an __index__ that fails or returns no int: refused as any other value (an interrupt stays one) */
        if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_ValueError)) return -1;
        PyErr_Clear();
        raise_invalid(parameter, what, value);
        return -1;
    }
    int overflow;
    long long small = PyLong_AsLongLongAndOverflow(number, &overflow); /* the sign, without an error */
    int negative = overflow < 0 || (overflow == 0 && small < 0);
    uint64_t x = negative ? 0 : PyLong_AsUnsignedLongLong(number);
    Py_DECREF(number);
    if (negative || (x == (uint64_t)-1 && PyErr_Occurred()) || x > limit) {
        PyErr_Clear();
        raise_invalid(parameter, what, value);
        return -1;
    }
    *out = x;
    return 0;
}

static void raise_illegal(const Gang *g, int action) {
    const char *reason = "";
    const char *clause = illegal_clause(g, action, &reason);
    PyObject *cls = illegal_error_type();
    if (cls == NULL) return;
    PyObject *args = Py_BuildValue("(s)", reason);
    PyObject *kwargs = Py_BuildValue("{s:s,s:i,s:s}", "clause_id", clause, "step", (int)g->step, "action",
                                     CODES[action]);
    if (args != NULL && kwargs != NULL) {
        PyObject *exc = PyObject_Call(cls, args, kwargs);
        if (exc != NULL) {
            PyErr_SetObject(cls, exc);
            Py_DECREF(exc);
        }
    }
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
}

/* The Gang switches as a mask of N_SWITCHES bits; -1 with InvalidArgumentError(parameter) set if not one. */
static int parse_switches(PyObject *value, const char *parameter, unsigned *out) {
    uint64_t sw;
    if (number_in(value, SW_ALL, parameter, "switches are a mask of 5 bits (schwinget_spec.twin.SWITCHES)", &sw) < 0)
        return -1;
    *out = (unsigned)sw;
    return 0;
}

/* A seed: an integer from 0 to 2**64-1. */
static int parse_seed(PyObject *value, const char *parameter, uint64_t *out) {
    return number_in(value, UINT64_MAX, parameter, "a seed is an integer from 0 to 2**64-1", out);
}

/* A seat: 0 or 1. */
static int parse_seat(PyObject *value, const char *parameter, int *out) {
    uint64_t seat;
    if (number_in(value, 1, parameter, "a seat is 0 (P0) or 1 (P1)", &seat) < 0) return -1;
    *out = (int)seat;
    return 0;
}

/* The bounds of requested work (schwinget_spec.twin.MAX_COUNT and MAX_RESULTS): Gänge per call, and
 * Gänge whose packed results are kept (4 bytes each: 1 GiB). */
#define MAX_COUNT (1ull << 40)
#define MAX_RESULTS (1ull << 28)

/* A count of Gänge (or runs) from 0 to `limit`. */
static int parse_count(PyObject *value, const char *parameter, uint64_t limit, Py_ssize_t *out) {
    uint64_t n;
    char what[96];
    snprintf(what, sizeof what, "a count is an integer from 0 to %llu", (unsigned long long)limit);
    if (number_in(value, limit, parameter, what, &n) < 0) return -1;
    *out = (Py_ssize_t)n;
    return 0;
}

/* Signals are checked between blocks of this many Gänge: Ctrl-C stops a long call within milliseconds. */
#define SIGNAL_BLOCK 16384

/* -- Python: the immutable state of the step API */

typedef struct {
    PyObject_HEAD
    Gang g;
} GangObject;

static PyTypeObject GangType;

static inline GangObject *new_gang(const Gang *g) {
    GangObject *obj = PyObject_New(GangObject, &GangType);
    if (obj != NULL) memcpy(&obj->g, g, sizeof *g);
    return obj;
}

static void Gang_dealloc(PyObject *self) { PyObject_Free(self); }

static PyObject *Gang_legal_actions(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    uint32_t m = legal_mask(&((GangObject *)self)->g);
    PyObject *out = PyTuple_New(__builtin_popcount(m));
    if (out == NULL) return NULL;
    Py_ssize_t k = 0;
    if (m & BIT_ANGRIFF) {
        PyTuple_SET_ITEM(out, k++, PyLong_FromLong(ACT_ANGRIFF));
        m &= ~BIT_ANGRIFF;
    }
    while (m) {
        PyTuple_SET_ITEM(out, k++, PyLong_FromLong(__builtin_ctz(m)));
        m &= m - 1;
    }
    return out;
}

static PyObject *Gang_apply(PyObject *self, PyObject *arg) {
    uint64_t action;
    if (number_in(arg, N_ACTIONS - 1, "action", "an action is a number 0-28 (schwinget_spec.twin.ACTION_CODES)",
                  &action) < 0)
        return NULL;
    const Gang *g = &((GangObject *)self)->g;
    if (!(legal_mask(g) & (1u << action))) {
        raise_illegal(g, (int)action);
        return NULL;
    }
    GangObject *out = new_gang(g);
    if (out != NULL) apply_legal(&out->g, (int)action);
    return (PyObject *)out;
}

static PyObject *Gang_rollout(PyObject *self, PyObject *arg) {
    uint64_t stream;
    if (number_in(arg, UINT64_MAX, "seed", "a seed is an integer from 0 to 2**64-1", &stream) < 0) return NULL;
    GangObject *out = new_gang(&((GangObject *)self)->g);
    if (out != NULL) play_out(&out->g, &stream);
    return (PyObject *)out;
}

static PyObject *Gang_get_legal_mask(PyObject *self, void *c) {
    return PyLong_FromUnsignedLong(legal_mask(&((GangObject *)self)->g));
}
static PyObject *Gang_get_is_over(PyObject *self, void *c) {
    return PyBool_FromLong(((GangObject *)self)->g.phase == OVER);
}
static PyObject *Gang_get_phase(PyObject *self, void *c) { return PyLong_FromLong(((GangObject *)self)->g.phase); }
static PyObject *Gang_get_to_move(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (g->phase == OVER) Py_RETURN_NONE;
    return PyLong_FromLong(g->to_move);
}
static PyObject *Gang_get_hands(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    return Py_BuildValue("(kk)", (unsigned long)g->hands[0], (unsigned long)g->hands[1]);
}
static PyObject *Gang_get_tricks(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    return Py_BuildValue("(ii)", g->tricks[0], g->tricks[1]);
}
static PyObject *Gang_get_pile_drawn(PyObject *self, void *c) {
    return PyLong_FromLong(((GangObject *)self)->g.drawn);
}
static PyObject *Gang_get_pile_size(PyObject *self, void *c) {
    return PyLong_FromLong(PILE_SIZE - ((GangObject *)self)->g.drawn);
}
static PyObject *Gang_get_led(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (g->led == NO_CARD) Py_RETURN_NONE;
    return PyLong_FromLong(g->led);
}
static PyObject *Gang_get_angriff(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (!g->angriff) Py_RETURN_NONE;
    return Py_BuildValue("(ii)", g->angriff - 1, g->angriff_after);
}
static PyObject *Gang_get_pending(PyObject *self, void *c) {
    return PyBool_FromLong(((GangObject *)self)->g.pending);
}
static PyObject *Gang_get_schwuenge(PyObject *self, void *c) {
    return PyLong_FromLong(((GangObject *)self)->g.schwuenge);
}
static PyObject *Gang_get_step(PyObject *self, void *c) { return PyLong_FromLong(((GangObject *)self)->g.step); }
static PyObject *Gang_get_starter(PyObject *self, void *c) {
    return PyLong_FromLong(((GangObject *)self)->g.starter);
}
static PyObject *Gang_get_revealed(PyObject *self, void *c) {
    return PyLong_FromLong(((GangObject *)self)->g.revealed);
}
static PyObject *Gang_get_trump(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (g->trump == NO_TRUMP) Py_RETURN_NONE;
    return PyLong_FromLong(g->trump);
}
static PyObject *Gang_get_switches(PyObject *self, void *c) {
    return PyLong_FromLong(((GangObject *)self)->g.sw);
}
static PyObject *Gang_get_pile(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    PyObject *out = PyTuple_New(PILE_SIZE);
    if (out == NULL) return NULL;
    for (int i = 0; i < PILE_SIZE; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(g->pile[i]));
    return out;
}
static PyObject *Gang_get_last_clause(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (g->record == CL_NONE) Py_RETURN_NONE;
    return PyUnicode_FromString(CLAUSE_NAMES[g->record]);
}
static PyObject *Gang_get_result_code(PyObject *self, void *c) {
    const Gang *g = &((GangObject *)self)->g;
    if (g->phase != OVER) Py_RETURN_NONE;
    return PyLong_FromUnsignedLong(result_code(g));
}

static PyGetSetDef Gang_getset[] = {
    {"legal_mask", Gang_get_legal_mask, NULL, "The legal actions as a mask: bit a is action a.", NULL},
    {"is_over", Gang_get_is_over, NULL, "True once the Gang has ended.", NULL},
    {"phase", Gang_get_phase, NULL, "0 lead, 1 answer, 2 choose the next leader, 3 over.", NULL},
    {"to_move", Gang_get_to_move, NULL, "The seat to move (0 or 1); None once over.", NULL},
    {"hands", Gang_get_hands, NULL, "Both hands as card masks (bit i: card i).", NULL},
    {"tricks", Gang_get_tricks, NULL, "Tricks credited to P0 and P1.", NULL},
    {"pile_drawn", Gang_get_pile_drawn, NULL, "Pile cards drawn so far.", NULL},
    {"pile_size", Gang_get_pile_size, NULL, "Cards left in the draw pile.", NULL},
    {"led", Gang_get_led, NULL, "The card waiting for its answer, or None.", NULL},
    {"angriff", Gang_get_angriff, NULL, "(player, after_schwung), or None.", NULL},
    {"pending", Gang_get_pending, NULL, "True while a neutralised trick waits to be collected.", NULL},
    {"schwuenge", Gang_get_schwuenge, NULL, "Completed Schwünge.", NULL},
    {"step", Gang_get_step, NULL, "Actions applied so far.", NULL},
    {"starter", Gang_get_starter, NULL, "The seat that led the first Schwung.", NULL},
    {"revealed", Gang_get_revealed, NULL, "The revealed card's index.", NULL},
    {"trump", Gang_get_trump, NULL, "The trump colour 0-3 (R, G, B, Y), or None.", NULL},
    {"switches", Gang_get_switches, NULL, "The Gang switches as a mask (schwinget_spec.twin.SWITCHES).", NULL},
    {"pile", Gang_get_pile, NULL, "The twelve pile cards, the first drawn first.", NULL},
    {"last_clause", Gang_get_last_clause, NULL, "The clause that decided the Schwung the last action completed.", NULL},
    {"result_code", Gang_get_result_code, NULL, "The packed result once over (twin.codes.decode_result), else None.", NULL},
    {NULL},
};

static PyMethodDef Gang_methods[] = {
    {"legal_actions", Gang_legal_actions, METH_NOARGS,
     "The legal actions (0-25 a card, 26 the Angriff, 27/28 L0/L1), in the reference's order."},
    {"apply", Gang_apply, METH_O, "The state after an action; raises IllegalActionError naming its clause."},
    {"rollout", Gang_rollout, METH_O,
     "The end of the Gang played from here by legal[x % n], x the next output of SplitMix64 seeded with the argument."},
    {NULL},
};

static PyObject *Gang_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(b, &GangType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    int same = memcmp(&((GangObject *)a)->g, &((GangObject *)b)->g, sizeof(Gang)) == 0;
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static Py_hash_t Gang_hash(PyObject *self) {
    const unsigned char *p = (const unsigned char *)&((GangObject *)self)->g;
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < sizeof(Gang); i++) h = (h ^ p[i]) * 0x100000001B3ull;
    Py_hash_t out = (Py_hash_t)(h >> 1);
    return out == -1 ? -2 : out;
}

static PyObject *Gang_repr(PyObject *self) {
    const Gang *g = &((GangObject *)self)->g;
    return PyUnicode_FromFormat("twin.Gang(step=%d, phase=%d, to_move=%d, tricks=%d:%d, pile=%d)", g->step,
                                g->phase, g->to_move, g->tricks[0], g->tricks[1], PILE_SIZE - g->drawn);
}

static PyTypeObject GangType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "schwinget_spec.twin._twin.Gang",
    .tp_basicsize = sizeof(GangObject),
    .tp_dealloc = Gang_dealloc,
    .tp_repr = Gang_repr,
    .tp_hash = Gang_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One Gang of the compiled twin: an immutable state; apply() returns a new one.",
    .tp_richcompare = Gang_richcompare,
    .tp_methods = Gang_methods,
    .tp_getset = Gang_getset,
};

/* -- Python: module functions */

/* The first state of a Gang dealt as `deal` (hand0, hand1, revealed, pile), after checking that it is one:
 * five cards each, the revealed card and twelve pile cards, all distinct; 0, or -1 with
 * InvalidArgumentError naming the parameter. The deal is first copied (a tuple of its own, the
 * pile's bytes into C), so no __index__ or __iter__ it runs can change what is read. */
static int deal_start(Gang *g, PyObject *deal, PyObject *starter_obj, PyObject *sw_obj) {
    static const char *const NOT_A_DEAL =
        "(hand0, hand1, revealed, pile) is not a deal (five cards each as a mask, the revealed card's index, "
        "twelve pile cards as bytes, all distinct)";
    PyObject *items = PySequence_Check(deal) && !PyUnicode_Check(deal) ? PySequence_Tuple(deal) : NULL;
    if (items == NULL) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_ValueError))
            return -1;
        PyErr_Clear();
        raise_invalid("deal", NOT_A_DEAL, deal);
        return -1;
    }
    uint64_t h0 = 0, h1 = 0, revealed = 0;
    uint8_t pile[PILE_SIZE];
    int bad = PyTuple_GET_SIZE(items) != 4;
    if (!bad && (number_in(PyTuple_GET_ITEM(items, 0), (1u << 26) - 1, "deal", NOT_A_DEAL, &h0) < 0 ||
                 number_in(PyTuple_GET_ITEM(items, 1), (1u << 26) - 1, "deal", NOT_A_DEAL, &h1) < 0 ||
                 number_in(PyTuple_GET_ITEM(items, 2), BK, "deal", NOT_A_DEAL, &revealed) < 0)) {
        Py_DECREF(items);
        return -1;
    }
    if (!bad) {
        Py_buffer view;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(items, 3), &view, PyBUF_SIMPLE) < 0) {
            if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_BufferError)) {
                Py_DECREF(items);
                return -1;
            }
            PyErr_Clear();
            bad = 1;
        } else {
            bad = view.len != PILE_SIZE;
            if (!bad) memcpy(pile, view.buf, PILE_SIZE);
            PyBuffer_Release(&view);
        }
    }
    if (bad) {
        raise_invalid("deal", NOT_A_DEAL, deal);
        Py_DECREF(items);
        return -1;
    }
    Py_DECREF(items);
    int starter;
    unsigned sw;
    if (parse_seat(starter_obj, "starter", &starter) < 0 || parse_switches(sw_obj, "switches", &sw) < 0) return -1;
    bad = (h0 & h1) || __builtin_popcountll(h0) != 5 || __builtin_popcountll(h1) != 5;
    uint32_t used = (uint32_t)(h0 | h1);
    if (!bad) {
        bad = (used >> revealed) & 1;
        used |= 1u << revealed;
    }
    for (int i = 0; !bad && i < PILE_SIZE; i++) {
        bad = pile[i] > BK || ((used >> pile[i]) & 1);
        if (!bad) used |= 1u << pile[i];
    }
    if (bad) {
        raise_invalid("deal", NOT_A_DEAL, deal);
        return -1;
    }
    gang_start(g, (uint32_t)h0, (uint32_t)h1, (int)revealed, pile, starter, sw);
    return 0;
}

static PyObject *py_start(PyObject *mod, PyObject *args) {
    PyObject *deal, *starter, *sw;
    if (!PyArg_UnpackTuple(args, "start", 3, 3, &deal, &starter, &sw)) return NULL;
    Gang g;
    return deal_start(&g, deal, starter, sw) < 0 ? NULL : (PyObject *)new_gang(&g);
}

static PyObject *py_start_seed(PyObject *mod, PyObject *args) {
    PyObject *seed_obj, *starter_obj, *sw_obj;
    if (!PyArg_UnpackTuple(args, "start_seed", 3, 3, &seed_obj, &starter_obj, &sw_obj)) return NULL;
    uint64_t seed;
    int starter;
    unsigned sw;
    if (parse_seed(seed_obj, "seed", &seed) < 0 || parse_seat(starter_obj, "starter", &starter) < 0 ||
        parse_switches(sw_obj, "switches", &sw) < 0)
        return NULL;
    Gang g;
    gang_deal(&g, seed, starter, sw);
    return (PyObject *)new_gang(&g);
}

static PyObject *py_deck(PyObject *mod, PyObject *arg) {
    uint64_t seed;
    if (parse_seed(arg, "seed", &seed) < 0) return NULL;
    uint8_t deck[26];
    shuffle_deck(seed, deck);
    return PyBytes_FromStringAndSize((const char *)deck, 26);
}

enum {
    C_GAENGE, C_STEPS, C_SCHWUENGE, C_OUTCOME, C_WIN = C_OUTCOME + 5, C_DRAWS = C_WIN + 2, C_ANGRIFFE,
    C_PLATTWUERFE, C_STARTER_WINS, N_COUNTS
};

/* Gänge begin..end-1 of play_random: dealt and played from the stream `master`, counted into
 * `counts`, their packed results into `out` unless it is NULL. */
static inline __attribute__((always_inline)) void random_block(Py_ssize_t begin, Py_ssize_t end, uint64_t *master,
                                                                unsigned sw, uint32_t *out, uint64_t *counts) {
    for (Py_ssize_t i = begin; i < end; i++) {
        Gang g;
        uint64_t deal_seed = sm_next(master), stream = sm_next(master);
        gang_deal(&g, deal_seed, (int)(i & 1), sw);
        counts[C_STEPS] += play_out(&g, &stream);
        uint32_t code = result_code(&g);
        if (out != NULL) out[i] = code;
        unsigned winner = (code >> 19) & 3;
        counts[C_SCHWUENGE] += g.schwuenge;
        counts[C_OUTCOME + ((code >> 21) & 7)]++;
        if (winner) {
            counts[C_WIN + winner - 1]++;
            counts[C_STARTER_WINS] += winner - 1 == (unsigned)(i & 1);
        } else {
            counts[C_DRAWS]++;
        }
        counts[C_ANGRIFFE] += g.angriff != 0;
        counts[C_PLATTWUERFE] += ((code >> 17) & 3) != 0;
    }
}

/* Two builds of the bulk loops: one for any CPU of the architecture, and on x86 one that may use
 * the CPU's popcount instruction (the portable build calls a popcount in libgcc instead), chosen
 * when the module loads by asking the CPU (__builtin_cpu_supports). The shipped flags stay
 * portable: no -march, no -mpopcnt. Both builds run the same code, so they play the same Gänge. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(SCHWINGET_NO_POPCNT_DISPATCH)
#define POPCNT_DISPATCH 1
#define TARGET_POPCNT __attribute__((target("popcnt")))
#endif

static void random_block_plain(Py_ssize_t begin, Py_ssize_t end, uint64_t *master, unsigned sw, uint32_t *out,
                               uint64_t *counts) {
    random_block(begin, end, master, sw, out, counts);
}
static unsigned play_out_plain(Gang *g, uint64_t *stream) { return play_out(g, stream); }
#ifdef POPCNT_DISPATCH
TARGET_POPCNT static void random_block_popcnt(Py_ssize_t begin, Py_ssize_t end, uint64_t *master, unsigned sw,
                                              uint32_t *out, uint64_t *counts) {
    random_block(begin, end, master, sw, out, counts);
}
TARGET_POPCNT static unsigned play_out_popcnt(Gang *g, uint64_t *stream) { return play_out(g, stream); }
#endif
static void (*random_block_best)(Py_ssize_t, Py_ssize_t, uint64_t *, unsigned, uint32_t *, uint64_t *) =
    random_block_plain;
static unsigned (*play_out_best)(Gang *, uint64_t *) = play_out_plain;

/* play_random(count, seed, switches, keep): Gang i is dealt from the 2i-th number of the stream of
 * seed, played with the (2i+1)-th as choice seed, P(i % 2) leading. count is at most MAX_COUNT, and
 * at most MAX_RESULTS when the results are kept; signals are checked between blocks of Gänge. */
static PyObject *py_play_random(PyObject *mod, PyObject *args) {
    PyObject *count_obj, *seed_obj, *sw_obj, *keep_obj;
    if (!PyArg_UnpackTuple(args, "play_random", 4, 4, &count_obj, &seed_obj, &sw_obj, &keep_obj)) return NULL;
    int keep = PyObject_IsTrue(keep_obj);
    if (keep < 0) return NULL;
    Py_ssize_t count;
    uint64_t seed;
    unsigned sw;
    if (parse_count(count_obj, "count", keep ? MAX_RESULTS : MAX_COUNT, &count) < 0 ||
        parse_seed(seed_obj, "seed", &seed) < 0 || parse_switches(sw_obj, "switches", &sw) < 0)
        return NULL;
    PyObject *codes = NULL;
    uint32_t *out = NULL;
    if (keep) {
        /* count <= MAX_RESULTS = 2**28: 4 * count fits in a Py_ssize_t */
        codes = PyBytes_FromStringAndSize(NULL, count * (Py_ssize_t)sizeof(uint32_t));
        if (codes == NULL) return NULL;
        out = (uint32_t *)PyBytes_AS_STRING(codes);
    }
    uint64_t counts[N_COUNTS] = {0};
    uint64_t master = seed;
    for (Py_ssize_t done = 0; done < count;) {
        Py_ssize_t end = count - done > SIGNAL_BLOCK ? done + SIGNAL_BLOCK : count;
        Py_BEGIN_ALLOW_THREADS
        random_block_best(done, end, &master, sw, out, counts);
        Py_END_ALLOW_THREADS
        done = end;
        if (PyErr_CheckSignals() < 0) {
            Py_XDECREF(codes);
            return NULL;
        }
    }
    counts[C_GAENGE] = (uint64_t)count;
    PyObject *tup = PyTuple_New(N_COUNTS);
    if (tup == NULL) {
        Py_XDECREF(codes);
        return NULL;
    }
    for (int k = 0; k < N_COUNTS; k++) {
        PyObject *v = PyLong_FromUnsignedLongLong(counts[k]);
        if (v == NULL) {
            Py_DECREF(tup);
            Py_XDECREF(codes);
            return NULL;
        }
        PyTuple_SET_ITEM(tup, k, v);
    }
    if (codes == NULL) {
        codes = Py_None;
        Py_INCREF(codes);
    }
    return Py_BuildValue("(NN)", tup, codes);
}

/* A small open-addressing table of 64-bit keys and counts, in raw memory: it grows while the GIL is released. */
typedef struct {
    uint64_t *keys, *counts;
    size_t size, used;
} Table;
#define EMPTY_KEY UINT64_MAX

static int table_init(Table *t, size_t size) {
    t->keys = PyMem_RawMalloc(size * sizeof(uint64_t));
    t->counts = PyMem_RawCalloc(size, sizeof(uint64_t));
    t->size = size;
    t->used = 0;
    if (t->keys == NULL || t->counts == NULL) return -1;
    for (size_t i = 0; i < size; i++) t->keys[i] = EMPTY_KEY;
    return 0;
}

static void table_free(Table *t) {
    PyMem_RawFree(t->keys);
    PyMem_RawFree(t->counts);
}

static int table_add(Table *t, uint64_t key, uint64_t n);

static int table_grow(Table *t) {
    Table bigger;
    if (table_init(&bigger, t->size * 2) < 0) {
        table_free(&bigger);
        return -1;
    }
    for (size_t i = 0; i < t->size; i++)
        if (t->keys[i] != EMPTY_KEY) table_add(&bigger, t->keys[i], t->counts[i]);
    table_free(t);
    *t = bigger;
    return 0;
}

static int table_add(Table *t, uint64_t key, uint64_t n) {
    size_t mask = t->size - 1, i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    while (t->keys[i] != EMPTY_KEY && t->keys[i] != key) i = (i + 1) & mask;
    if (t->keys[i] == EMPTY_KEY) {
        t->keys[i] = key;
        if (++t->used * 2 > t->size) {
            t->counts[i] += n;
            return table_grow(t);
        }
    }
    t->counts[i] += n;
    return 0;
}

/* play_pairs(count, seed, switches_a, switches_b): impact.play_pair on count Gänge, as a histogram
 * {(legal_differs, result_a, result_b): n}. Gang i: the deal from the 2i-th number of the stream of
 * seed, P(i % 2) leading, both readings drawing from one choice stream seeded with the (2i+1)-th. */
/* Pairs begin..end-1 of play_pairs, counted into `t`; 1 if the table could not grow. */
static inline __attribute__((always_inline)) int pairs_block(Py_ssize_t begin, Py_ssize_t end, uint64_t *master,
                                                              unsigned sw_a, unsigned sw_b, Table *t) {
    for (Py_ssize_t i = begin; i < end; i++) {
        Gang a, b;
        uint64_t deal_seed = sm_next(master), stream = sm_next(master);
        gang_deal(&a, deal_seed, (int)(i & 1), sw_a);
        b = a;
        b.sw = (uint8_t)sw_b;
        int together = 1, legal_differs = 0;
        while (a.phase != OVER || b.phase != OVER) {
            uint32_t ma = legal_mask(&a), mb = legal_mask(&b);
            if (together && !legal_differs && ma != mb) legal_differs = 1;
            uint64_t x = sm_next(&stream);
            if (a.phase != OVER) apply_legal(&a, nth_action(ma, (unsigned)(x % (unsigned)__builtin_popcount(ma))));
            if (b.phase != OVER) apply_legal(&b, nth_action(mb, (unsigned)(x % (unsigned)__builtin_popcount(mb))));
            together = together && memcmp(&a, &b, POSITION_BYTES) == 0;
        }
        uint64_t key = ((uint64_t)legal_differs << 48) | ((uint64_t)result_code(&a) << 24) | result_code(&b);
        if (table_add(t, key, 1) < 0) return 1;
    }
    return 0;
}

static int pairs_block_plain(Py_ssize_t begin, Py_ssize_t end, uint64_t *master, unsigned sw_a, unsigned sw_b,
                             Table *t) {
    return pairs_block(begin, end, master, sw_a, sw_b, t);
}
#ifdef POPCNT_DISPATCH
TARGET_POPCNT static int pairs_block_popcnt(Py_ssize_t begin, Py_ssize_t end, uint64_t *master, unsigned sw_a,
                                            unsigned sw_b, Table *t) {
    return pairs_block(begin, end, master, sw_a, sw_b, t);
}
#endif
static int (*pairs_block_best)(Py_ssize_t, Py_ssize_t, uint64_t *, unsigned, unsigned, Table *) = pairs_block_plain;

static PyObject *py_play_pairs(PyObject *mod, PyObject *args) {
    PyObject *count_obj, *seed_obj, *a_obj, *b_obj;
    if (!PyArg_UnpackTuple(args, "play_pairs", 4, 4, &count_obj, &seed_obj, &a_obj, &b_obj)) return NULL;
    Py_ssize_t count;
    uint64_t seed;
    unsigned sw_a, sw_b;
    if (parse_count(count_obj, "count", MAX_COUNT, &count) < 0 || parse_seed(seed_obj, "seed", &seed) < 0 ||
        parse_switches(a_obj, "switches_a", &sw_a) < 0 || parse_switches(b_obj, "switches_b", &sw_b) < 0)
        return NULL;
    Table t;
    if (table_init(&t, 1 << 12) < 0) {
        table_free(&t);
        return PyErr_NoMemory();
    }
    int failed = 0;
    uint64_t master = seed;
    for (Py_ssize_t done = 0; done < count && !failed;) {
        Py_ssize_t end = count - done > SIGNAL_BLOCK / 2 ? done + SIGNAL_BLOCK / 2 : count;
        Py_BEGIN_ALLOW_THREADS
        failed = pairs_block_best(done, end, &master, sw_a, sw_b, &t);
        Py_END_ALLOW_THREADS
        done = end;
        if (!failed && PyErr_CheckSignals() < 0) {
            table_free(&t);
            return NULL;
        }
    }
    if (failed) {
        table_free(&t);
        return PyErr_NoMemory();
    }
    PyObject *out = PyDict_New();
    for (size_t i = 0; out != NULL && i < t.size; i++) {
        if (t.keys[i] == EMPTY_KEY) continue;
        uint64_t key = t.keys[i];
        PyObject *k = Py_BuildValue("(Okk)", (key >> 48) ? Py_True : Py_False,
                                    (unsigned long)((key >> 24) & 0xFFFFFF), (unsigned long)(key & 0xFFFFFF));
        PyObject *v = PyLong_FromUnsignedLongLong(t.counts[i]);
        if (k == NULL || v == NULL || PyDict_SetItem(out, k, v) < 0) Py_CLEAR(out);
        Py_XDECREF(k);
        Py_XDECREF(v);
    }
    table_free(&t);
    return out;
}

/* random_bots(deal_seed, starter, switches, seed_p0, seed_p1): the packed result of the Gang dealt as
 * Deal.shuffled(deal_seed) between two RandomBots, the one at P0 seeded with seed_p0 (bots.RandomBot:
 * legal[below(n)] from its own SplitMix64). */
static PyObject *py_random_bots(PyObject *mod, PyObject *args) {
    PyObject *seed_obj, *starter_obj, *sw_obj, *s0_obj, *s1_obj;
    if (!PyArg_UnpackTuple(args, "random_bots", 5, 5, &seed_obj, &starter_obj, &sw_obj, &s0_obj, &s1_obj)) return NULL;
    uint64_t seed, bots[2];
    int starter;
    unsigned sw;
    if (parse_seed(seed_obj, "deal_seed", &seed) < 0 || parse_seat(starter_obj, "starter", &starter) < 0 ||
        parse_switches(sw_obj, "switches", &sw) < 0 || parse_seed(s0_obj, "seed_p0", &bots[0]) < 0 ||
        parse_seed(s1_obj, "seed_p1", &bots[1]) < 0)
        return NULL;
    Gang g;
    gang_deal(&g, seed, starter, sw);
    while (g.phase != OVER) {
        uint32_t m = legal_mask(&g);
        apply_legal(&g, nth_action(m, sm_below(&bots[g.to_move], (unsigned)__builtin_popcount(m))));
    }
    return PyLong_FromUnsignedLong(result_code(&g));
}

/* -- matches and Schwingfeste around twin Gänge, for impact.py's match and fest rows
 *
 * Only the Gang is the twin's rule; what a match and a fest add (who starts, the points,
 * the ranks) follows match.py and schwingfest.py line for line, and the points come from
 * a table that impact.py fills with scoring.compute_gang_score. tests/test_twin.py checks
 * every row against the readable engine's. */

/* scores[rules][system][outcome][good_loser] = {winner's, loser's} hundredths (a Gestellter: both the first). */
typedef struct {
    int32_t cell[2][2][5][2][2];
} Scores;

/* The 80 cells of the table, each an int that fits in 32 bits, read from a copy of `seq` (a tuple
 * of its own: an element's __index__ cannot change what is read); -1 with InvalidArgumentError set. */
static int parse_scores(PyObject *seq, Scores *out) {
    static const char *const WHAT = "scores are a sequence of 80 integers, each from -2**31 to 2**31-1";
    PyObject *items = PySequence_Check(seq) && !PyUnicode_Check(seq) ? PySequence_Tuple(seq) : NULL;
    if (items == NULL) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_ValueError))
            return -1;
        PyErr_Clear();
        raise_invalid("scores", WHAT, seq);
        return -1;
    }
    if (PyTuple_GET_SIZE(items) != 80) {
        raise_invalid("scores", WHAT, seq);
        Py_DECREF(items);
        return -1;
    }
    int32_t *flat = &out->cell[0][0][0][0][0];
    for (Py_ssize_t i = 0; i < 80; i++) {
        PyObject *item = PyTuple_GET_ITEM(items, i);
        int overflow = 0;
        long long v = PyLong_Check(item) && !PyBool_Check(item) ? PyLong_AsLongLongAndOverflow(item, &overflow) : 0;
        if (!PyLong_Check(item) || PyBool_Check(item) || overflow || v < INT32_MIN || v > INT32_MAX) {
            PyErr_Clear();
            raise_invalid("scores", WHAT, item);
            Py_DECREF(items);
            return -1;
        }
        flat[i] = (int32_t)v;
    }
    Py_DECREF(items);
    return 0;
}

/* The Gang dealt from deal_seed, starter leading, played by legal[x % n] from choice_seed. */
static inline uint32_t twin_gang(uint64_t deal_seed, uint64_t choice_seed, int starter, unsigned sw) {
    Gang g;
    gang_deal(&g, deal_seed, starter, sw);
    play_out_best(&g, &choice_seed);
    return result_code(&g);
}

/* The points of both seats for a result (scoring.compute_gang_score via the table). */
static inline void gang_points(const Scores *sc, int r, int system, uint32_t code, int32_t pts[2]) {
    unsigned outcome = (code >> 21) & 7, winner = (code >> 19) & 3;
    if (!winner) {
        pts[0] = pts[1] = sc->cell[r][system][outcome][0][0];
        return;
    }
    int w = (int)winner - 1, l = w ^ 1;
    unsigned loser_tricks = l == 0 ? (code & 15) : ((code >> 4) & 15);
    int good = loser_tricks >= 3;
    pts[w] = sc->cell[r][system][outcome][good][0];
    pts[l] = sc->cell[r][system][outcome][good][1];
}

/* One short match (4 Gänge, P0 the younger) under one reading; fills starters, results and totals. */
static void play_match(const uint64_t *deals, const uint64_t *choices, unsigned sw, int tie, const Scores *sc, int r,
                       int system, int starters[4], uint32_t codes[4], int64_t totals[2]) {
    totals[0] = totals[1] = 0;
    for (int g = 0; g < 4; g++) {
        int starter;
        if (g == 0) {
            starter = 0; /* match.first_starter */
        } else {
            unsigned winner = (codes[g - 1] >> 19) & 3;
            if (winner) {
                starter = (int)(winner - 1) ^ 1; /* match.loser_starts */
            } else if (totals[0] != totals[1]) {
                starter = totals[0] < totals[1] ? 0 : 1; /* match.draw_starter */
            } else if (tie == 0) {
                starter = 0; /* AMB-DRAW-TIE-STARTER: younger */
            } else if (tie == 1) {
                starter = starters[g - 1]; /* drawn_gang_starter */
            } else {
                starter = starters[g - 1] ^ 1; /* drawn_gang_other */
            }
        }
        starters[g] = starter;
        codes[g] = twin_gang(deals[g], choices[g], starter, sw);
        int32_t pts[2];
        gang_points(sc, r, system, codes[g], pts);
        totals[0] += pts[0];
        totals[1] += pts[1];
    }
}

static inline int match_winner(const int64_t t[2]) { return t[0] == t[1] ? -1 : (t[0] > t[1] ? 0 : 1); }

/* match_rows(runs, seed, (sw_a, sw_b), (tie_a, tie_b), scores): impact._match_row's counts
 * (tricks, outcome, starters, points_sw, points_pw); tie 0 younger, 1 drawn_gang_starter, 2 drawn_gang_other. */
/* Two small numbers, (a, b), each from 0 to `limit`: a tuple of its own is read. */
static int parse_pair(PyObject *value, uint64_t limit, const char *parameter, const char *what, int out[2]) {
    PyObject *items = PyTuple_Check(value) ? (Py_INCREF(value), value) : NULL;
    if (items == NULL || PyTuple_GET_SIZE(items) != 2) {
        Py_XDECREF(items);
        raise_invalid(parameter, what, value);
        return -1;
    }
    uint64_t x[2];
    int bad = number_in(PyTuple_GET_ITEM(items, 0), limit, parameter, what, &x[0]) < 0 ||
              number_in(PyTuple_GET_ITEM(items, 1), limit, parameter, what, &x[1]) < 0;
    Py_DECREF(items);
    if (bad) return -1;
    out[0] = (int)x[0];
    out[1] = (int)x[1];
    return 0;
}

/* Signals are checked between blocks of this many matches (16 Gänge each). */
#define MATCH_BLOCK 1024

/* match_rows(runs, seed, (sw_a, sw_b), (tie_a, tie_b), scores): impact._match_row's counts
 * (tricks, outcome, starters, points_sw, points_pw); tie 0 younger, 1 drawn_gang_starter, 2 drawn_gang_other. */
static PyObject *py_match_rows(PyObject *mod, PyObject *args) {
    PyObject *runs_obj, *seed_obj, *sw_obj, *tie_obj, *table;
    if (!PyArg_UnpackTuple(args, "match_rows", 5, 5, &runs_obj, &seed_obj, &sw_obj, &tie_obj, &table)) return NULL;
    Py_ssize_t runs;
    uint64_t seed;
    int sw[2], tie[2];
    if (parse_count(runs_obj, "runs", MAX_COUNT, &runs) < 0 || parse_seed(seed_obj, "seed", &seed) < 0 ||
        parse_pair(sw_obj, SW_ALL, "switches", "switches are two masks of 5 bits (sw_a, sw_b)", sw) < 0 ||
        parse_pair(tie_obj, 2, "ties", "ties are two numbers 0-2 (younger, drawn_gang_starter, drawn_gang_other)", tie) < 0)
        return NULL;
    Scores sc;
    if (parse_scores(table, &sc) < 0) return NULL;
    uint64_t counts[5] = {0}, master = seed;
    for (Py_ssize_t done = 0; done < runs;) {
        Py_ssize_t end = runs - done > MATCH_BLOCK ? done + MATCH_BLOCK : runs;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = done; i < end; i++) {
            uint64_t deals[4], choices[4];
            for (int g = 0; g < 4; g++) deals[g] = sm_next(&master);
            for (int g = 0; g < 4; g++) choices[g] = sm_next(&master);
            int tricks = 0, outcome = 0, starters_changed = 0;
            for (int system = 0; system < 2; system++) {
                int st[2][4];
                uint32_t codes[2][4];
                int64_t tot[2][2];
                for (int r = 0; r < 2; r++) play_match(deals, choices, (unsigned)sw[r], tie[r], &sc, r, system, st[r], codes[r], tot[r]);
                for (int g = 0; g < 4; g++) {
                    starters_changed |= st[0][g] != st[1][g];
                    tricks |= (codes[0][g] & 0xFF) != (codes[1][g] & 0xFF);
                }
                outcome |= match_winner(tot[0]) != match_winner(tot[1]);
                counts[3 + system] += tot[0][0] != tot[1][0] || tot[0][1] != tot[1][1];
            }
            counts[0] += tricks;
            counts[1] += outcome;
            counts[2] += starters_changed;
        }
        Py_END_ALLOW_THREADS
        done = end;
        if (PyErr_CheckSignals() < 0) return NULL;
    }
    return Py_BuildValue("(KKKKK)", counts[0], counts[1], counts[2], counts[3], counts[4]);
}

#define FEST_SIZE 4
#define FEST_MEETINGS 12
/* Signals are checked between blocks of this many Schwingfeste (48 Gänge each). */
#define FEST_BLOCK 256

/* One Schwingfest of 4 (12 meetings in schedule order, a as P0) under one reading. mode: 0 alternate,
 * 1 younger, 2 loser_of_first_meeting with the younger starting after a drawn first meeting
 * (draw_tie_starter younger or drawn_gang_starter), 3 the same with the older (drawn_gang_other);
 * tiebreak: 0 shared, 1 wins_then_plattwuerfe. */
static void play_fest(const uint64_t *deals, const uint64_t *choices, const uint8_t meet[FEST_MEETINGS][3], unsigned sw,
                      int mode, int tiebreak, const Scores *sc, int r, int system, int starters[FEST_MEETINGS],
                      uint32_t codes[FEST_MEETINGS], int64_t totals[FEST_SIZE], int ranks[FEST_SIZE]) {
    int won[FEST_SIZE] = {0}, platt[FEST_SIZE] = {0};
    for (int s = 0; s < FEST_SIZE; s++) totals[s] = 0;
    for (int m = 0; m < FEST_MEETINGS; m++) {
        int a = meet[m][0], b = meet[m][1], leg = meet[m][2], starter;
        if (mode == 1 || leg == 1) {
            starter = a; /* match.first_starter: the younger of the pair */
        } else if (mode == 0) {
            starter = b;
        } else {
            int first = -1;
            for (int k = 0; k < m; k++)
                if (meet[k][0] == a && meet[k][1] == b && meet[k][2] == 1) first = k;
            unsigned winner = first < 0 ? 0 : (codes[first] >> 19) & 3;
            /* match.loser_starts; after a drawn first meeting the pair's points are equal
             * (match.draw_starter) and draw_tie_starter decides: mode 2 the younger, 3 the older */
            starter = winner == 0 ? (mode == 3 ? b : a) : (winner - 1 == 0 ? b : a);
        }
        starters[m] = starter;
        codes[m] = twin_gang(deals[m], choices[m], starter == a ? 0 : 1, sw);
        int32_t pts[2];
        gang_points(sc, r, system, codes[m], pts);
        totals[a] += pts[0];
        totals[b] += pts[1];
        unsigned winner = (codes[m] >> 19) & 3;
        if (winner) {
            int w = winner == 1 ? a : b;
            won[w]++;
            platt[w] += ((codes[m] >> 17) & 3) != 0;
        }
    }
    for (int s = 0; s < FEST_SIZE; s++) {
        int rank = 1;
        for (int t = 0; t < FEST_SIZE; t++) {
            int greater;
            if (totals[t] != totals[s]) greater = totals[t] > totals[s];
            else if (!tiebreak) greater = 0;
            else if (won[t] != won[s]) greater = won[t] > won[s];
            else greater = platt[t] > platt[s];
            rank += greater;
        }
        ranks[s] = rank;
    }
}

/* fest_rows(runs, seed, (sw_a, sw_b), (mode_a, mode_b), (tiebreak_a, tiebreak_b), meetings, scores):
 * impact._fest_row's counts (tricks, outcome, starters, ranks, points_sw, points_pw). */
static PyObject *py_fest_rows(PyObject *mod, PyObject *args) {
    PyObject *runs_obj, *seed_obj, *sw_obj, *mode_obj, *tb_obj, *meet_obj, *table;
    if (!PyArg_UnpackTuple(args, "fest_rows", 7, 7, &runs_obj, &seed_obj, &sw_obj, &mode_obj, &tb_obj, &meet_obj, &table))
        return NULL;
    Py_ssize_t runs;
    uint64_t seed;
    int sw[2], mode[2], tb[2];
    if (parse_count(runs_obj, "runs", MAX_COUNT, &runs) < 0 || parse_seed(seed_obj, "seed", &seed) < 0 ||
        parse_pair(sw_obj, SW_ALL, "switches", "switches are two masks of 5 bits (sw_a, sw_b)", sw) < 0 ||
        parse_pair(mode_obj, 3, "modes",
                   "modes are two numbers 0-3 (alternate, younger, loser_of_first_meeting with the younger or the older "
                   "after a drawn first meeting)",
                   mode) < 0 ||
        parse_pair(tb_obj, 1, "tiebreaks", "tiebreaks are two numbers 0-1 (shared, wins_then_plattwuerfe)", tb) < 0)
        return NULL;
    static const char *const MEETINGS = "meetings are 12 triples (a, b, leg) as 36 bytes, a < b < 4 and leg 1 or 2";
    uint8_t meet[FEST_MEETINGS][3];
    Py_buffer meetings;
    if (PyObject_GetBuffer(meet_obj, &meetings, PyBUF_SIMPLE) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_BufferError)) return NULL;
        PyErr_Clear();
        raise_invalid("meetings", MEETINGS, meet_obj);
        return NULL;
    }
    int bad = meetings.len != FEST_MEETINGS * 3;
    if (!bad) memcpy(meet, meetings.buf, sizeof meet);
    PyBuffer_Release(&meetings);
    for (int m = 0; !bad && m < FEST_MEETINGS; m++)
        bad = meet[m][0] >= meet[m][1] || meet[m][1] >= FEST_SIZE || meet[m][2] < 1 || meet[m][2] > 2;
    if (bad) {
        raise_invalid("meetings", MEETINGS, meet_obj);
        return NULL;
    }
    Scores sc;
    if (parse_scores(table, &sc) < 0) return NULL;
    uint64_t counts[6] = {0}, master = seed;
    for (Py_ssize_t done = 0; done < runs;) {
        Py_ssize_t end = runs - done > FEST_BLOCK ? done + FEST_BLOCK : runs;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = done; i < end; i++) {
            uint64_t deals[FEST_MEETINGS], choices[FEST_MEETINGS];
            for (int m = 0; m < FEST_MEETINGS; m++) deals[m] = sm_next(&master);
            for (int m = 0; m < FEST_MEETINGS; m++) choices[m] = sm_next(&master);
            int tricks = 0, outcome = 0, starters_changed = 0, ranks_changed = 0;
            for (int system = 0; system < 2; system++) {
                int st[2][FEST_MEETINGS], rk[2][FEST_SIZE];
                uint32_t codes[2][FEST_MEETINGS];
                int64_t tot[2][FEST_SIZE];
                for (int r = 0; r < 2; r++)
                    play_fest(deals, choices, (const uint8_t(*)[3])meet, (unsigned)sw[r], mode[r], tb[r], &sc, r, system,
                              st[r], codes[r], tot[r], rk[r]);
                int totals_changed = 0;
                for (int m = 0; m < FEST_MEETINGS; m++) {
                    starters_changed |= st[0][m] != st[1][m];
                    tricks |= (codes[0][m] & 0xFF) != (codes[1][m] & 0xFF);
                }
                for (int s = 0; s < FEST_SIZE; s++) {
                    ranks_changed |= rk[0][s] != rk[1][s];
                    outcome |= (rk[0][s] == 1) != (rk[1][s] == 1);
                    totals_changed |= tot[0][s] != tot[1][s];
                }
                counts[4 + system] += totals_changed;
            }
            counts[0] += tricks;
            counts[1] += outcome;
            counts[2] += starters_changed;
            counts[3] += ranks_changed;
        }
        Py_END_ALLOW_THREADS
        done = end;
        if (PyErr_CheckSignals() < 0) return NULL;
    }
    return Py_BuildValue("(KKKKKK)", counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
}

/* -- Python: a recorded Gang replayed for the trace verifier (schwinget_spec/twin/recorded.py)
 *
 * replay_recorded answers one question: would the readable engine replay this record of a
 * trace to its end without a verdict, every claim equal to its own with JSON's types? If so it
 * returns the packed result; if anything is otherwise (an illegal action, a claim that differs
 * in value or type, a code it does not know, a Gang not over), it returns -1 and the readable
 * engine judges the record. It never says more than the readable engine would. */

enum { K_LEGAL, K_TO_MOVE, K_TRICKS, K_PILE, K_HANDS, K_OVER, N_KEYS };
static const char *const KEY_NAMES[N_KEYS] = {"legal_actions", "to_move", "tricks", "pile_size", "hand_sizes", "is_over"};
static PyObject *KEYS[N_KEYS];

/* The action of an action code as the trace format writes it ("G3", "KR", "A", "L0"), or -1. */
static int code_action(PyObject *code) {
    if (!PyUnicode_CheckExact(code) || !PyUnicode_IS_COMPACT_ASCII(code)) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(code);
    const char *c = (const char *)PyUnicode_1BYTE_DATA(code);
    if (n == 1) return c[0] == 'A' ? ACT_ANGRIFF : -1;
    if (n != 2) return -1;
    if (c[0] == 'K') return c[1] == 'R' ? KR : -1;
    if (c[0] == 'B' && c[1] == 'K') return BK;
    if (c[0] == 'L') return c[1] == '0' ? ACT_L0 : c[1] == '1' ? ACT_L1 : -1;
    if (c[1] < '1' || c[1] > '6') return -1;
    switch (c[0]) {
    case 'R': return c[1] - '1';
    case 'G': return 6 + c[1] - '1';
    case 'B': return 12 + c[1] - '1';
    case 'Y': return 18 + c[1] - '1';
    default: return -1;
    }
}

/* 1 if `v` is a JSON integer (a Python int, not a bool) equal to `n`. */
static inline int int_is(PyObject *v, long n) {
    if (!PyLong_CheckExact(v)) return 0;
    int overflow;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    return !overflow && x == n;
}

/* 1 if `v` is a JSON array of two integers equal to `a` and `b`. */
static inline int pair_is(PyObject *v, long a, long b) {
    return PyList_CheckExact(v) && PyList_GET_SIZE(v) == 2 && int_is(PyList_GET_ITEM(v, 0), a) &&
           int_is(PyList_GET_ITEM(v, 1), b);
}

/* 1 if `v` lists the legal actions of `g`, each once, in any order. */
static int legal_is(PyObject *v, const Gang *g) {
    if (!PyList_CheckExact(v)) return 0;
    uint32_t seen = 0;
    for (Py_ssize_t i = 0, n = PyList_GET_SIZE(v); i < n; i++) {
        int a = code_action(PyList_GET_ITEM(v, i));
        if (a < 0 || (seen >> a & 1)) return 0;
        seen |= 1u << a;
    }
    return seen == legal_mask(g);
}

/* 1 if every claim of `claims` (a step claim: some or all of the six) is the one the reference
 * makes of `g`, with JSON's types; 0 if not; -1 with an exception set if a lookup failed. */
static int claims_hold(PyObject *claims, const Gang *g) {
    if (!PyDict_CheckExact(claims)) return 0;
    Py_ssize_t found = 0;
    for (int k = 0; k < N_KEYS; k++) {
        PyObject *v = PyDict_GetItemWithError(claims, KEYS[k]);
        if (v == NULL) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        found++;
        int over = g->phase == OVER, ok;
        switch (k) {
        case K_LEGAL: ok = legal_is(v, g); break;
        case K_TO_MOVE:
            ok = over ? v == Py_None
                      : PyUnicode_CheckExact(v) && PyUnicode_CompareWithASCIIString(v, g->to_move ? "P1" : "P0") == 0;
            break;
        case K_TRICKS: ok = pair_is(v, g->tricks[0], g->tricks[1]); break;
        case K_PILE: ok = int_is(v, PILE_SIZE - g->drawn); break;
        case K_HANDS: ok = pair_is(v, __builtin_popcount(g->hands[0]), __builtin_popcount(g->hands[1])); break;
        default: ok = v == (over ? Py_True : Py_False); break;
        }
        if (!ok) return 0;
    }
    return found == PyDict_GET_SIZE(claims);
}

/* More actions than any Gang has (26 cards, the Angriff, one choice after the Kampfrichter). */
#define MAX_RECORDED_ACTIONS 64

/* replay_recorded((hand0, hand1, revealed, pile), starter, switches, actions, start, steps)
 *
 * Claims are compared by dict lookups, and a key of a claims dict may run Python code (its
 * __eq__ when it hashes like a claim's name) that changes any list or dict handed in. So the
 * actions are read into C first, the step claims into a tuple of their own, and each claims
 * dict is held by that tuple (or by the arguments) while it is looked up. */
static PyObject *py_replay_recorded(PyObject *mod, PyObject *args) {
    PyObject *deal, *starter, *sw, *actions, *start, *steps;
    if (!PyArg_UnpackTuple(args, "replay_recorded", 6, 6, &deal, &starter, &sw, &actions, &start, &steps)) return NULL;
    if (!PyList_Check(actions)) {
        raise_invalid("actions", "actions are the list of a Gang record's action codes", actions);
        return NULL;
    }
    if (!PyList_Check(steps)) {
        raise_invalid("steps", "steps are the list of a Gang record's step claims", steps);
        return NULL;
    }
    Gang g;
    if (deal_start(&g, deal, starter, sw) < 0) return NULL;
    /* (deal_start may have run __index__ of the deal's numbers: the lists are read only now) */
    Py_ssize_t n = PyList_GET_SIZE(actions), claimed = PyList_GET_SIZE(steps);
    if (n > MAX_RECORDED_ACTIONS || claimed > n) return PyLong_FromLong(-1L);
    int acts[MAX_RECORDED_ACTIONS];
    for (Py_ssize_t i = 0; i < n; i++) {
        acts[i] = code_action(PyList_GET_ITEM(actions, i)); /* no Python code runs here */
        if (acts[i] < 0) return PyLong_FromLong(-1L);
    }
    PyObject *claims = PyList_GetSlice(steps, 0, claimed); /* a list of its own, holding every claims dict */
    if (claims == NULL) return NULL;
    Py_INCREF(start);
    int hold = start == Py_None ? 1 : claims_hold(start, &g);
    Py_DECREF(start);
    for (Py_ssize_t i = 0; hold > 0 && i < n; i++) {
        int a = acts[i];
        if (!(legal_mask(&g) & (1u << a))) {
            hold = 0;
            break;
        }
        apply_legal(&g, a);
        if (i < claimed) {
            PyObject *step = PyList_GET_ITEM(claims, i);
            Py_INCREF(step);
            if (step != Py_None) hold = claims_hold(step, &g);
            Py_DECREF(step);
        }
    }
    Py_DECREF(claims);
    if (hold < 0) return NULL;
    return PyLong_FromLong(hold && g.phase == OVER ? (long)result_code(&g) : -1L);
}

static PyMethodDef module_methods[] = {
    {"match_rows", py_match_rows, METH_VARARGS,
     "match_rows(runs, seed, (sw_a, sw_b), (tie_a, tie_b), scores): impact's match row counts."},
    {"fest_rows", py_fest_rows, METH_VARARGS,
     "fest_rows(runs, seed, (sw_a, sw_b), (mode_a, mode_b), (tiebreak_a, tiebreak_b), meetings, scores): impact's fest row counts."},
    {"random_bots", py_random_bots, METH_VARARGS,
     "random_bots(deal_seed, starter, switches, seed_p0, seed_p1): the packed result of a Gang between two RandomBots."},
    {"start", py_start, METH_VARARGS,
     "start((hand0, hand1, revealed, pile), starter, switches): the first state of a Gang (masks, card index, 12 bytes)."},
    {"start_seed", py_start_seed, METH_VARARGS,
     "start_seed(seed, starter, switches): the first state of the Gang dealt as Deal.shuffled(seed)."},
    {"deck", py_deck, METH_O, "deck(seed): the 26 card indices of the shuffled deck, top first."},
    {"play_random", py_play_random, METH_VARARGS,
     "play_random(count, seed, switches, keep): (counts, packed results or None)."},
    {"replay_recorded", py_replay_recorded, METH_VARARGS,
     "replay_recorded(deal, starter, switches, actions, start, steps): the packed result of a recorded Gang whose "
     "every action is legal and every claim the reference's, else -1."},
    {"play_pairs", py_play_pairs, METH_VARARGS,
     "play_pairs(count, seed, switches_a, switches_b): {(legal_differs, result_a, result_b): n}."},
    {NULL},
};

static struct PyModuleDef twin_module = {
    PyModuleDef_HEAD_INIT, "_twin", "The compiled twin of the Gang engine.", -1, module_methods, NULL, NULL, NULL, NULL,
};

static int popcnt_used = 0;

/* Choose the build of the bulk loops this CPU can run fastest. */
static void choose_popcount(void) {
#ifdef POPCNT_DISPATCH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) {
        random_block_best = random_block_popcnt;
        play_out_best = play_out_popcnt;
        pairs_block_best = pairs_block_popcnt;
        popcnt_used = 1;
    }
#endif
}

PyMODINIT_FUNC PyInit__twin(void) {
    init_limits();
    choose_popcount();
    for (int k = 0; k < N_KEYS; k++) {
        if (KEYS[k] == NULL && (KEYS[k] = PyUnicode_InternFromString(KEY_NAMES[k])) == NULL) return NULL;
    }
    if (PyType_Ready(&GangType) < 0) return NULL;
    PyObject *m = PyModule_Create(&twin_module);
    if (m == NULL) return NULL;
    PyObject *switches = PyTuple_New(N_SWITCHES);
    PyObject *clauses = PyTuple_New(N_CLAUSES);
    if (switches == NULL || clauses == NULL) {
        Py_XDECREF(switches);
        Py_XDECREF(clauses);
        Py_DECREF(m);
        return NULL;
    }
    int failed = 0;
    for (int i = 0; i < N_SWITCHES; i++) {
        PyObject *name = PyUnicode_FromString(SWITCH_NAMES[i]);
        failed |= name == NULL;
        PyTuple_SET_ITEM(switches, i, name);
    }
    for (int i = 0; i < N_CLAUSES; i++) {
        PyObject *name = PyUnicode_FromString(CLAUSE_NAMES[i]);
        failed |= name == NULL;
        PyTuple_SET_ITEM(clauses, i, name);
    }
    if (failed || PyModule_AddObjectRef(m, "Gang", (PyObject *)&GangType) < 0 ||
        PyModule_AddObjectRef(m, "SWITCHES", switches) < 0 || PyModule_AddObjectRef(m, "CLAUSES", clauses) < 0 ||
        PyModule_AddIntConstant(m, "N_COUNTS", N_COUNTS) < 0 ||
        PyModule_AddIntConstant(m, "POPCNT", popcnt_used) < 0 ||
        PyModule_AddObject(m, "MAX_COUNT", PyLong_FromUnsignedLongLong(MAX_COUNT)) < 0 ||
        PyModule_AddObject(m, "MAX_RESULTS", PyLong_FromUnsignedLongLong(MAX_RESULTS)) < 0) {
        Py_DECREF(switches);
        Py_DECREF(clauses);
        Py_DECREF(m);
        return NULL;
    }
    Py_DECREF(switches);
    Py_DECREF(clauses);
    return m;
}
