/* What the compiled twin (_twin.c) and the compiled solver (_solver.c) share: the cards, actions,
 * phases and Gang switches as numbers, and the rules of an answer (trick.py), each function naming
 * the clause it follows. Cards are indices 0-25 (R1..R6, G1..G6, B1..B6, Y1..Y6, KR, BK); actions
 * 0-25 play that card, 26 starts the Angriff, 27 and 28 choose P0 or P1 to lead next. The deck of
 * Deal.shuffled(seed) (SplitMix64 and Fisher-Yates) is here too, for the twin's deals and the solver's
 * bulk calls.
 */
#ifndef SCHWINGET_TWIN_CARDS_H
#define SCHWINGET_TWIN_CARDS_H

#include <stdint.h>

#define KR 24
#define BK 25
#define NO_TRUMP 4
#define PILE_SIZE 12
#define ACT_ANGRIFF 26
#define ACT_L0 27
#define ACT_L1 28
#define BIT_ANGRIFF (1u << ACT_ANGRIFF)
#define SPECIAL_MASK ((1u << KR) | (1u << BK))

enum { LEAD = 0, ANSWER = 1, CHOOSE = 2, OVER = 3 };

/* The Gang switches of Rules (schwinget_spec.twin.SWITCHES), one bit each, set when the field is True. */
#define SW_SPECIAL_FOLLOW 1u  /* special_cards_follow_colour (AMB-SPECIAL-FARBZWANG) */
#define SW_VOID_KONTER 2u     /* void_konter_beats_six (AMB-KONTER-VOID) */
#define SW_KONTER_TRUMP6 4u   /* konter_beats_trump_six (AMB-KONTER-TRUMP-SIX) */
#define SW_KONTER_LOSES_KR 8u /* konter_loses_to_kampfrichter (AMB-KONTER-VS-KR) */
#define SW_VOID_KR 16u        /* void_kampfrichter_neutralises (AMB-KAMPFRICHTER-VOID) */
#define SW_ALL 31u

static const uint32_t COLOUR_MASK[5] = {0x3Fu, 0x3Fu << 6, 0x3Fu << 12, 0x3Fu << 18, 0};

/* schwung.void_any, schwung.farbzwang, trump.anytime; AMB-SPECIAL-FARBZWANG */
static inline uint32_t allowed_answers(uint32_t hand, int led, int trump, unsigned sw) {
    if (led >= KR) return hand;
    uint32_t allowed = hand & COLOUR_MASK[led / 6];
    if (!allowed) return hand;
    allowed |= hand & COLOUR_MASK[trump];
    if (!(sw & SW_SPECIAL_FOLLOW)) allowed |= hand & SPECIAL_MASK;
    return allowed;
}

/* legal_actions() as a mask: bit 26 the Angriff, bits 27/28 the choice of the next leader;
   `hand` is the mover's, `angriff` nonzero once an Angriff was started. */
static inline uint32_t legal_mask_of(int phase, uint32_t hand, int angriff, int drawn, int led, int trump, unsigned sw) {
    switch (phase) {
    case LEAD: {
        uint32_t m = hand; /* gang.turn, schwung.lead */
        if (!angriff && drawn < PILE_SIZE) m |= BIT_ANGRIFF; /* angriff.who, .once, .not_empty_pile */
        return m;
    }
    case ANSWER:
        return allowed_answers(hand, led, trump, sw);
    case CHOOSE:
        return (1u << ACT_L0) | (1u << ACT_L1); /* kampfrichter.chooses */
    default:
        return 0;
    }
}

static inline int is_six(int card) { return card < KR && card % 6 == 5; }

/* konter.beats_six; a trump 6 only under konter_beats_trump_six (AMB-KONTER-TRUMP-SIX) */
static inline int konter_beats(int six, int trump, unsigned sw) {
    return is_six(six) && ((sw & SW_KONTER_TRUMP6) || six / 6 != trump);
}

/* -- SplitMix64 and the deal's shuffle (docs/deal-algorithm.md), the one copy of Deal.shuffled in C */

static inline uint64_t sm_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t LIMIT[27]; /* 2**64 - (2**64 mod n): outputs at or above are rejected */

/* Fills LIMIT: each module that includes this header calls it once when it loads. */
static void init_limits(void) {
    for (uint64_t n = 1; n <= 26; n++) {
        uint64_t rem = (0 - n) % n; /* (2**64 - n) mod n == 2**64 mod n */
        LIMIT[n] = rem == 0 ? 0 : 0 - rem; /* 0 stands for 2**64: nothing is rejected */
    }
}

/* deal.shuffle: Fisher-Yates from the last index down, below(i + 1) by rejection. */
static void shuffle_deck(uint64_t seed, uint8_t deck[26]) {
    uint64_t state = seed;
    for (int i = 0; i < 26; i++) deck[i] = (uint8_t)i;
    for (int i = 25; i >= 1; i--) {
        uint64_t n = (uint64_t)i + 1, limit = LIMIT[n], x;
        do {
            x = sm_next(&state);
        } while (limit != 0 && x >= limit);
        int j = (int)(x % n);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

#endif
