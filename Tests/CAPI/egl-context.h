/* An EGL context with OpenGL ES 3 and no surface, made current: surfaceless
 * where the driver offers it, else on the first EGL device (NVIDIA's). */
#ifndef SEGUE_TEST_EGL_CONTEXT_H
#define SEGUE_TEST_EGL_CONTEXT_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>

/* The display made, or EGL_NO_DISPLAY; `context` gets the context, not yet current. */
static EGLDisplay test_egl_display(EGLContext *context) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) {
        PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
        EGLDeviceEXT device;
        EGLint count = 0;
        if (query && query(1, &device, &count) && count > 0) display = get_display(EGL_PLATFORM_DEVICE_EXT, device, NULL);
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) {
            fprintf(stderr, "no EGL display\n");
            return EGL_NO_DISPLAY;
        }
    }
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    *context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    return display;
}

#endif
