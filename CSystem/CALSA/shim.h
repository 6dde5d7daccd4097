// ALSA's PCM API: KioskHardware plays speech through snd_pcm (non-blocking, on its own thread).
// Headers only: KioskHardware opens libasound.so.2 when the audio output first opens its device
// (ALSA.swift).
#include <alsa/asoundlib.h>

// alsa-lib prints every failed open ("Unknown PCM …") to stderr; the output reports a failing
// device itself, once, through the journal. The handler is variadic, which Swift cannot define:
// Swift hands this one to the looked-up snd_lib_error_set_handler.
static void swipekiosk_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline snd_lib_error_handler_t swipekiosk_alsa_silent_handler(void) {
    return swipekiosk_alsa_silent;
}
