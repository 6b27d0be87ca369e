// Slide. `to` enters from the right while `from` leaves to the left, on a
// bouncy spring (the article: damping 0.5, initial velocity 0.8, 0.5 s). While
// the spring overshoots, the uncovered strip shows the background colour.
// Played in reverse (pop), `to` enters from the left.
// @summary Slide: `to` pushes `from` out to the left, with a spring's bounce
// @duration 500ms
// @spring damping=0.5 velocity=0.8

uniform vec3 background; // = vec3(0.0) (0..1) colour where neither screen covers

vec4 transition(vec2 uv) {
    // `from` is shifted left by `progress` screens, in whole pixels so nothing
    // blurs while it moves, and `to` follows right behind.
    float shift = floor(clamp(progress, -1.0, 2.0) * segueSize.x + 0.5) / segueSize.x;
    float x = uv.x + shift;
    if (x >= 0.0 && x < 1.0) return getFromColor(vec2(x, uv.y));
    float y = x - 1.0;
    if (y >= 0.0 && y <= 1.0) return getToColor(vec2(y, uv.y));
    return segueBackground(background);
}
