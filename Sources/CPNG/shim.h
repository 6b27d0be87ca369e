#ifndef SEGUE_CPNG_SHIM_H
#define SEGUE_CPNG_SHIM_H

#include <png.h>

/* Swift does not import macros built from other macros, so expose the format as a function. */
static inline png_uint_32 segue_png_format_rgba(void) {
    return PNG_FORMAT_RGBA;
}

/* The message is a fixed char array, which Swift imports as an awkward tuple. */
static inline const char *segue_png_message(const png_image *image) {
    return image->message;
}

#endif
