#ifndef SEGUE_CXCB_SHIM_H
#define SEGUE_CXCB_SHIM_H

#include <xcb/xcb.h>
#include <xcb/composite.h>

/* An event's type without the bit that says a client sent it (SendEvent). */
static inline uint8_t segue_xcb_event_type(const xcb_generic_event_t *event) {
    return event->response_type & 0x7f;
}

#endif
