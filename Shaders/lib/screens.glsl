// Segue's additions for a window drawn over what is behind it, in every GLSL
// version: where the screens lie in the drawing (x, y, width, height in uv;
// all of it otherwise), and 1.0 when outside them, and where an effect shows
// neither, is transparent.
uniform vec4 segueWindow;
uniform float segueOver;
// Textures hold rows top first; uv has its origin at the bottom-left.
vec4 segueScreen(sampler2D screen, vec2 uv) {
    vec2 w = (uv - segueWindow.xy) / segueWindow.zw;
    if (segueOver > 0.5 && (any(lessThan(w, vec2(0.0))) || any(greaterThan(w, vec2(1.0))))) return vec4(0.0);
    return texture2D(screen, vec2(w.x, 1.0 - w.y));
}
#if __VERSION__ >= 300
// The same at a level of detail, `q` from the top-left (as a texture reads).
vec4 segueScreenLod(sampler2D screen, vec2 q, float level) {
    vec2 w = (vec2(q.x, 1.0 - q.y) - segueWindow.xy) / segueWindow.zw;
    if (segueOver > 0.5 && (any(lessThan(w, vec2(0.0))) || any(greaterThan(w, vec2(1.0))))) return vec4(0.0);
    return textureLod(screen, vec2(w.x, 1.0 - w.y), level);
}
#endif
vec4 getFromColor(vec2 uv) { return segueScreen(from, uv); }
vec4 getToColor(vec2 uv) { return segueScreen(to, uv); }
// A colour where an effect shows neither screen: none over what is behind.
vec4 segueBackground(vec3 color) { return vec4(color, 1.0) * (1.0 - segueOver); }
