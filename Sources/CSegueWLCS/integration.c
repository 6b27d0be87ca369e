// WLCS's entry point for Segue: the structs and function tables WLCS calls,
// each a thin hop to SegueWLCS (Swift), where the compositor lives. The
// client-side objects WLCS passes become what the server can look up: a
// wl_display its socket's fd, a wl_surface its object id.
#include "segue_wlcs.h"
#include <stdbool.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <wayland-client-core.h>
#include <wayland-server-core.h>
#include <wlcs/display_server.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>

// Implemented in Swift with @_cdecl; `server` is the Swift object.
void *segue_wlcs_create(void);
void segue_wlcs_destroy(void *server);
void segue_wlcs_run(void *server, void *wlcs_loop);
void segue_wlcs_stop(void *server);
int segue_wlcs_connect(void *server);
void segue_wlcs_place(void *server, int client_fd, uint32_t surface_id, int x, int y);
void segue_wlcs_pointer_move(void *server, double x, double y, bool relative);
void segue_wlcs_pointer_button(void *server, int button, bool pressed);
void segue_wlcs_touch(void *server, int phase, double x, double y);
size_t segue_wlcs_extension_count(void);
char const *segue_wlcs_extension_name(size_t index);
uint32_t segue_wlcs_extension_version(size_t index);

// Each WLCS struct comes first, so WLCS's pointer is ours too.
struct segue_server {
    WlcsDisplayServer base;
    void *swift;
    WlcsExtensionDescriptor *extensions;
    WlcsIntegrationDescriptor descriptor;
};
struct segue_pointer {
    WlcsPointer base;
    struct segue_server *server;
};
struct segue_touch {
    WlcsTouch base;
    struct segue_server *server;
};
_Static_assert(offsetof(struct segue_server, base) == 0, "WLCS hands back the WlcsDisplayServer pointer");
_Static_assert(offsetof(struct segue_pointer, base) == 0, "WLCS hands back the WlcsPointer pointer");
_Static_assert(offsetof(struct segue_touch, base) == 0, "WLCS hands back the WlcsTouch pointer");

int segue_wlcs_loop_fd(void *wlcs_loop) { return wl_event_loop_get_fd(wlcs_loop); }
void segue_wlcs_loop_dispatch(void *wlcs_loop) { wl_event_loop_dispatch(wlcs_loop, 0); }
int segue_wlcs_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

static void *swift_of(WlcsDisplayServer *server) { return ((struct segue_server *)server)->swift; }

static void pointer_move_absolute(WlcsPointer *pointer, wl_fixed_t x, wl_fixed_t y) {
    segue_wlcs_pointer_move(((struct segue_pointer *)pointer)->server->swift, wl_fixed_to_double(x), wl_fixed_to_double(y), false);
}
static void pointer_move_relative(WlcsPointer *pointer, wl_fixed_t dx, wl_fixed_t dy) {
    segue_wlcs_pointer_move(((struct segue_pointer *)pointer)->server->swift, wl_fixed_to_double(dx), wl_fixed_to_double(dy), true);
}
static void pointer_button_down(WlcsPointer *pointer, int button) {
    segue_wlcs_pointer_button(((struct segue_pointer *)pointer)->server->swift, button, true);
}
static void pointer_button_up(WlcsPointer *pointer, int button) {
    segue_wlcs_pointer_button(((struct segue_pointer *)pointer)->server->swift, button, false);
}
static void pointer_destroy(WlcsPointer *pointer) { free(pointer); }

static WlcsPointer *create_pointer(WlcsDisplayServer *server) {
    struct segue_pointer *pointer = calloc(1, sizeof *pointer);
    if (!pointer) return NULL;
    pointer->base = (WlcsPointer){
        .version = WLCS_POINTER_VERSION,
        .move_absolute = pointer_move_absolute,
        .move_relative = pointer_move_relative,
        .button_up = pointer_button_up,
        .button_down = pointer_button_down,
        .destroy = pointer_destroy,
    };
    pointer->server = (struct segue_server *)server;
    return &pointer->base;
}

// Phases as segue_wlcs_touch takes them.
enum { TOUCH_DOWN, TOUCH_MOVE, TOUCH_UP };
// WLCS passes whole pixels here, though the header types them wl_fixed_t
// (its Touch::down_at hands its ints straight on; Mir's integration reads ints).
static void touch_down(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    segue_wlcs_touch(((struct segue_touch *)touch)->server->swift, TOUCH_DOWN, x, y);
}
static void touch_move(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    segue_wlcs_touch(((struct segue_touch *)touch)->server->swift, TOUCH_MOVE, x, y);
}
static void touch_up(WlcsTouch *touch) { segue_wlcs_touch(((struct segue_touch *)touch)->server->swift, TOUCH_UP, 0, 0); }
static void touch_destroy(WlcsTouch *touch) { free(touch); }

static WlcsTouch *create_touch(WlcsDisplayServer *server) {
    struct segue_touch *touch = calloc(1, sizeof *touch);
    if (!touch) return NULL;
    touch->base = (WlcsTouch){
        .version = WLCS_TOUCH_VERSION,
        .touch_down = touch_down,
        .touch_move = touch_move,
        .touch_up = touch_up,
        .destroy = touch_destroy,
    };
    touch->server = (struct segue_server *)server;
    return &touch->base;
}

static void start_on_this_thread(WlcsDisplayServer *server, struct wl_event_loop *wlcs_loop) {
    segue_wlcs_run(swift_of(server), wlcs_loop);
}
static void stop(WlcsDisplayServer *server) { segue_wlcs_stop(swift_of(server)); }
static int create_client_socket(WlcsDisplayServer *server) { return segue_wlcs_connect(swift_of(server)); }

static void position_window_absolute(WlcsDisplayServer *server, struct wl_display *client, struct wl_surface *surface,
                                     int x, int y) {
    segue_wlcs_place(swift_of(server), wl_display_get_fd(client), wl_proxy_get_id((struct wl_proxy *)surface), x, y);
}

static WlcsIntegrationDescriptor const *get_descriptor(WlcsDisplayServer const *server) {
    return &((struct segue_server const *)server)->descriptor;
}

static WlcsDisplayServer *create_server(int argc, char const **argv) {
    (void)argc;
    (void)argv;
    struct segue_server *server = calloc(1, sizeof *server);
    size_t count = segue_wlcs_extension_count();
    WlcsExtensionDescriptor *extensions = calloc(count, sizeof *extensions);
    if (!server || !extensions) {
        free(server);
        free(extensions);
        return NULL;
    }
    for (size_t i = 0; i < count; i++) {
        extensions[i] = (WlcsExtensionDescriptor){segue_wlcs_extension_name(i), segue_wlcs_extension_version(i)};
    }
    server->extensions = extensions;
    server->descriptor = (WlcsIntegrationDescriptor){WLCS_INTEGRATION_DESCRIPTOR_VERSION, count, extensions};
    // Only start_on_this_thread: WLCS then makes its calls on the server's own
    // thread, all but its touch device's (SegueWLCS hands those over).
    server->base = (WlcsDisplayServer){
        .version = WLCS_DISPLAY_SERVER_VERSION,
        .stop = stop,
        .create_client_socket = create_client_socket,
        .position_window_absolute = position_window_absolute,
        .create_pointer = create_pointer,
        .create_touch = create_touch,
        .get_descriptor = get_descriptor,
        .start_on_this_thread = start_on_this_thread,
    };
    server->swift = segue_wlcs_create();
    if (!server->swift) {
        free(extensions);
        free(server);
        return NULL;
    }
    return &server->base;
}

static void destroy_server(WlcsDisplayServer *server) {
    struct segue_server *segue = (struct segue_server *)server;
    segue_wlcs_destroy(segue->swift);
    free(segue->extensions);
    free(segue);
}

WlcsServerIntegration const wlcs_server_integration = {
    .version = WLCS_SERVER_INTEGRATION_VERSION,
    .create_server = create_server,
    .destroy_server = destroy_server,
};
