// Linux-only kernel interfaces that Glibc's Swift module map leaves out: epoll, timerfd,
// signalfd, eventfd (the event loop), inotify (database change detection), the evdev force-feedback structures (haptics) and the
// virtual-terminal and console-keyboard ioctls (VT switching).
// Header-only, part of glibc and the kernel headers: nothing to link.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>

// ioctl(2) is variadic, and Swift cannot call variadic C functions: this fixed-signature
// wrapper is the one way KioskHardware issues evdev and VT ioctls (EVIOCSFF, VT_SETMODE, ...).
static inline int kiosk_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}
