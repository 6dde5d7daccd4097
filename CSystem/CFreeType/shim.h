// FreeType: font loading, glyph rasterisation (grey AA), metrics and kerning.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_SIZES_H
// wmemset (wchar_t is 32 bits on Linux): Canvas fills 32-bit pixel spans with glibc's
// vectorised version; Swift's Glibc module does not export <wchar.h>.
#include <wchar.h>
