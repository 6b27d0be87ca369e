// A mesh in output pixels, rows top first: the part of the output a masked
// layer may cover. The fragment shader decides each pixel exactly.
in vec2 seguePosition;
uniform vec2 segueTargetSize;
void main() {
    gl_Position = vec4(seguePosition / segueTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
