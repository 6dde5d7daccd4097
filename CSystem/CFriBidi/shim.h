// FriBidi: the Unicode bidirectional algorithm, so mixed LTR/RTL titles are ordered right.
#include <fribidi.h>
