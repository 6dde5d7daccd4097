/*
 * vinput: guest-side virtual input devices for the SwipeKiosk VM tests (built with gcc -static).
 * QEMU 7.2 cannot inject multitouch from the host, so touches come from a uinput touchscreen
 * driven by text commands, and force feedback is observed on a uinput rumble device.
 *
 *   vinput touch PORT   multitouch touchscreen (INPUT_PROP_DIRECT, 10 slots, 0..32767); reads
 *                       commands from PORT (a virtio-serial port or FIFO, re-opened on EOF):
 *                       "d SLOT X Y" down, "m SLOT X Y" move, "u SLOT" up, "q" quit.
 *   vinput rumble       a device with EV_FF/FF_RUMBLE; logs "RUMBLE upload id=N strong=S length=L"
 *                       and "RUMBLE play id=N" for every effect the app uploads and plays.
 *   vinput keyboard PORT  a USB keyboard (every key code below BTN_MISC, so udev sees a full
 *                       keyboard and systemd a power switch: what a stranger plugs into a port);
 *                       reads lines of key names from PORT (re-opened on EOF): "leftctrl leftalt
 *                       f2" presses the keys in order and releases them in reverse, "q" quits.
 *                       Names: leftctrl, leftalt, sysrq, power, delete, enter, up, down,
 *                       kp0..kp9, f1..f12, a..z. Logs "VINPUT keys N at S.NNNNNN" (CLOCK_MONOTONIC
 *                       after the last event was written).
 *   vinput jack PORT    a headphone jack (EV_SW/SW_HEADPHONE_INSERT only, as the kernel's HDA jack
 *                       devices are), starting empty; reads "in" / "out" lines from PORT (re-opened
 *                       on EOF), logs "VINPUT jack in|out", "q" quits.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static int emit(int fd, int type, int code, int value) {
    struct input_event ev = {0};
    ev.type = type;
    ev.code = code;
    ev.value = value;
    return write(fd, &ev, sizeof ev) == sizeof ev ? 0 : -1;
}

static void die(const char *what) {
    fprintf(stderr, "vinput: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void abs_axis(int fd, int code, int max, int resolution) {
    struct uinput_abs_setup abs = {0};
    abs.code = code;
    abs.absinfo.maximum = max;
    abs.absinfo.resolution = resolution;
    if (ioctl(fd, UI_ABS_SETUP, &abs) < 0) die("UI_ABS_SETUP");
}

static int touch_main(const char *port) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) die("open /dev/uinput");
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    int codes[] = {ABS_X, ABS_Y, ABS_MT_POSITION_X, ABS_MT_POSITION_Y};
    for (int i = 0; i < 4; i++) ioctl(fd, UI_SET_ABSBIT, codes[i]), abs_axis(fd, codes[i], 32767, 126);
    ioctl(fd, UI_SET_ABSBIT, ABS_MT_SLOT);
    abs_axis(fd, ABS_MT_SLOT, 9, 0);
    ioctl(fd, UI_SET_ABSBIT, ABS_MT_TRACKING_ID);
    abs_axis(fd, ABS_MT_TRACKING_ID, 65535, 0);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x1234;
    setup.id.product = 0x5678;
    strcpy(setup.name, "vinput touchscreen");
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    printf("VINPUT touch ready\n");
    fflush(stdout);
    int tracking = 1, down = 0;
    char line[128];
    for (;;) {
        FILE *in = fopen(port, "r");
        if (!in) die(port);
        while (fgets(line, sizeof line, in)) {
            char op;
            int slot = 0, x = 0, y = 0;
            int n = sscanf(line, " %c %d %d %d", &op, &slot, &x, &y);
            if (n < 1) continue;
            if (op == 'q') return 0;
            emit(fd, EV_ABS, ABS_MT_SLOT, slot);
            if (op == 'd' || op == 'm') {
                if (op == 'd') emit(fd, EV_ABS, ABS_MT_TRACKING_ID, tracking++), down |= 1 << slot;
                emit(fd, EV_ABS, ABS_MT_POSITION_X, x);
                emit(fd, EV_ABS, ABS_MT_POSITION_Y, y);
                emit(fd, EV_ABS, ABS_X, x);
                emit(fd, EV_ABS, ABS_Y, y);
            } else if (op == 'u') {
                emit(fd, EV_ABS, ABS_MT_TRACKING_ID, -1);
                down &= ~(1 << slot);
            }
            emit(fd, EV_KEY, BTN_TOUCH, down != 0);
            emit(fd, EV_SYN, SYN_REPORT, 0);
        }
        fclose(in);
    }
}

static int rumble_main(void) {
    int fd = open("/dev/uinput", O_RDWR);
    if (fd < 0) die("open /dev/uinput");
    ioctl(fd, UI_SET_EVBIT, EV_FF);
    ioctl(fd, UI_SET_FFBIT, FF_RUMBLE);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_VIRTUAL;
    setup.ff_effects_max = 4;
    strcpy(setup.name, "vinput rumble");
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    printf("VINPUT rumble ready\n");
    fflush(stdout);
    struct input_event ev;
    while (read(fd, &ev, sizeof ev) == sizeof ev) {
        if (ev.type == EV_UINPUT && ev.code == UI_FF_UPLOAD) {
            struct uinput_ff_upload up = {0};
            up.request_id = ev.value;
            if (ioctl(fd, UI_BEGIN_FF_UPLOAD, &up) < 0) die("UI_BEGIN_FF_UPLOAD");
            printf("RUMBLE upload id=%d strong=%u length=%u\n", up.effect.id,
                   up.effect.u.rumble.strong_magnitude, up.effect.replay.length);
            up.retval = 0;
            ioctl(fd, UI_END_FF_UPLOAD, &up);
        } else if (ev.type == EV_UINPUT && ev.code == UI_FF_ERASE) {
            struct uinput_ff_erase erase = {0};
            erase.request_id = ev.value;
            ioctl(fd, UI_BEGIN_FF_ERASE, &erase);
            erase.retval = 0;
            ioctl(fd, UI_END_FF_ERASE, &erase);
        } else if (ev.type == EV_FF && ev.value > 0) {
            printf("RUMBLE play id=%d\n", ev.code);
        }
        fflush(stdout);
    }
    return 0;
}

/* Key name -> code for the keyboard's commands; letters follow the QWERTY rows of the codes. */
static int key_code(const char *name) {
    static const struct { const char *name; int code; } named[] = {
        {"leftctrl", KEY_LEFTCTRL}, {"leftalt", KEY_LEFTALT}, {"sysrq", KEY_SYSRQ}, {"power", KEY_POWER},
        {"delete", KEY_DELETE}, {"enter", KEY_ENTER}, {"up", KEY_UP}, {"down", KEY_DOWN}};
    static const int keypad[] = {KEY_KP0, KEY_KP1, KEY_KP2, KEY_KP3, KEY_KP4, KEY_KP5, KEY_KP6, KEY_KP7, KEY_KP8, KEY_KP9};
    static const struct { const char *letters; int first; } rows[] = {
        {"qwertyuiop", KEY_Q}, {"asdfghjkl", KEY_A}, {"zxcvbnm", KEY_Z}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(name, named[i].name) == 0) return named[i].code;
    if (strncmp(name, "kp", 2) == 0 && name[2] >= '0' && name[2] <= '9' && name[3] == 0) return keypad[name[2] - '0'];
    if (name[0] == 'f' && name[1] >= '1' && name[1] <= '9') {
        int n = atoi(name + 1);
        if (n >= 1 && n <= 10) return KEY_F1 + n - 1;
        if (n == 11 || n == 12) return KEY_F11 + n - 11;
    }
    if (name[0] >= 'a' && name[0] <= 'z' && name[1] == 0)
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            const char *at = strchr(rows[i].letters, name[0]);
            if (at) return rows[i].first + (int)(at - rows[i].letters);
        }
    return -1;
}

static int keyboard_main(const char *port) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) die("open /dev/uinput");
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_EVBIT, EV_REP);
    for (int code = KEY_ESC; code < BTN_MISC; code++) ioctl(fd, UI_SET_KEYBIT, code);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x1234;
    setup.id.product = 0x4b42;
    strcpy(setup.name, "vinput keyboard");
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    printf("VINPUT keyboard ready\n");
    fflush(stdout);
    char line[256];
    for (;;) {
        FILE *in = fopen(port, "r");
        if (!in) die(port);
        while (fgets(line, sizeof line, in)) {
            int codes[16], count = 0;
            for (char *name = strtok(line, " \t\r\n"); name && count < 16; name = strtok(NULL, " \t\r\n")) {
                if (strcmp(name, "q") == 0 && count == 0) return 0;
                int code = key_code(name);
                if (code < 0) fprintf(stderr, "vinput: unknown key %s\n", name);
                else codes[count++] = code;
            }
            for (int i = 0; i < count; i++) emit(fd, EV_KEY, codes[i], 1), emit(fd, EV_SYN, SYN_REPORT, 0);
            for (int i = count - 1; i >= 0; i--) emit(fd, EV_KEY, codes[i], 0), emit(fd, EV_SYN, SYN_REPORT, 0);
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            printf("VINPUT keys %d at %ld.%06ld\n", count, (long)now.tv_sec, now.tv_nsec / 1000);
        }
        fclose(in);
    }
}

static int jack_main(const char *port) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) die("open /dev/uinput");
    ioctl(fd, UI_SET_EVBIT, EV_SW);
    ioctl(fd, UI_SET_SWBIT, SW_HEADPHONE_INSERT);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_VIRTUAL;
    strcpy(setup.name, "vinput jack");
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    printf("VINPUT jack ready\n");
    char line[64];
    for (;;) {
        FILE *in = fopen(port, "r");
        if (!in) die(port);
        while (fgets(line, sizeof line, in)) {
            if (line[0] == 'q') return 0;
            int inserted = strncmp(line, "in", 2) == 0;
            if (!inserted && strncmp(line, "out", 3) != 0) continue;
            emit(fd, EV_SW, SW_HEADPHONE_INSERT, inserted);
            emit(fd, EV_SYN, SYN_REPORT, 0);
            printf("VINPUT jack %s\n", inserted ? "in" : "out");
        }
        fclose(in);
    }
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 3 && strcmp(argv[1], "touch") == 0) return touch_main(argv[2]);
    if (argc == 2 && strcmp(argv[1], "rumble") == 0) return rumble_main();
    if (argc == 3 && strcmp(argv[1], "keyboard") == 0) return keyboard_main(argv[2]);
    if (argc == 3 && strcmp(argv[1], "jack") == 0) return jack_main(argv[2]);
    fprintf(stderr, "usage: vinput touch PORT | vinput rumble | vinput keyboard PORT | vinput jack PORT\n");
    return 64;
}
