// libinput reads devices that udev has classified; libudev gives it the seat.
#include <libinput.h>
#include <libudev.h>
