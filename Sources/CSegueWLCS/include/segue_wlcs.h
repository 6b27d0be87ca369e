#ifndef SEGUE_WLCS_H
#define SEGUE_WLCS_H
// What SegueWLCS (Swift) calls back into: WLCS's own event loop, which it
// drives from Segue's while WLCS proxies its calls onto the server thread.
// No Wayland types here: Swift imports this beside the server's headers.

/// The fd to watch for WLCS's loop (a `struct wl_event_loop *`).
int segue_wlcs_loop_fd(void *wlcs_loop);
/// Runs what WLCS's loop has ready, without waiting.
void segue_wlcs_loop_dispatch(void *wlcs_loop);
/// A non-blocking eventfd (Swift's Glibc module leaves eventfd out).
int segue_wlcs_eventfd(void);

#endif
