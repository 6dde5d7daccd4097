/*
 * crtcprobe: prints the state of every CRTC of a DRM card, one line each, so the VM tests can
 * check that swipe-kiosk puts the console's CRTC back (framebuffer id and mode) when it exits.
 *   crtcprobe /dev/dri/card0  ->  "CRTC id=35 fb=42 mode=1024x768 valid=1"
 */
#include <fcntl.h>
#include <stdio.h>
#include <xf86drmMode.h>

int main(int argc, char **argv) {
    int fd = open(argc > 1 ? argv[1] : "/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (fd < 0) { perror("open"); return 69; }
    drmModeRes *res = drmModeGetResources(fd);
    if (!res) { perror("drmModeGetResources"); return 69; }
    for (int i = 0; i < res->count_crtcs; i++) {
        drmModeCrtc *c = drmModeGetCrtc(fd, res->crtcs[i]);
        if (!c) continue;
        printf("CRTC id=%u fb=%u mode=%ux%u valid=%d\n", c->crtc_id, c->buffer_id,
               c->mode.hdisplay, c->mode.vdisplay, c->mode_valid);
        drmModeFreeCrtc(c);
    }
    return 0;
}
