// Doom screen melt. Columns of `from` slide down, each starting a little later
// than its neighbour, and `to` shows where a column has left the screen.
// Constants from the article's Metal shader: START_SPEED 2.7, MELT_SPEED 1 and
// start offsets of 0.35 × a per-column pseudo-random number.
// @summary Doom screen melt: columns of `from` drip away to reveal `to`
// @duration 2s
// @easing linear

uniform float startSpeed; // = 2.7 (0.1..100) how fast a column reaches full melt speed
uniform float meltSpeed; // = 1.0 (0.01..100) screens per time unit once a column melts
uniform float startOffset; // = 0.35 (0..1) spread of the columns' start, as a fraction of the height
uniform float columnWidth; // = 1.0 (1..512) width of one column in pixels; the original game used 2

float columnNoise(float x) {
    return fract(sin(dot(vec2(x, 0.0), vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
    // The article runs on its own clock; progress 1 is the moment its slowest
    // column has left the screen, so no frame is spent on a finished melt.
    float t = progress * (1.0 / startSpeed + 1.0 / meltSpeed);
    float column = floor(uv.x * segueSize.x / columnWidth);
    float x = (column + 0.5) * columnWidth / segueSize.x;
    float velocity = min(startSpeed * t, 1.0);
    float shift = velocity * startOffset * columnNoise(x);
    if (velocity >= 1.0) shift += meltSpeed * (t - 1.0 / startSpeed);
    // uv.y grows upwards, so a column moving down samples `from` higher up.
    vec2 p = vec2(uv.x, uv.y + shift);
    if (p.y > 1.0) return getToColor(uv);
    return getFromColor(p);
}
