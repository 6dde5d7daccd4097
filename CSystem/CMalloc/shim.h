// glibc's malloc tuning (mallopt), which Swift's Glibc module does not include: the picture
// decoders fix the mmap threshold so their multi-megabyte buffers go back to the kernel on free.
#include <malloc.h>
