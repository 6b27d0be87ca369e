// Rotate. Both screens turn a quarter turn about the output's top-left corner:
// `from` swings out to the left while `to` swings in from above. Played in
// reverse (pop), the turn goes the other way. Where neither screen covers the
// output, the background colour shows.
// @summary Rotate: both screens turn a quarter turn about the top-left corner
// @duration 500ms
// @spring damping=0.5 velocity=0.8

uniform vec3 background; // = vec3(0.0) (0..1) colour where neither screen covers

// The point of a screen that, turned clockwise by `angle` about the top-left
// corner, lands on `p` (pixels, y down).
vec2 unturn(vec2 p, float angle) {
    float c = cos(angle);
    float s = sin(angle);
    return vec2(c * p.x + s * p.y, -s * p.x + c * p.y);
}

bool onScreen(vec2 q) {
    return q.x >= 0.0 && q.y >= 0.0 && q.x <= 1.0 && q.y <= 1.0;
}

vec4 transition(vec2 uv) {
    const float quarterTurn = 1.5707963267948966;
    vec2 p = vec2(uv.x, 1.0 - uv.y) * segueSize;
    vec2 q = unturn(p, progress * quarterTurn) / segueSize;
    if (onScreen(q)) return getFromColor(vec2(q.x, 1.0 - q.y));
    q = unturn(p, (progress - 1.0) * quarterTurn) / segueSize;
    if (onScreen(q)) return getToColor(vec2(q.x, 1.0 - q.y));
    return segueBackground(background);
}
