#ifndef SEGUE_CEGL_SHIM_H
#define SEGUE_CEGL_SHIM_H
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stddef.h>

// Swift cannot import these as constants: they are casts of integers to pointers.
static inline EGLDisplay segue_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext segue_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface segue_egl_no_surface(void) { return EGL_NO_SURFACE; }
static inline EGLConfig segue_egl_no_config(void) { return (EGLConfig)0; }
static inline void *segue_egl_default_display(void) { return EGL_DEFAULT_DISPLAY; }

// Extension entry points, looked up at each call (these are called a few times
// at start): false, or NULL, where the driver has none.
static inline EGLBoolean segue_egl_query_dmabuf_formats(EGLDisplay display, EGLint max, EGLint *formats, EGLint *count) {
    PFNEGLQUERYDMABUFFORMATSEXTPROC query = (PFNEGLQUERYDMABUFFORMATSEXTPROC)eglGetProcAddress("eglQueryDmaBufFormatsEXT");
    return query ? query(display, max, formats, count) : EGL_FALSE;
}

static inline EGLBoolean segue_egl_query_dmabuf_modifiers(EGLDisplay display, EGLint format, EGLint max,
                                                          EGLuint64KHR *modifiers, EGLBoolean *externalOnly, EGLint *count) {
    PFNEGLQUERYDMABUFMODIFIERSEXTPROC query = (PFNEGLQUERYDMABUFMODIFIERSEXTPROC)eglGetProcAddress("eglQueryDmaBufModifiersEXT");
    return query ? query(display, format, max, modifiers, externalOnly, count) : EGL_FALSE;
}

/// The DRM render node of the device behind `display`, or NULL where the driver names none.
static inline const char *segue_egl_render_node(EGLDisplay display) {
    PFNEGLQUERYDISPLAYATTRIBEXTPROC attribute = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    EGLAttrib device = 0;
    if (!attribute || !string || !attribute(display, EGL_DEVICE_EXT, &device) || !device) return NULL;
    return string((EGLDeviceEXT)device, EGL_DRM_RENDER_NODE_FILE_EXT);
}

#endif
