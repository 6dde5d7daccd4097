// ICU's line break iterator: adapts ICU's versioned, enum-typed API to the plain functions of
// include/CICU.h (why: see that header). icu_script.c does the same for the script property.
#include "CICU.h"

#include <unicode/ubrk.h>

kiosk_line_breaker *kiosk_line_breaker_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (kiosk_line_breaker *)iterator;
}

int kiosk_line_breaker_set_text(kiosk_line_breaker *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t kiosk_line_breaker_first(kiosk_line_breaker *breaker) { return ubrk_first((UBreakIterator *)breaker); }

int32_t kiosk_line_breaker_next(kiosk_line_breaker *breaker) { return ubrk_next((UBreakIterator *)breaker); }

void kiosk_line_breaker_close(kiosk_line_breaker *breaker) { ubrk_close((UBreakIterator *)breaker); }
