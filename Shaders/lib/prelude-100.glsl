// The gl-transitions interface (GL Transition Specification v1), GLSL ES 1.00.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
// Fragment integers default to mediump, and a float made from one is mediump
// too: Mesa may compute it in 16 bits, where WebGL on a desktop GPU does not.
precision highp int;
#else
precision mediump float;
#endif
varying vec2 segueUV;
uniform sampler2D from;
uniform sampler2D to;
uniform float progress;
uniform float ratio;
// Segue's addition: the output size in pixels.
uniform vec2 segueSize;
// Textures hold rows top first; uv has its origin at the bottom-left.
vec4 getFromColor(vec2 uv) { return texture2D(from, vec2(uv.x, 1.0 - uv.y)); }
vec4 getToColor(vec2 uv) { return texture2D(to, vec2(uv.x, 1.0 - uv.y)); }
