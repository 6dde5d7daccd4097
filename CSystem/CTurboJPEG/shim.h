// libjpeg-turbo's TurboJPEG API: JPEG pictures decoded with DCT scaling (a 4000x3000 photo is
// decoded at 1/8 for a thumbnail), and test and bench JPEGs encoded.
#include <stddef.h>
#include <turbojpeg.h>
