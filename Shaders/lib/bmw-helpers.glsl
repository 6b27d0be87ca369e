// The helpers Burn-My-Windows' shaders call, by the names and with the
// meaning they rely on, written for Segue.

// Straight-alpha "over": `over` laid on `under`.
vec4 alphaOver(vec4 under, vec4 over) {
    float alpha = under.a + (1.0 - under.a) * over.a;
    if (alpha <= 0.0) return vec4(0.0);
    return vec4((under.rgb * under.a * (1.0 - over.a) + over.rgb * over.a) / alpha, alpha);
}

// 0 to 1 mapped through three colours, smoothly in each half.
vec3 tritone(float value, vec3 shadows, vec3 midtones, vec3 highlights) {
    if (value < 0.5) return mix(shadows, midtones, smoothstep(0.0, 1.0, 2.0 * value));
    return mix(midtones, highlights, smoothstep(0.0, 1.0, 2.0 * value - 1.0));
}

// Toward black (fac 1) or white (fac 1); fac 0 leaves the colour.
vec3 darken(vec3 color, float fac) { return color * (1.0 - fac); }
vec3 lighten(vec3 color, float fac) { return mix(color, vec3(1.0), fac); }

// The colour with its hue turned by `hueOffset` (1 is a full turn), its
// saturation and value kept.
vec3 offsetHue(vec3 color, float hueOffset) {
    float high = max(color.r, max(color.g, color.b));
    float low = min(color.r, min(color.g, color.b));
    float chroma = high - low;
    float hue = 0.0;
    if (chroma > 0.0) {
        if (high == color.r) hue = mod((color.g - color.b) / chroma, 6.0);
        else if (high == color.g) hue = (color.b - color.r) / chroma + 2.0;
        else hue = (color.r - color.g) / chroma + 4.0;
    }
    hue = mod(hue / 6.0 + hueOffset, 1.0) * 6.0;
    // Back from hue, chroma and value: the channels as distances around the hue circle.
    vec3 k = mod(vec3(5.0, 3.0, 1.0) + hue, 6.0);
    return high - chroma * clamp(min(k, 4.0 - k), 0.0, 1.0);
}

// Easing: each maps 0 to 0 and 1 to 1.
float easeInQuad(float x) { return x * x; }
float easeOutQuad(float x) { return 1.0 - (1.0 - x) * (1.0 - x); }
float easeInOutQuad(float x) { return x < 0.5 ? 2.0 * x * x : 1.0 - 2.0 * (1.0 - x) * (1.0 - x); }
float easeInCubic(float x) { return x * x * x; }
float easeOutCubic(float x) { float y = 1.0 - x; return 1.0 - y * y * y; }
float easeInOutCubic(float x) { float y = 1.0 - x; return x < 0.5 ? 4.0 * x * x * x : 1.0 - 4.0 * y * y * y; }
float easeInQuart(float x) { return x * x * x * x; }
float easeOutQuart(float x) { float y = 1.0 - x; return 1.0 - y * y * y * y; }
float easeInOutQuart(float x) { float y = 1.0 - x; return x < 0.5 ? 8.0 * x * x * x * x : 1.0 - 8.0 * y * y * y * y; }
float easeInSine(float x) { return 1.0 - cos(x * 1.5707963267948966); }
float easeOutSine(float x) { return sin(x * 1.5707963267948966); }
float easeInOutSine(float x) { return 0.5 - 0.5 * cos(x * 3.141592653589793); }
float easeInExpo(float x) { return x <= 0.0 ? 0.0 : exp2(10.0 * x - 10.0); }
float easeOutExpo(float x) { return x >= 1.0 ? 1.0 : 1.0 - exp2(-10.0 * x); }
float easeInOutExpo(float x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    return x < 0.5 ? 0.5 * exp2(20.0 * x - 10.0) : 1.0 - 0.5 * exp2(10.0 - 20.0 * x);
}
// Overshooting by `e` (about 1.7 is the usual amount) before or after.
float easeInBack(float x, float e) { return x * x * ((e + 1.0) * x - e); }
float easeOutBack(float x, float e) { return 1.0 - easeInBack(1.0 - x, e); }
float easeInOutBack(float x) {
    float e = 1.70158 * 1.525;
    return x < 0.5 ? 0.5 * easeInBack(2.0 * x, e) : 0.5 + 0.5 * easeOutBack(2.0 * x - 1.0, e);
}

// 1 inside, falling smoothly to 0 over `fadeWidth` toward each edge of a
// rectangle from 0 to `maxUV`; 1 everywhere for a fullscreen window.
float getEdgeMask(vec2 uv, vec2 maxUV, float fadeWidth) {
    if (uIsFullscreen) return 1.0;
    vec2 near = clamp(uv / fadeWidth, 0.0, 1.0), far = clamp((maxUV - uv) / fadeWidth, 0.0, 1.0);
    vec4 edges = smoothstep(0.0, 1.0, vec4(near, far));
    return edges.x * edges.y * edges.z * edges.w;
}

// The edge mask over `fadePixels` at the window's border in its texture
// (inside it for offset 0, across it for 0.5, outside for 1).
float getAbsoluteEdgeMask(float fadePixels, float offset) {
    float inset = max(0.0, uPadding - fadePixels * offset);
    return getEdgeMask(iTexCoord * uSize - inset, uSize - 2.0 * inset, fadePixels);
}

// The edge mask over a fraction of the drawing at its edges.
float getRelativeEdgeMask(float fadeAmount) { return getEdgeMask(iTexCoord, vec2(1.0), fadeAmount); }

// `a` turned counter-clockwise by `angle` (radians) about the origin.
vec2 rotate(vec2 a, float angle) {
    float c = cos(angle), s = sin(angle);
    return vec2(c * a.x - s * a.y, s * a.x + c * a.y);
}

// `a` turned clockwise by `angle` about `center`.
vec2 rotate(vec2 a, float angle, vec2 center) { return center + rotate(a - center, -angle); }

// Coordinates about the origin swirled: turned by `rotation`, and by up to
// `warping` more the nearer the centre.
vec2 whirl(vec2 coords, float warping, float rotation) {
    float near = 1.0 - length(coords);
    return rotate(coords, near * near * warping + rotation);
}

// How far `point` is from the line through `origin` along `direction`.
float distToLine(vec2 origin, vec2 direction, vec2 point) {
    vec2 normal = normalize(vec2(direction.y, -direction.x));
    return abs(dot(normal, origin - point));
}

// Positive where a then b turn clockwise, negative counter-clockwise.
float getWinding(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }

// `value` from one range to another, held within the new one.
float remap(float value, float oldMin, float oldMax, float newMin, float newMax) {
    return clamp(newMin + (value - oldMin) / (oldMax - oldMin) * (newMax - newMin), newMin, newMax);
}
vec2 remap(vec2 value, vec2 oldMin, vec2 oldMax, vec2 newMin, vec2 newMax) {
    return clamp(newMin + (value - oldMin) / (oldMax - oldMin) * (newMax - newMin), newMin, newMax);
}
vec3 remap(vec3 value, vec3 oldMin, vec3 oldMax, vec3 newMin, vec3 newMax) {
    return clamp(newMin + (value - oldMin) / (oldMax - oldMin) * (newMax - newMin), newMin, newMax);
}
vec4 remap(vec4 value, vec4 oldMin, vec4 oldMax, vec4 newMin, vec4 newMax) {
    return clamp(newMin + (value - oldMin) / (oldMax - oldMin) * (newMax - newMin), newMin, newMax);
}
