#ifndef SEGUE_CEGL_SHIM_H
#define SEGUE_CEGL_SHIM_H
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stddef.h>
#include <stdint.h>

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

/// A string the driver gives for the device behind `display` (EGL_EXT_device_query):
/// its DRM render node (EGL_DRM_RENDER_NODE_FILE_EXT) or primary node
/// (EGL_DRM_DEVICE_FILE_EXT); NULL where it names none.
static inline const char *segue_egl_device_string(EGLDisplay display, EGLint name) {
    PFNEGLQUERYDISPLAYATTRIBEXTPROC attribute = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    EGLAttrib device = 0;
    if (!attribute || !string || !attribute(display, EGL_DEVICE_EXT, &device) || !device) return NULL;
    return string((EGLDeviceEXT)device, name);
}

/// Imports `planes` dmabuf planes as an EGLImage (EGL_EXT_image_dma_buf_import,
/// with the modifier where `explicitModifier` says one is given); EGL_NO_IMAGE_KHR
/// where the driver refuses them or has no import.
static inline EGLImageKHR segue_egl_import_dmabuf(EGLDisplay display, EGLint width, EGLint height, EGLint fourcc,
                                                  int planes, const EGLint *fds, const EGLint *offsets,
                                                  const EGLint *pitches, EGLuint64KHR modifier, EGLBoolean explicitModifier) {
    static const EGLint fdKeys[4] = {EGL_DMA_BUF_PLANE0_FD_EXT, EGL_DMA_BUF_PLANE1_FD_EXT,
                                     EGL_DMA_BUF_PLANE2_FD_EXT, EGL_DMA_BUF_PLANE3_FD_EXT};
    static const EGLint offsetKeys[4] = {EGL_DMA_BUF_PLANE0_OFFSET_EXT, EGL_DMA_BUF_PLANE1_OFFSET_EXT,
                                         EGL_DMA_BUF_PLANE2_OFFSET_EXT, EGL_DMA_BUF_PLANE3_OFFSET_EXT};
    static const EGLint pitchKeys[4] = {EGL_DMA_BUF_PLANE0_PITCH_EXT, EGL_DMA_BUF_PLANE1_PITCH_EXT,
                                        EGL_DMA_BUF_PLANE2_PITCH_EXT, EGL_DMA_BUF_PLANE3_PITCH_EXT};
    static const EGLint lowKeys[4] = {EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE1_MODIFIER_LO_EXT,
                                      EGL_DMA_BUF_PLANE2_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE3_MODIFIER_LO_EXT};
    static const EGLint highKeys[4] = {EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, EGL_DMA_BUF_PLANE1_MODIFIER_HI_EXT,
                                       EGL_DMA_BUF_PLANE2_MODIFIER_HI_EXT, EGL_DMA_BUF_PLANE3_MODIFIER_HI_EXT};
    PFNEGLCREATEIMAGEKHRPROC create = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
    if (!create || planes < 1 || planes > 4) return EGL_NO_IMAGE_KHR;
    EGLint attributes[7 + 4 * 10];
    int n = 0;
    attributes[n++] = EGL_WIDTH; attributes[n++] = width;
    attributes[n++] = EGL_HEIGHT; attributes[n++] = height;
    attributes[n++] = EGL_LINUX_DRM_FOURCC_EXT; attributes[n++] = fourcc;
    for (int i = 0; i < planes; i++) {
        attributes[n++] = fdKeys[i]; attributes[n++] = fds[i];
        attributes[n++] = offsetKeys[i]; attributes[n++] = offsets[i];
        attributes[n++] = pitchKeys[i]; attributes[n++] = pitches[i];
        if (explicitModifier) {
            attributes[n++] = lowKeys[i]; attributes[n++] = (EGLint)(modifier & 0xffffffff);
            attributes[n++] = highKeys[i]; attributes[n++] = (EGLint)(modifier >> 32);
        }
    }
    attributes[n++] = EGL_NONE;
    return create(display, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, (EGLClientBuffer)NULL, attributes);
}

static inline void segue_egl_destroy_image(EGLDisplay display, EGLImageKHR image) {
    PFNEGLDESTROYIMAGEKHRPROC destroy = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
    if (destroy) destroy(display, image);
}

static inline EGLImageKHR segue_egl_no_image(void) { return EGL_NO_IMAGE_KHR; }

/// Makes `image` the storage of the texture bound to `target` (GL_TEXTURE_2D,
/// 0x0DE1) of the current context: glEGLImageTargetTexture2DOES
/// (GL_OES_EGL_image), declared here so this module needs no GL header; false
/// where the driver has none. GL's error state says whether it took.
static inline EGLBoolean segue_gl_texture_from_image(unsigned int target, EGLImageKHR image) {
    typedef void (*TargetTexture)(unsigned int target, void *image);
    TargetTexture set = (TargetTexture)eglGetProcAddress("glEGLImageTargetTexture2DOES");
    if (!set) return EGL_FALSE;
    set(target, image);
    return EGL_TRUE;
}

/// The GL texture `texture` of `context` as an EGLImage (EGL_KHR_gl_texture_2D_image);
/// EGL_NO_IMAGE_KHR where the driver cannot.
static inline EGLImageKHR segue_egl_texture_image(EGLDisplay display, EGLContext context, unsigned int texture) {
    PFNEGLCREATEIMAGEKHRPROC create = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
    if (!create) return EGL_NO_IMAGE_KHR;
    return create(display, context, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)texture, NULL);
}

/// EGL_MESA_image_dma_buf_export: the image's fourcc, plane count and modifiers
/// (up to 4), then its planes' fds, strides and offsets; false where the driver cannot.
static inline EGLBoolean segue_egl_export_dmabuf_query(EGLDisplay display, EGLImageKHR image, int *fourcc, int *planes,
                                                       EGLuint64KHR *modifiers) {
    PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC query =
        (PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC)eglGetProcAddress("eglExportDMABUFImageQueryMESA");
    return query ? query(display, image, fourcc, planes, modifiers) : EGL_FALSE;
}

static inline EGLBoolean segue_egl_export_dmabuf(EGLDisplay display, EGLImageKHR image, int *fds, EGLint *strides,
                                                 EGLint *offsets) {
    PFNEGLEXPORTDMABUFIMAGEMESAPROC export_ = (PFNEGLEXPORTDMABUFIMAGEMESAPROC)eglGetProcAddress("eglExportDMABUFImageMESA");
    return export_ ? export_(display, image, fds, strides, offsets) : EGL_FALSE;
}

#endif
