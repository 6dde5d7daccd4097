// Linux-only kernel interfaces that Glibc's Swift module map leaves out: epoll, timerfd,
// signalfd, eventfd (the event loop), pidfd (child exits noticed on the loop), inotify (database
// change detection), the evdev force-feedback structures (haptics) and the virtual-terminal and
// console-keyboard ioctls (VT switching), posix_spawn's chdir action (command actions), and
// the thread names of the worker threads.
// Header-only, part of glibc and the kernel headers: nothing to link.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/pidfd.h>
#include <spawn.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>

// ioctl(2) is variadic, and Swift cannot call variadic C functions: this fixed-signature
// wrapper is the one way KioskHardware issues evdev and VT ioctls (EVIOCSFF, VT_SETMODE, ...).
static inline int kiosk_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

// glibc has had posix_spawn_file_actions_addchdir_np since 2.29 but declares it only for
// _DEFAULT_SOURCE, without which Swift's Glibc module is built: the same prototype, visible.
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);

// pthread_setname_np is declared only for _GNU_SOURCE: the same prototype, visible (the worker
// threads' names, as `top -H` and /proc/PID/task/*/comm show them; 15 bytes at most).
extern int pthread_setname_np(pthread_t thread, const char *name);
