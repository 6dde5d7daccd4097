// libpng: decode avatars and icons, encode screenshots (zlib deflate, not a hand-written one).
#include <png.h>
