// Samples a texture as it is; rows top first.
precision highp float;
in vec2 segueUV;
uniform sampler2D segueTexture;
out vec4 segueFragColor;
void main() { segueFragColor = texture(segueTexture, segueUV); }
