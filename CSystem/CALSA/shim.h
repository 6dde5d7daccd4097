// ALSA's PCM API: KioskHardware plays speech through snd_pcm (non-blocking, on its own thread).
#include <alsa/asoundlib.h>
