/* What the compiled twin (_twin.c) and the compiled solver (_solver.c) share: the cards, actions,
 * phases and Gang switches as numbers, and the rules of an answer (trick.py), each function naming
 * the clause it follows. Cards are indices 0-25 (R1..R6, G1..G6, B1..B6, Y1..Y6, KR, BK); actions
 * 0-25 play that card, 26 starts the Angriff, 27 and 28 choose P0 or P1 to lead next.
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

#endif
