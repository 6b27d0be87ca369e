// Samples a texture as it is, rows top first, times a premultiplied tint (a
// layer's opacity, or a colour over a white texel). An opaque texture's alpha
// reads as 1 through its swizzle, whatever a blit left there; the shader stays
// a plain modulated read, which llvmpipe can run on its linear path.
precision highp float;
in vec2 segueUV;
uniform sampler2D segueTexture;
uniform vec4 segueTint;
out vec4 segueFragColor;
void main() {
    segueFragColor = texture(segueTexture, segueUV) * segueTint;
}
