/*
 * vtprobe: prints the state of a virtual terminal in one line, so the VM tests can check what
 * swipe-kiosk sets on its VT while it runs (graphics, keyboard off, switches through the app)
 * and that it puts everything back when it exits.
 *   vtprobe /dev/tty1  ->  "VT tty1 active=1 mode=graphics keyboard=off switching=process"
 */
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "/dev/tty1";
    int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) { perror(path); return 69; }
    struct vt_stat state;
    struct vt_mode vt;
    int mode, keyboard;
    if (ioctl(fd, VT_GETSTATE, &state) < 0 || ioctl(fd, KDGETMODE, &mode) < 0 ||
        ioctl(fd, KDGKBMODE, &keyboard) < 0 || ioctl(fd, VT_GETMODE, &vt) < 0) {
        perror("ioctl");
        return 70;
    }
    static const char *keyboards[] = {"raw", "xlate", "mediumraw", "unicode", "off"};
    printf("VT %s active=%d mode=%s keyboard=%s switching=%s\n", strrchr(path, '/') + 1, state.v_active,
           mode == KD_GRAPHICS ? "graphics" : "text", keyboard >= 0 && keyboard <= 4 ? keyboards[keyboard] : "?",
           vt.mode == VT_PROCESS ? "process" : "auto");
    return 0;
}
