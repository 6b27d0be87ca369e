// A texture read as it is stored. This exact shape is what llvmpipe can run
// on its linear path (a few times faster than its general one): a highp
// sampler (GLSL ES makes samplers lowp, which Mesa samples in half floats),
// the coordinates straight from the varying, nothing but the read.
precision highp float;
in vec2 segueUV;
uniform highp sampler2D segueTexture;
out vec4 segueFragColor;
void main() {
    segueFragColor = texture(segueTexture, segueUV);
}
