// espeak-ng: text to speech (KioskSpeech synthesises with its synchronous API on a worker thread).
// Headers only: KioskSpeech opens libespeak-ng.so.1 when speech starts (EspeakNG.swift).
#include <espeak-ng/espeak_ng.h>
