#ifndef SEGUE_CWAYLANDCLIENT_SHIM_H
#define SEGUE_CWAYLANDCLIENT_SHIM_H
#include <wayland-client.h>
#include "protocols/xdg-shell-client-protocol.h"
#include "protocols/presentation-time-client-protocol.h"
#include "protocols/viewporter-client-protocol.h"
#include "protocols/segue-transition-v1-client-protocol.h"
#include "protocols/xdg-activation-v1-client-protocol.h"
#include "protocols/xdg-decoration-unstable-v1-client-protocol.h"
#include "protocols/pointer-gestures-unstable-v1-client-protocol.h"
#include "protocols/primary-selection-unstable-v1-client-protocol.h"
#include "protocols/linux-dmabuf-unstable-v1-client-protocol.h"
#include "protocols/xdg-output-unstable-v1-client-protocol.h"
#include "protocols/wlr-screencopy-unstable-v1-client-protocol.h"
#include "protocols/fractional-scale-v1-client-protocol.h"
#include "protocols/wlr-data-control-unstable-v1-client-protocol.h"
#include "protocols/wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "protocols/ext-foreign-toplevel-list-v1-client-protocol.h"
#include "protocols/virtual-keyboard-unstable-v1-client-protocol.h"
#include "protocols/wlr-layer-shell-unstable-v1-client-protocol.h"
#include "protocols/ext-image-capture-source-v1-client-protocol.h"
#include "protocols/ext-image-copy-capture-v1-client-protocol.h"
#include "protocols/cursor-shape-v1-client-protocol.h"
#include "protocols/ext-data-control-v1-client-protocol.h"
#include "protocols/ext-workspace-v1-client-protocol.h"
#include "protocols/single-pixel-buffer-v1-client-protocol.h"

// Swift's Glibc module leaves these out; clients poll a signalfd next to the display socket
// and back their wl_shm pools with a memfd.
#include <linux/memfd.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <unistd.h>

// Swift imports the interface tables as copied values, but libwayland keeps the pointer
// passed to wl_registry_bind for the proxy's lifetime: it needs the tables' real addresses.
static inline const struct wl_interface *segue_client_wl_compositor_interface(void) {
    return &wl_compositor_interface;
}
static inline const struct wl_interface *segue_client_wl_shm_interface(void) {
    return &wl_shm_interface;
}
static inline const struct wl_interface *segue_client_wl_subcompositor_interface(void) {
    return &wl_subcompositor_interface;
}
static inline const struct wl_interface *segue_client_wl_seat_interface(void) {
    return &wl_seat_interface;
}
static inline const struct wl_interface *segue_client_zwp_primary_selection_device_manager_v1_interface(void) {
    return &zwp_primary_selection_device_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_wp_viewporter_interface(void) {
    return &wp_viewporter_interface;
}
static inline const struct wl_interface *segue_client_wl_data_device_manager_interface(void) {
    return &wl_data_device_manager_interface;
}
static inline const struct wl_interface *segue_client_xdg_wm_base_interface(void) {
    return &xdg_wm_base_interface;
}
static inline const struct wl_interface *segue_client_xdg_activation_v1_interface(void) {
    return &xdg_activation_v1_interface;
}
static inline const struct wl_interface *segue_client_segue_transition_manager_v1_interface(void) {
    return &segue_transition_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_wl_output_interface(void) {
    return &wl_output_interface;
}
static inline const struct wl_interface *segue_client_wp_presentation_interface(void) {
    return &wp_presentation_interface;
}
static inline const struct wl_interface *segue_client_zxdg_decoration_manager_v1_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_zwp_pointer_gestures_v1_interface(void) {
    return &zwp_pointer_gestures_v1_interface;
}
static inline const struct wl_interface *segue_client_zwp_linux_dmabuf_v1_interface(void) {
    return &zwp_linux_dmabuf_v1_interface;
}
static inline const struct wl_interface *segue_client_zxdg_output_manager_v1_interface(void) {
    return &zxdg_output_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_zwlr_screencopy_manager_v1_interface(void) {
    return &zwlr_screencopy_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_wp_fractional_scale_manager_v1_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_zwlr_data_control_manager_v1_interface(void) {
    return &zwlr_data_control_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_zwlr_foreign_toplevel_manager_v1_interface(void) {
    return &zwlr_foreign_toplevel_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_foreign_toplevel_list_v1_interface(void) {
    return &ext_foreign_toplevel_list_v1_interface;
}
static inline const struct wl_interface *segue_client_zwp_virtual_keyboard_manager_v1_interface(void) {
    return &zwp_virtual_keyboard_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_wp_single_pixel_buffer_manager_v1_interface(void) {
    return &wp_single_pixel_buffer_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_zwlr_layer_shell_v1_interface(void) {
    return &zwlr_layer_shell_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_output_image_capture_source_manager_v1_interface(void) {
    return &ext_output_image_capture_source_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_foreign_toplevel_image_capture_source_manager_v1_interface(void) {
    return &ext_foreign_toplevel_image_capture_source_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_workspace_manager_v1_interface(void) {
    return &ext_workspace_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_data_control_manager_v1_interface(void) {
    return &ext_data_control_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_wp_cursor_shape_manager_v1_interface(void) {
    return &wp_cursor_shape_manager_v1_interface;
}
static inline const struct wl_interface *segue_client_ext_image_copy_capture_manager_v1_interface(void) {
    return &ext_image_copy_capture_manager_v1_interface;
}

// glibc declares memfd_create only under _GNU_SOURCE, which Swift's Glibc module is built
// without; the raw system call needs no feature macro.
static inline int segue_client_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
}

#endif
