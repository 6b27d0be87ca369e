// A textured rectangle placed in output pixels, rows top first (textures and
// targets both hold rows top first), then turned clockwise about a pivot.
in vec2 seguePosition;
uniform vec4 segueRect;   // x, y, width, height in pixels
uniform vec4 segueSource; // the part of the texture shown: x, y, width, height as fractions
uniform vec4 segueTurn;   // cosine and sine of the turn, then its pivot in pixels
uniform vec2 segueTargetSize;
out vec2 segueUV;
void main() {
    vec2 unit = seguePosition * 0.5 + 0.5;
    segueUV = segueSource.xy + unit * segueSource.zw;
    vec2 p = segueRect.xy + unit * segueRect.zw - segueTurn.zw;
    p = vec2(segueTurn.x * p.x - segueTurn.y * p.y, segueTurn.y * p.x + segueTurn.x * p.y) + segueTurn.zw;
    gl_Position = vec4(p / segueTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
