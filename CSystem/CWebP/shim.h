// libwebp: WebP pictures decoded (lossy and lossless), and test pictures encoded.
#include <webp/decode.h>
#include <webp/encode.h>
