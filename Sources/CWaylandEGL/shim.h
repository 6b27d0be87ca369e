#ifndef SEGUE_CWAYLANDEGL_SHIM_H
#define SEGUE_CWAYLANDEGL_SHIM_H
// wl_egl_window, the native window EGL draws into on a Wayland display. Only the core
// header: the renderer passes wl_surface pointers through and needs nothing of
// libwayland-client itself.
#include <wayland-egl-core.h>
#endif
