// HarfBuzz: text shaping (ligatures, Arabic joining, kerning via GPOS) on FreeType faces.
#include <hb.h>
#include <hb-ft.h>
