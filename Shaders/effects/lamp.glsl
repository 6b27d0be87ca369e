// Magic lamp. `from` pours into a rectangle (a taskbar button's, or the
// bottom centre of the output) through a funnel its sides bend into,
// revealing `to`; played in reverse (a restore), it flows back out. The
// flow runs toward the output edge the rectangle is nearest. The screen is
// cut into strips of whole rows across the flow, each stretched over the
// funnel's width at its middle, so the layered form draws each strip as one
// rectangle and both forms show the same frame.
// @summary Magic lamp: `from` pours into a rectangle through a funnel its sides bend into
// @duration 500ms
// @easing ease-in-out

uniform vec4 rect; // = vec4(0.45, 0.96, 0.1, 0.04) (0..1) the rectangle poured into: x, y, width, height from the top-left, as fractions of the output
uniform float bend; // = 0.4 (0.05..1) share of the progress over which the sides bend; the screen slides in from half of it on
uniform float stripHeight; // = 4.0 (1..64) pixels per strip along the flow

// 0: toward the bottom edge, 1: the top, 2: the right, 3: the left.
int flowEdge() {
    vec2 d = rect.xy + 0.5 * rect.zw - 0.5;
    if (abs(d.y) >= abs(d.x)) return d.y >= 0.0 ? 0 : 1;
    return d.x >= 0.0 ? 2 : 3;
}

// A point from the top-left, in fractions, as (across, along): along runs from the far edge to the flow's.
vec2 toFlow(vec2 p, int edge) {
    if (edge == 0) return p;
    if (edge == 1) return vec2(p.x, 1.0 - p.y);
    if (edge == 2) return vec2(p.y, p.x);
    return vec2(p.y, 1.0 - p.x);
}

vec2 fromFlow(vec2 f, int edge) {
    if (edge == 0) return f;
    if (edge == 1) return vec2(f.x, 1.0 - f.y);
    if (edge == 2) return vec2(f.y, f.x);
    return vec2(1.0 - f.y, f.x);
}

vec4 transition(vec2 uv) {
    float p = clamp(progress, 0.0, 1.0);
    vec4 under = getToColor(uv);
    if (p >= 1.0) return under;
    int edge = flowEdge();
    vec2 a = toFlow(rect.xy, edge), b = toFlow(rect.xy + rect.zw, edge);
    vec2 near = min(a, b), far = max(a, b);
    float bent = smoothstep(0.0, 1.0, p / bend);
    float slid = clamp((p - 0.5 * bend) / (1.0 - 0.5 * bend), 0.0, 1.0);
    slid *= slid;
    float top = mix(0.0, near.y, slid), bottom = mix(1.0, far.y, slid);
    float run = edge < 2 ? segueSize.y : segueSize.x;
    vec2 f = toFlow(vec2(uv.x, 1.0 - uv.y), edge);
    if (f.y < top || f.y >= bottom) return under;
    float middle = (floor(f.y * run / stripHeight) + 0.5) * stripHeight / run;
    float narrowed = bent * smoothstep(0.0, 1.0, middle / max(near.y, 1e-6));
    float left = mix(0.0, near.x, narrowed), right = mix(1.0, far.x, narrowed);
    if (f.x < left || f.x >= right) return under;
    vec2 q = fromFlow(vec2((f.x - left) / (right - left), (f.y - top) / (bottom - top)), edge);
    // The last tenth fades out what is left in the rectangle, so the last frame is `to`.
    return mix(under, getFromColor(vec2(q.x, 1.0 - q.y)), clamp((1.0 - p) / 0.1, 0.0, 1.0));
}
