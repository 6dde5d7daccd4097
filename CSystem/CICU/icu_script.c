// ICU's script property for `swipe-kiosk check-text`: which writing system a character belongs
// to, so that a word mixing look-alike alphabets (a Cyrillic "а" in a Latin word) is reported.
// A translation unit of its own beside the line breaker, behind the plain C of include/CICU.h.
#include "CICU.h"

#include <unicode/uscript.h>

int32_t kiosk_script_of(uint32_t scalar) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)scalar, &status);
    return U_FAILURE(status) ? -1 : (int32_t)script;
}
