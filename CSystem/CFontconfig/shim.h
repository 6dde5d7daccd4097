// fontconfig: which installed font covers a code point (charset, weight, family preference).
// FC_* property names are string macros Swift imports as constants; nothing else is needed.
#include <fontconfig/fontconfig.h>
