/* A plain C playout of random Gänge: the limit the compiled twin's bulk play is measured against.
 *
 * The same rules as schwinget_spec/gang.py and trick.py (every Gang switch), the same deal
 * (docs/deal-algorithm.md) and the same random stream as twin.play_random, written for speed
 * and nothing else: one Gang per iteration, hands and legal actions as 32-bit masks, cards as
 * indices 0-25 (R1..R6, G1..G6, B1..B6, Y1..Y6, KR, BK), the Gang's state in locals on the
 * stack, no allocation, no Python, a uniform choice as the r-th set bit of the legal mask.
 * It keeps no position for a step API, no record of the deciding clause, no step counter in a
 * struct: only what the counts need. benchmarks/bench_lean_core.py builds it with the twin's
 * flags and runs both side by side; tests/test_lean_core.py checks that it plays the twin's
 * Gänge (equal counts over seeded batches, every switch combination).
 *
 * Exported: baseline_play_random(count, seed, switches, counts[14]), the counts in the order
 * of the twin's play_random (Gänge, steps, Schwünge, five outcomes, wins of P0 and P1, draws,
 * Angriffe, Plattwürfe, Gänge the starter won).
 */
#include <stdint.h>
#include <string.h>

#define KR 24
#define BK 25
#define NO_TRUMP 4
#define SW_SPECIAL_FOLLOW 1u  /* special_cards_follow_colour */
#define SW_VOID_KONTER 2u     /* void_konter_beats_six */
#define SW_KONTER_TRUMP6 4u   /* konter_beats_trump_six */
#define SW_KONTER_LOSES_KR 8u /* konter_loses_to_kampfrichter */
#define SW_VOID_KR 16u        /* void_kampfrichter_neutralises */
#define SPECIAL ((1u << KR) | (1u << BK))
#define N_COUNTS 14

static const uint32_t COLOUR[5] = {0x3Fu, 0x3Fu << 6, 0x3Fu << 12, 0x3Fu << 18, 0};

static inline uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The r-th set bit of m (r < popcount(m)). */
static inline int pick(uint32_t m, unsigned r) {
    while (r--) m &= m - 1;
    return __builtin_ctz(m);
}

static inline int six(int c) { return c < KR && c % 6 == 5; }

/* The winner (0/1) of the Schwung led by `leader`, or -1 when the Kampfrichter neutralises it. */
static inline int winner_of(int leader, int led, int ans, int trump, unsigned sw, int last, int was_void) {
    if (led == KR || ans == KR) {
        int kr = led == KR ? leader : leader ^ 1, other = led == KR ? ans : led;
        if (last) return kr ^ 1;                                /* konter.last_trick, kampfrichter.last_schwung */
        if (other == BK && (sw & SW_KONTER_LOSES_KR)) return kr; /* konter.loses */
        if (was_void && !(sw & SW_VOID_KR)) return leader;      /* schwung.void_loses */
        return -1;                                              /* kampfrichter.neutralises */
    }
    if (led == BK) return six(ans) && ((sw & SW_KONTER_TRUMP6) || ans / 6 != trump) ? leader : leader ^ 1;
    if (ans == BK) {
        if (six(led) && ((sw & SW_KONTER_TRUMP6) || led / 6 != trump))
            return was_void && !(sw & SW_VOID_KONTER) ? leader : leader ^ 1;
        return leader;
    }
    if (ans / 6 == led / 6) return ans > led ? leader ^ 1 : leader; /* schwung.higher_wins */
    if (ans / 6 == trump) return leader ^ 1;                         /* trump.beats */
    return leader;
}

void baseline_play_random(uint64_t count, uint64_t seed, unsigned sw, uint64_t *counts) {
    uint64_t limit[27], c[N_COUNTS];
    memset(c, 0, sizeof c);
    for (uint64_t n = 1; n <= 26; n++) {
        uint64_t rem = (0 - n) % n;
        limit[n] = rem == 0 ? 0 : 0 - rem;
    }
    uint64_t master = seed;
    for (uint64_t i = 0; i < count; i++) {
        /* the deal: Fisher-Yates from the last index down, SplitMix64 below(i + 1) by rejection */
        uint64_t s = next(&master), r = next(&master);
        uint8_t deck[26];
        for (int k = 0; k < 26; k++) deck[k] = (uint8_t)k;
        for (int k = 25; k >= 1; k--) {
            uint64_t n = (uint64_t)k + 1, x;
            do x = next(&s);
            while (limit[n] != 0 && x >= limit[n]);
            int j = (int)(x % n);
            uint8_t t = deck[k];
            deck[k] = deck[j];
            deck[j] = t;
        }
        uint32_t h[2] = {0, 0};
        for (int k = 0; k < 10; k += 2) {
            h[0] |= 1u << deck[k];
            h[1] |= 1u << deck[k + 1];
        }
        const uint8_t *pile = deck + 14;
        int trump = deck[10] >= KR ? NO_TRUMP : deck[10] / 6;
        int starter = (int)(i & 1), leader = starter, drawn = 0, angriff = 0, pending = 0, schw = 0;
        int tricks[2] = {0, 0}, won_after = 0;
        uint64_t steps = 0;
        for (;;) {
            /* the lead, the Angriff first among the legal actions while it may be started */
            uint32_t m = h[leader];
            unsigned n = (unsigned)__builtin_popcount(m), k;
            int open = !angriff && drawn < 12;
            k = (unsigned)(next(&r) % (n + (unsigned)open));
            steps++;
            if (open) {
                if (k == 0) {
                    angriff = 1 + leader;
                    open = 0;
                    k = (unsigned)(next(&r) % n);
                    steps++;
                } else {
                    k--;
                }
            }
            int led = pick(m, k);
            h[leader] ^= 1u << led;
            if (open) h[leader] |= 1u << pile[drawn++];
            /* the answer: Farbzwang, trumps always allowed, the special cards by the switch */
            int ans_p = leader ^ 1;
            uint32_t hand = h[ans_p], allowed = hand, follow = 0;
            if (led < KR) {
                follow = hand & COLOUR[led / 6];
                if (follow) {
                    allowed = follow | (hand & COLOUR[trump]);
                    if (!(sw & SW_SPECIAL_FOLLOW)) allowed |= hand & SPECIAL;
                }
            }
            int was_void = led < KR && !follow;
            int ans = pick(allowed, (unsigned)(next(&r) % (unsigned)__builtin_popcount(allowed)));
            steps++;
            hand ^= 1u << ans;
            if (open) hand |= 1u << pile[drawn++];
            h[ans_p] = hand;
            int last = !h[0] && !h[1];
            int w = winner_of(leader, led, ans, trump, sw, last, was_void);
            schw++;
            if (w < 0) {
                /* the player of the Kampfrichter chooses the next leader: L0 or L1 */
                pending = 1;
                leader = (int)(next(&r) % 2u);
                steps++;
                continue;
            }
            tricks[w] += pending ? 2 : 1;
            pending = 0;
            if (angriff) won_after |= 1 << w;
            leader = w;
            if (last) break;
        }
        int platt = angriff && (won_after == 1 || won_after == 2) ? (won_after == 1 ? 1 : 2) : 0, winner, outcome;
        if (platt) {
            winner = platt;
            outcome = platt == angriff ? 0 : 1;
        } else if (tricks[0] == tricks[1]) {
            winner = 0;
            outcome = 4;
        } else {
            winner = tricks[0] > tricks[1] ? 1 : 2;
            outcome = angriff ? 2 : 3;
        }
        c[1] += steps;
        c[2] += (uint64_t)schw;
        c[3 + outcome]++;
        if (winner) {
            c[8 + winner - 1]++;
            c[13] += winner - 1 == starter;
        } else {
            c[10]++;
        }
        c[11] += angriff != 0;
        c[12] += platt != 0;
    }
    c[0] = count;
    memcpy(counts, c, sizeof c);
}
