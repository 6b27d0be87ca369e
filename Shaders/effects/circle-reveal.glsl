// Circle punch-out. A hole opens at the centre of `from` and grows until `to`
// fills the output; a black shadow along the hole's edge falls inside it, as if
// `from` were a sheet above `to`. Played in reverse (pop), the hole closes.
// Article constants: 1 s, ease-in, 4 pt to 1.2 × height, shadow radius 6, opacity 1.
// @summary Circle punch-out: a hole in `from` grows to reveal `to`, shadowed edge
// @duration 1s
// @easing ease-in

uniform float startSize; // = 4.0 (0..4096) diameter of the hole when it opens, in pixels
uniform float endScale; // = 1.2 (0.1..10) final diameter as a multiple of the output's long side
uniform float shadowRadius; // = 6.0 (0..256) blur radius of the shadow inside the edge, in pixels
uniform float shadowOpacity; // = 1.0 (0..1) darkness of the shadow at its strongest
uniform vec2 center; // = vec2(0.5, 0.5) (0..1) centre of the hole, from the top-left, as fractions of the output

// 0.5·erfc(x): how much of a Gaussian-blurred edge still covers a point x
// standard deviations inside it (Abramowitz–Stegun 7.1.26).
float edgeCoverage(float x) {
    float t = 1.0 / (1.0 + 0.3275911 * x);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return 0.5 * poly * exp(-x * x);
}

vec4 transition(vec2 uv) {
    vec2 p = uv * segueSize;
    vec2 c = vec2(center.x, 1.0 - center.y) * segueSize;
    // A blur of radius r spreads about r/2 standard deviations.
    float sigma = max(shadowRadius * 0.5, 1e-3);
    // The last frame must be all `to`: the hole ends beyond every corner,
    // shadow included.
    float corner = length(max(c, segueSize - c));
    float endRadius = max(0.5 * endScale * max(segueSize.x, segueSize.y), corner + 4.0 * sigma);
    // At progress 0 there is no hole yet.
    float radius = progress > 0.0 ? mix(0.5 * startSize, endRadius, progress) : 0.0;
    float inside = radius - distance(p, c);
    if (inside <= 0.0) return getFromColor(uv);
    // `from` casts the shadow: none where it is nothing (outside a window
    // punched out over the desktop).
    float shadow = shadowOpacity * edgeCoverage(inside / (sigma * 1.41421356)) * getFromColor(uv).a;
    // The shadow is black laid over `to`: over nothing (a window closing over
    // the desktop) it still darkens what is behind.
    return mix(getToColor(uv), vec4(0.0, 0.0, 0.0, 1.0), shadow);
}
