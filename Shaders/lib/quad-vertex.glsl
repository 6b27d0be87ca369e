// A textured rectangle: `segueRect` is x, y, width, height in clip space, y
// growing with the row: textures and targets both hold rows top first.
in vec2 seguePosition;
uniform vec4 segueRect;
out vec2 segueUV;
void main() {
    vec2 unit = seguePosition * 0.5 + 0.5;
    segueUV = unit;
    gl_Position = vec4(segueRect.xy + unit * segueRect.zw, 0.0, 1.0);
}
