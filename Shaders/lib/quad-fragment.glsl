// Samples a texture as it is, rows top first, times a premultiplied tint (a
// layer's opacity, or a colour over a white texel). An opaque texture's alpha is
// read as 1: a blit may have left anything there.
precision highp float;
in vec2 segueUV;
uniform sampler2D segueTexture;
uniform vec4 segueTint;
uniform bool segueOpaque;
out vec4 segueFragColor;
void main() {
    vec4 colour = texture(segueTexture, segueUV);
    if (segueOpaque) colour.a = 1.0;
    segueFragColor = colour * segueTint;
}
