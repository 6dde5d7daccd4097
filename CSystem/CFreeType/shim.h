// FreeType: font loading, glyph rasterisation (grey AA), metrics and kerning.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_SIZES_H
