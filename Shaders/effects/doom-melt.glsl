#version 300 es
// Doom screen melt. Columns of `from` slide down, each starting a little later
// than its neighbour, and `to` shows where a column has left the screen.
// Constants from the article's Metal shader: START_SPEED 2.7, MELT_SPEED 1 and
// start offsets of 0.35 × a per-column pseudo-random number. As in the game,
// columns move by whole pixels.
// @summary Doom screen melt: columns of `from` drip away to reveal `to`
// @duration 2s
// @easing linear

uniform float startSpeed; // = 2.7 (0.1..100) how fast a column reaches full melt speed
uniform float meltSpeed; // = 1.0 (0.01..100) screens per time unit once a column melts
uniform float startOffset; // = 0.35 (0..1) spread of the columns' start, as a fraction of the height
uniform float columnWidth; // = 2.0 (1..512) width of one column in pixels, as the original game's; 1 is the article's per-pixel look and twice the copies

// A random number in 0..1 per column, from an integer hash: exact on every GPU,
// so Segue's layered form of this effect moves each column alike.
float columnNoise(float column) {
    uint h = uint(column) + 0x9e3779b9u;
    h = (h ^ (h >> 16)) * 0x7feb352du;
    h = (h ^ (h >> 15)) * 0x846ca68bu;
    h ^= h >> 16;
    return float(h >> 8) / 16777216.0;
}

vec4 transition(vec2 uv) {
    // The article runs on its own clock; progress 1 is the moment its slowest
    // column has left the screen, so no frame is spent on a finished melt.
    float t = max(progress, 0.0) * (1.0 / startSpeed + 1.0 / meltSpeed);
    float column = floor(uv.x * segueSize.x / columnWidth);
    float velocity = min(startSpeed * t, 1.0);
    float shift = velocity * startOffset * columnNoise(column);
    if (velocity >= 1.0) shift += meltSpeed * (t - 1.0 / startSpeed);
    // uv.y grows upwards, so a column moving down samples `from` higher up.
    float rows = floor(shift * segueSize.y + 0.5);
    vec2 p = vec2(uv.x, uv.y + rows / segueSize.y);
    if (p.y > 1.0) return getToColor(uv);
    return getFromColor(p);
}
