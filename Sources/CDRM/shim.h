#ifndef SEGUE_CDRM_SHIM_H
#define SEGUE_CDRM_SHIM_H
// libdrm's names for DRM fourcc codes and format modifiers, for logs and `segue msg outputs`.
#include <stdint.h>
#include <xf86drm.h>
#include <drm_fourcc.h>

// A macro Swift cannot import: the modifier that means "none given, the driver's choice".
static inline uint64_t segue_drm_format_mod_invalid(void) { return DRM_FORMAT_MOD_INVALID; }

_Static_assert(sizeof(DRM_FORMAT_MOD_INVALID) == 8, "modifiers are 64 bits on the wire");
#endif
