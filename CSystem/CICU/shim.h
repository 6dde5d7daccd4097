// ICU's line break iterator (UAX #14 with dictionary breaking for Thai, Lao, Khmer and
// Burmese, and breaks between CJK ideographs). ICU renames every function with its version
// (ubrk_open is a macro for ubrk_open_72), which Swift cannot import: these inline wrappers
// are the only way in.
#include <unicode/ubrk.h>

static inline UBreakIterator *kiosk_line_breaker_open(UErrorCode *status) {
    return ubrk_open(UBRK_LINE, "", NULL, 0, status);
}

static inline void kiosk_line_breaker_set_text(UBreakIterator *breaker, const UChar *text, int32_t length,
                                               UErrorCode *status) {
    ubrk_setText(breaker, text, length, status);
}

static inline int32_t kiosk_line_breaker_next(UBreakIterator *breaker) { return ubrk_next(breaker); }

static inline int32_t kiosk_line_breaker_first(UBreakIterator *breaker) { return ubrk_first(breaker); }

static inline void kiosk_line_breaker_close(UBreakIterator *breaker) { ubrk_close(breaker); }
