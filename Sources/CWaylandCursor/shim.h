#ifndef SEGUE_CWAYLANDCURSOR_SHIM_H
#define SEGUE_CWAYLANDCURSOR_SHIM_H
// The cursor theme a nested Segue shows its parent where no client asked for a
// cursor: libwayland-cursor reads the XCursor theme (its own built-in arrow
// where none is installed) into wl_shm buffers.
#include <wayland-cursor.h>
#endif
