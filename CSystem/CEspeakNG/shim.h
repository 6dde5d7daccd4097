// espeak-ng: text to speech (KioskSpeech synthesises with its synchronous API on a worker thread).
#include <espeak-ng/espeak_ng.h>
