#extension GL_OES_EGL_image_external_essl3 : require
// A client's dmabuf of a layout GL samples only as an external image (YUV,
// most often), read as RGB by the driver's own conversion.
precision highp float;
in vec2 segueUV;
uniform samplerExternalOES segueImage;
out vec4 segueFragColor;
void main() {
    segueFragColor = texture(segueImage, segueUV);
}
