// ICU's line break iterator (UAX #14 with dictionary breaking for Thai, Lao, Khmer and
// Burmese, and breaks between CJK ideographs), behind plain C types. ICU renames every
// function with its version (ubrk_open is a macro for ubrk_open_72), which Swift cannot
// import, and its types must not reach Swift either: Foundation carries its own ICU
// (_FoundationICU) with different definitions of the same enums, and a module that sees both
// does not compile. So only this file's functions are visible; ICU stays inside the .c files.
#ifndef KIOSK_CICU_H
#define KIOSK_CICU_H

#include <stdint.h>

typedef struct kiosk_line_breaker kiosk_line_breaker;

/// A line break iterator for the root locale, or NULL when ICU cannot open one.
kiosk_line_breaker *kiosk_line_breaker_open(void);

/// Points the iterator at `length` UTF-16 units (NULL and 0 detach it). Returns 0 on success.
int kiosk_line_breaker_set_text(kiosk_line_breaker *breaker, const uint16_t *text, int32_t length);

/// The first boundary (0), then each following one; -1 after the last.
int32_t kiosk_line_breaker_first(kiosk_line_breaker *breaker);
int32_t kiosk_line_breaker_next(kiosk_line_breaker *breaker);

void kiosk_line_breaker_close(kiosk_line_breaker *breaker);

/// ICU's script code (UScriptCode) of `scalar`: 0 Common, 1 Inherited, 8 Cyrillic, 14 Greek,
/// 25 Latin, ...; -1 when ICU cannot tell (icu_script.c).
int32_t kiosk_script_of(uint32_t scalar);

#endif
