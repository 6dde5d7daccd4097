// libmosquitto (Debian's libmosquitto-dev, 2.0.x) for KioskFeed: the MQTT client of
// `swipe-kiosk feed`. mqtt_protocol.h has the MQTT v5 property and reason-code constants.
// Headers only: KioskFeed opens libmosquitto.so.1 when a client is made (Mosquitto.swift).
#include <mosquitto.h>
#include <mqtt_protocol.h>
