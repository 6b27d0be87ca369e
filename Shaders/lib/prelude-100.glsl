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
// Segue's additions for a window drawn over what is behind it: where the
// screens lie in the drawing (x, y, width, height in uv; all of it otherwise),
// and 1.0 when outside them, and where an effect shows neither, is transparent.
uniform vec4 segueWindow;
uniform float segueOver;
// Textures hold rows top first; uv has its origin at the bottom-left.
vec4 segueScreen(sampler2D screen, vec2 uv) {
    vec2 w = (uv - segueWindow.xy) / segueWindow.zw;
    if (segueOver > 0.5 && (any(lessThan(w, vec2(0.0))) || any(greaterThan(w, vec2(1.0))))) return vec4(0.0);
    return texture2D(screen, vec2(w.x, 1.0 - w.y));
}
vec4 getFromColor(vec2 uv) { return segueScreen(from, uv); }
vec4 getToColor(vec2 uv) { return segueScreen(to, uv); }
// A colour where an effect shows neither screen: none over what is behind.
vec4 segueBackground(vec3 color) { return vec4(color, 1.0) * (1.0 - segueOver); }
