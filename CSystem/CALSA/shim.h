// ALSA's PCM API: KioskHardware plays speech through snd_pcm (non-blocking, on its own thread).
#include <alsa/asoundlib.h>

// alsa-lib prints every failed open ("Unknown PCM …") to stderr; the output reports a failing
// device itself, once, through the journal. The handler is variadic, which Swift cannot define.
static void swipekiosk_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void swipekiosk_alsa_quiet(void) {
    snd_lib_error_set_handler(swipekiosk_alsa_silent);
}
