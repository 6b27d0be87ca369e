// The gl-transitions interface (GL Transition Specification v1), GLSL ES 3.00.
precision highp float;
// GLSL ES leaves fragment integers mediump, which a driver may make 16 bits; hashes need 32.
precision highp int;
in vec2 segueUV;
out vec4 segueFragColor;
uniform sampler2D from;
uniform sampler2D to;
uniform float progress;
uniform float ratio;
// Segue's addition: the output size in pixels.
uniform vec2 segueSize;
#define texture2D texture
