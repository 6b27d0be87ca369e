// A texture read times a premultiplied tint: a translucent screen at an
// opacity, or a colour over a white texel. Still a shape llvmpipe's linear
// path takes (a multiply by one uniform within 0...1).
precision highp float;
in vec2 segueUV;
uniform highp sampler2D segueTexture;
uniform vec4 segueTint;
out vec4 segueFragColor;
void main() {
    segueFragColor = texture(segueTexture, segueUV) * segueTint;
}
