// libdrm: KMS resources, dumb buffers, atomic commits, page-flip events.
// DRM_FORMAT_* are function-like macros (fourcc_code) that Swift cannot import;
// KioskHardware spells them as typed Swift constants (DRMFourCC.swift) instead.
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
