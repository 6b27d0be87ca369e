// A mesh in output pixels, rows top first, textured by a layer's placement:
// each vertex finds its texel by undoing the layer's turn and frame, and the
// rest is interpolated (the mapping is affine), so the fragment stage is a
// plain texture read.
in vec2 seguePosition;
uniform vec2 segueTargetSize;
uniform vec4 segueRect;   // the layer's frame in pixels
uniform vec4 segueSource; // the part of the texture shown, as fractions
uniform vec4 segueTurn;   // cosine and sine of the layer's turn, then its pivot
out vec2 segueUV;
void main() {
    vec2 q = seguePosition - segueTurn.zw;
    q = vec2(segueTurn.x * q.x + segueTurn.y * q.y, -segueTurn.y * q.x + segueTurn.x * q.y) + segueTurn.zw;
    segueUV = segueSource.xy + (q - segueRect.xy) / segueRect.zw * segueSource.zw;
    gl_Position = vec4(seguePosition / segueTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
