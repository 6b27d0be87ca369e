// The whole target, rows top first, each pixel reading its own point of the image.
in vec2 seguePosition;
out vec2 segueUV;
void main() {
    segueUV = seguePosition;
    gl_Position = vec4(seguePosition * 2.0 - 1.0, 0.0, 1.0);
}
