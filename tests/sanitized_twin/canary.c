/* Two deliberate faults, built with the sanitizer flags of tests/test_twin_sanitized.py: each must
 * make a sanitized run fail, which shows that the run would catch the same fault in the twin. */
#include <stdlib.h>

/* Reads byte `index` of an 8-byte heap block after freeing it (AddressSanitizer: heap-use-after-free). */
int read_freed(int index) {
    volatile char *block = malloc(8);
    for (int i = 0; i < 8; i++) block[i] = (char)i;
    free((void *)block);
    return block[index];
}

/* Shifts 1 left by `bits`: 40 is more than an int has (UndefinedBehaviorSanitizer). */
int shift_by(int bits) {
    volatile int one = 1;
    return one << bits;
}
