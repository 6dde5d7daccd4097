// libsystemd's service-manager notification API (sd_notify, sd_watchdog_enabled) for
// KioskHardware's ServiceNotifier. Only sd-daemon.h: the app never links the journal or bus APIs.
#include <systemd/sd-daemon.h>
