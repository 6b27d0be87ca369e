#ifndef SEGUE_CEGL_SHIM_H
#define SEGUE_CEGL_SHIM_H
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>

// Swift cannot import these as constants: they are casts of integers to pointers.
static inline EGLDisplay segue_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext segue_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface segue_egl_no_surface(void) { return EGL_NO_SURFACE; }
static inline EGLConfig segue_egl_no_config(void) { return (EGLConfig)0; }
static inline void *segue_egl_default_display(void) { return EGL_DEFAULT_DISPLAY; }

#endif
