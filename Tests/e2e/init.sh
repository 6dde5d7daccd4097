#!/bin/sh
# /init of the SwipeKiosk test VM: mount the basics, load the DRM/input modules, run
# systemd-udevd (libinput ignores devices udev has not initialised), then execute the commands
# the host sends over the virtio-serial port "ctl", with their output on the serial console.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mkdir -p /proc /sys /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /run /tmp
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
while read -r module; do insmod "$module" || echo "INIT insmod $module failed"; done < /etc/modules.list
/lib/systemd/systemd-udevd --daemon --resolve-names=never
udevadm trigger --type=subsystems --action=add
udevadm trigger --type=devices --action=add
udevadm settle --timeout=20
echo "INIT DONE"
[ -e /dev/virtio-ports/ctl ] || { echo "INIT FAILED: no /dev/virtio-ports/ctl"; exec sh; }
while true; do
    sh -s < /dev/virtio-ports/ctl > /dev/ttyS0 2>&1
done
