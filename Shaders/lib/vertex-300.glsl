// One triangle covering the output; segueUV is (0,0) at the bottom-left.
in vec2 seguePosition;
out vec2 segueUV;
void main() {
    segueUV = seguePosition * 0.5 + 0.5;
    gl_Position = vec4(seguePosition, 0.0, 1.0);
}
