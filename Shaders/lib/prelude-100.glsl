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
