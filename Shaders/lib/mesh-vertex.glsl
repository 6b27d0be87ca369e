// A mesh in output pixels, rows top first, each vertex carrying the texture
// point it shows; the fragment stage only reads the texture there.
in vec2 seguePosition;
in vec2 segueTexCoord;
uniform vec2 segueTargetSize;
out vec2 segueUV;
void main() {
    segueUV = segueTexCoord;
    gl_Position = vec4(seguePosition / segueTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
