#ifndef SEGUE_CWAYLANDSERVER_SHIM_H
#define SEGUE_CWAYLANDSERVER_SHIM_H
// libwayland-server for Swift. Everything Swift cannot import directly gets a
// `static inline` stand-in prefixed `segue_`.
#include <stddef.h>
#include <stdint.h>
// Deprecated libwayland API makes wl_resource a complete struct; Segue keeps it opaque.
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>
#include "protocols/xdg-shell-server-protocol.h"
#include "protocols/presentation-time-server-protocol.h"
#include "protocols/viewporter-server-protocol.h"
#include "protocols/segue-transition-v1-server-protocol.h"
#include "protocols/xdg-activation-v1-server-protocol.h"
#include "protocols/pointer-gestures-unstable-v1-server-protocol.h"
#include "protocols/primary-selection-unstable-v1-server-protocol.h"
#include "protocols/linux-dmabuf-unstable-v1-server-protocol.h"
#include "protocols/xdg-decoration-unstable-v1-server-protocol.h"
#include "protocols/xdg-output-unstable-v1-server-protocol.h"
#include "protocols/wlr-screencopy-unstable-v1-server-protocol.h"
#include "protocols/fractional-scale-v1-server-protocol.h"
#include "protocols/wlr-data-control-unstable-v1-server-protocol.h"
#include "protocols/wlr-foreign-toplevel-management-unstable-v1-server-protocol.h"
#include "protocols/ext-foreign-toplevel-list-v1-server-protocol.h"
#include "protocols/virtual-keyboard-unstable-v1-server-protocol.h"
#include "protocols/single-pixel-buffer-v1-server-protocol.h"
#include "protocols/wlr-layer-shell-unstable-v1-server-protocol.h"
#include "protocols/ext-image-capture-source-v1-server-protocol.h"
#include "protocols/ext-image-copy-capture-v1-server-protocol.h"
#include "protocols/cursor-shape-v1-server-protocol.h"
#include "protocols/ext-data-control-v1-server-protocol.h"
#include "protocols/ext-workspace-v1-server-protocol.h"

// The `*_interface` globals share their names with the request-table structs,
// so Swift sees only the structs.
#define SEGUE_INTERFACE(name) \
    static inline const struct wl_interface *segue_##name##_interface(void) { return &name##_interface; }
SEGUE_INTERFACE(wl_shm)
SEGUE_INTERFACE(wl_compositor)
SEGUE_INTERFACE(wl_surface)
SEGUE_INTERFACE(wl_region)
SEGUE_INTERFACE(wl_callback)
SEGUE_INTERFACE(wl_subcompositor)
SEGUE_INTERFACE(wl_subsurface)
SEGUE_INTERFACE(wl_output)
SEGUE_INTERFACE(wl_seat)
SEGUE_INTERFACE(wl_keyboard)
SEGUE_INTERFACE(wl_pointer)
SEGUE_INTERFACE(wl_touch)
SEGUE_INTERFACE(wl_data_device_manager)
SEGUE_INTERFACE(wl_data_device)
SEGUE_INTERFACE(wl_data_source)
SEGUE_INTERFACE(wl_data_offer)
SEGUE_INTERFACE(xdg_wm_base)
SEGUE_INTERFACE(xdg_positioner)
SEGUE_INTERFACE(xdg_surface)
SEGUE_INTERFACE(xdg_toplevel)
SEGUE_INTERFACE(xdg_popup)
SEGUE_INTERFACE(wp_presentation)
SEGUE_INTERFACE(wp_presentation_feedback)
SEGUE_INTERFACE(wp_viewporter)
SEGUE_INTERFACE(wp_viewport)
SEGUE_INTERFACE(segue_transition_manager_v1)
SEGUE_INTERFACE(segue_transition_v1)
SEGUE_INTERFACE(xdg_activation_v1)
SEGUE_INTERFACE(xdg_activation_token_v1)
SEGUE_INTERFACE(zwp_pointer_gestures_v1)
SEGUE_INTERFACE(zwp_pointer_gesture_swipe_v1)
SEGUE_INTERFACE(zwp_pointer_gesture_pinch_v1)
SEGUE_INTERFACE(zwp_primary_selection_device_manager_v1)
SEGUE_INTERFACE(zwp_primary_selection_device_v1)
SEGUE_INTERFACE(zwp_primary_selection_source_v1)
SEGUE_INTERFACE(zwp_primary_selection_offer_v1)
SEGUE_INTERFACE(zwp_linux_dmabuf_v1)
SEGUE_INTERFACE(zwp_linux_buffer_params_v1)
SEGUE_INTERFACE(zxdg_decoration_manager_v1)
SEGUE_INTERFACE(zxdg_toplevel_decoration_v1)
SEGUE_INTERFACE(zwp_linux_dmabuf_feedback_v1)
SEGUE_INTERFACE(wl_buffer)
SEGUE_INTERFACE(zxdg_output_manager_v1)
SEGUE_INTERFACE(zxdg_output_v1)
SEGUE_INTERFACE(zwlr_screencopy_manager_v1)
SEGUE_INTERFACE(zwlr_screencopy_frame_v1)
SEGUE_INTERFACE(wp_fractional_scale_manager_v1)
SEGUE_INTERFACE(wp_fractional_scale_v1)
SEGUE_INTERFACE(zwlr_data_control_manager_v1)
SEGUE_INTERFACE(zwlr_data_control_device_v1)
SEGUE_INTERFACE(zwlr_data_control_source_v1)
SEGUE_INTERFACE(zwlr_data_control_offer_v1)
SEGUE_INTERFACE(zwlr_foreign_toplevel_manager_v1)
SEGUE_INTERFACE(zwlr_foreign_toplevel_handle_v1)
SEGUE_INTERFACE(ext_foreign_toplevel_list_v1)
SEGUE_INTERFACE(ext_foreign_toplevel_handle_v1)
SEGUE_INTERFACE(zwp_virtual_keyboard_manager_v1)
SEGUE_INTERFACE(zwp_virtual_keyboard_v1)
SEGUE_INTERFACE(wp_single_pixel_buffer_manager_v1)
SEGUE_INTERFACE(zwlr_layer_shell_v1)
SEGUE_INTERFACE(zwlr_layer_surface_v1)
SEGUE_INTERFACE(ext_image_capture_source_v1)
SEGUE_INTERFACE(ext_output_image_capture_source_manager_v1)
SEGUE_INTERFACE(ext_foreign_toplevel_image_capture_source_manager_v1)
SEGUE_INTERFACE(ext_image_copy_capture_manager_v1)
SEGUE_INTERFACE(ext_image_copy_capture_session_v1)
SEGUE_INTERFACE(ext_image_copy_capture_frame_v1)
SEGUE_INTERFACE(ext_image_copy_capture_cursor_session_v1)
SEGUE_INTERFACE(wp_cursor_shape_manager_v1)
SEGUE_INTERFACE(wp_cursor_shape_device_v1)
SEGUE_INTERFACE(ext_data_control_manager_v1)
SEGUE_INTERFACE(ext_data_control_device_v1)
SEGUE_INTERFACE(ext_data_control_source_v1)
SEGUE_INTERFACE(ext_data_control_offer_v1)
SEGUE_INTERFACE(ext_workspace_manager_v1)
SEGUE_INTERFACE(ext_workspace_group_handle_v1)
SEGUE_INTERFACE(ext_workspace_handle_v1)
#undef SEGUE_INTERFACE

// One request table serves interfaces whose requests are alike: wl_keyboard's,
// wl_touch's and the gestures' (a destructor alone: Resource.destroyOnly), the
// primary selection's and data control's offers (receive, destroy:
// ReceivingOffer) and sources (offer, destroy: OfferingSource).
_Static_assert(sizeof(struct wl_keyboard_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct zwp_pointer_gesture_swipe_v1_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct zwp_pointer_gesture_pinch_v1_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct zxdg_output_v1_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct wp_fractional_scale_v1_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct ext_foreign_toplevel_handle_v1_interface) == sizeof(struct wl_touch_interface)
               && sizeof(struct ext_image_capture_source_v1_interface) == sizeof(struct wl_touch_interface),
               "a destructor-only request table serves each");
_Static_assert(sizeof(struct zwlr_data_control_offer_v1_interface) == sizeof(struct zwp_primary_selection_offer_v1_interface)
               && offsetof(struct zwlr_data_control_offer_v1_interface, receive)
                  == offsetof(struct zwp_primary_selection_offer_v1_interface, receive),
               "one receive-and-destroy table serves both offers");
_Static_assert(sizeof(struct zwlr_data_control_source_v1_interface) == sizeof(struct zwp_primary_selection_source_v1_interface)
               && offsetof(struct zwlr_data_control_source_v1_interface, offer)
                  == offsetof(struct zwp_primary_selection_source_v1_interface, offer),
               "one offer-and-destroy table serves both sources");
// ext-data-control-v1 is wlr-data-control 2 under other names: one set of
// request tables, and the zwlr event senders, serve both (DataControlProtocol).
_Static_assert(sizeof(struct ext_data_control_manager_v1_interface) == sizeof(struct zwlr_data_control_manager_v1_interface)
               && sizeof(struct ext_data_control_device_v1_interface) == sizeof(struct zwlr_data_control_device_v1_interface)
               && offsetof(struct ext_data_control_device_v1_interface, set_primary_selection)
                  == offsetof(struct zwlr_data_control_device_v1_interface, set_primary_selection)
               && sizeof(struct ext_data_control_source_v1_interface) == sizeof(struct zwlr_data_control_source_v1_interface)
               && sizeof(struct ext_data_control_offer_v1_interface) == sizeof(struct zwlr_data_control_offer_v1_interface),
               "ext and wlr data control requests are laid out alike");
_Static_assert(EXT_DATA_CONTROL_DEVICE_V1_DATA_OFFER == ZWLR_DATA_CONTROL_DEVICE_V1_DATA_OFFER
               && EXT_DATA_CONTROL_DEVICE_V1_SELECTION == ZWLR_DATA_CONTROL_DEVICE_V1_SELECTION
               && EXT_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION == ZWLR_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION
               && EXT_DATA_CONTROL_OFFER_V1_OFFER == ZWLR_DATA_CONTROL_OFFER_V1_OFFER
               && EXT_DATA_CONTROL_SOURCE_V1_SEND == ZWLR_DATA_CONTROL_SOURCE_V1_SEND
               && EXT_DATA_CONTROL_SOURCE_V1_CANCELLED == ZWLR_DATA_CONTROL_SOURCE_V1_CANCELLED
               && EXT_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE == ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE
               && EXT_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER == ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER,
               "ext and wlr data control events and errors have the same numbers");

// wl_resource_post_error is variadic; Swift passes a finished message.
static inline void segue_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

static inline void segue_resource_post_no_memory(struct wl_resource *resource) {
    wl_resource_post_no_memory(resource);
}

// A listener that knows the Swift object owning it. Swift allocates one per
// signal subscription, at a fixed address, and finds its owner again here
// instead of through wl_container_of.
struct segue_listener {
    struct wl_listener listener;
    void *owner;
};
_Static_assert(offsetof(struct segue_listener, listener) == 0,
               "segue_listener_owner relies on the listener coming first");

static inline void *segue_listener_owner(struct wl_listener *listener) {
    return ((struct segue_listener *)listener)->owner;
}

// wl_signal_add is static inline in the header already; the list helpers a
// signal needs are exported, so nothing more is required for signals.

// wl_keyboard.keymap shares the keymap as a sealed memfd. memfd_create and the
// sealing fcntl commands are GNU extensions the Glibc module leaves out, so they
// are declared here with the kernel's values (linux/memfd.h, linux/fcntl.h).
int memfd_create(const char *name, unsigned int flags);
#define SEGUE_MFD_CLOEXEC 0x0001U
#define SEGUE_MFD_ALLOW_SEALING 0x0002U
#define SEGUE_F_ADD_SEALS 1033
#define SEGUE_F_GET_SEALS 1034
#define SEGUE_F_SEAL_SHRINK 0x0002
#define SEGUE_F_SEAL_GROW 0x0004
#define SEGUE_F_SEAL_WRITE 0x0008

#endif
