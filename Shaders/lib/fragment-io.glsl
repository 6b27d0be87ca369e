// How the preludes of the one-window interfaces (niri's, Burn-My-Windows')
// begin: full precision where there is any, the drawing's coordinate in, a
// colour out, in either GLSL ES version, and texture2D in both.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
precision highp int;
#else
precision mediump float;
#endif
#if __VERSION__ >= 300
in vec2 segueUV;
out vec4 segueFragColor;
#define texture2D texture
#else
varying vec2 segueUV;
#endif
