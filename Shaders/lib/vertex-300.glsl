// One triangle covering the output; segueUV is (0,0) at the bottom-left, as
// gl-transitions expects. Targets hold rows top first, so clip y is flipped:
// the image's top row lands in the target's row 0.
in vec2 seguePosition;
out vec2 segueUV;
void main() {
    segueUV = seguePosition * 0.5 + 0.5;
    gl_Position = vec4(seguePosition.x, -seguePosition.y, 0.0, 1.0);
}
