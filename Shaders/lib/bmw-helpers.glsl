// The helpers Burn-My-Windows' shaders call, by the names and with the
// meaning they rely on, written for Segue.

// Straight-alpha "over": `over` laid on `under`.
#ifndef SEGUE_OWN_alphaOver
vec4 alphaOver(vec4 under, vec4 over) {
    float alpha = under.a + (1.0 - under.a) * over.a;
    if (alpha <= 0.0) return vec4(0.0);
    return vec4((under.rgb * under.a * (1.0 - over.a) + over.rgb * over.a) / alpha, alpha);
}
#endif

// 0 to 1 mapped through three colours, smoothly in each half.
#ifndef SEGUE_OWN_tritone
vec3 tritone(float value, vec3 shadows, vec3 midtones, vec3 highlights) {
    if (value < 0.5) return mix(shadows, midtones, smoothstep(0.0, 1.0, 2.0 * value));
    return mix(midtones, highlights, smoothstep(0.0, 1.0, 2.0 * value - 1.0));
}
#endif

// Toward black (fac 1) or white (fac 1); fac 0 leaves the colour.
#ifndef SEGUE_OWN_darken
vec3 darken(vec3 color, float fac) { return color * (1.0 - fac); }
#endif
#ifndef SEGUE_OWN_lighten
vec3 lighten(vec3 color, float fac) { return mix(color, vec3(1.0), fac); }
#endif

// The colour with its hue turned by `hueOffset` (1 is a full turn), its
// saturation and value kept.
#ifndef SEGUE_OWN_offsetHue
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
#endif

// Easing: each maps 0 to 0 and 1 to 1.
#ifndef SEGUE_OWN_easeInQuad
float easeInQuad(float x) { return x * x; }
#endif
#ifndef SEGUE_OWN_easeOutQuad
float easeOutQuad(float x) { return 1.0 - (1.0 - x) * (1.0 - x); }
#endif
#ifndef SEGUE_OWN_easeInOutQuad
float easeInOutQuad(float x) { return x < 0.5 ? 2.0 * x * x : 1.0 - 2.0 * (1.0 - x) * (1.0 - x); }
#endif
#ifndef SEGUE_OWN_easeInCubic
float easeInCubic(float x) { return x * x * x; }
#endif
#ifndef SEGUE_OWN_easeOutCubic
float easeOutCubic(float x) { float y = 1.0 - x; return 1.0 - y * y * y; }
#endif
#ifndef SEGUE_OWN_easeInOutCubic
float easeInOutCubic(float x) { float y = 1.0 - x; return x < 0.5 ? 4.0 * x * x * x : 1.0 - 4.0 * y * y * y; }
#endif
#ifndef SEGUE_OWN_easeInQuart
float easeInQuart(float x) { return x * x * x * x; }
#endif
#ifndef SEGUE_OWN_easeOutQuart
float easeOutQuart(float x) { float y = 1.0 - x; return 1.0 - y * y * y * y; }
#endif
#ifndef SEGUE_OWN_easeInOutQuart
float easeInOutQuart(float x) { float y = 1.0 - x; return x < 0.5 ? 8.0 * x * x * x * x : 1.0 - 8.0 * y * y * y * y; }
#endif
#ifndef SEGUE_OWN_easeInSine
float easeInSine(float x) { return 1.0 - cos(x * 1.5707963267948966); }
#endif
#ifndef SEGUE_OWN_easeOutSine
float easeOutSine(float x) { return sin(x * 1.5707963267948966); }
#endif
#ifndef SEGUE_OWN_easeInOutSine
float easeInOutSine(float x) { return 0.5 - 0.5 * cos(x * 3.141592653589793); }
#endif
#ifndef SEGUE_OWN_easeInExpo
float easeInExpo(float x) { return x <= 0.0 ? 0.0 : exp2(10.0 * x - 10.0); }
#endif
#ifndef SEGUE_OWN_easeOutExpo
float easeOutExpo(float x) { return x >= 1.0 ? 1.0 : 1.0 - exp2(-10.0 * x); }
#endif
#ifndef SEGUE_OWN_easeInOutExpo
float easeInOutExpo(float x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    return x < 0.5 ? 0.5 * exp2(20.0 * x - 10.0) : 1.0 - 0.5 * exp2(10.0 - 20.0 * x);
}
#endif
// Overshooting by `e` (about 1.7 is the usual amount) before or after.
// A helper calls Segue's own of another (segue...), which a file that
// defines that helper itself leaves in place.
float segueBackIn(float x, float e) { return x * x * ((e + 1.0) * x - e); }
#ifndef SEGUE_OWN_easeInBack
float easeInBack(float x, float e) { return segueBackIn(x, e); }
#endif
#ifndef SEGUE_OWN_easeOutBack
float easeOutBack(float x, float e) { return 1.0 - segueBackIn(1.0 - x, e); }
#endif
#ifndef SEGUE_OWN_easeInOutBack
float easeInOutBack(float x) {
    float e = 1.70158 * 1.525;
    return x < 0.5 ? 0.5 * segueBackIn(2.0 * x, e) : 1.0 - 0.5 * segueBackIn(2.0 - 2.0 * x, e);
}
#endif

// 1 inside, falling smoothly to 0 over `fadeWidth` toward each edge of a
// rectangle from 0 to `maxUV`; 1 everywhere for a fullscreen window.
float segueEdgeMask(vec2 uv, vec2 maxUV, float fadeWidth) {
    if (uIsFullscreen) return 1.0;
    vec2 near = clamp(uv / fadeWidth, 0.0, 1.0), far = clamp((maxUV - uv) / fadeWidth, 0.0, 1.0);
    vec4 edges = smoothstep(0.0, 1.0, vec4(near, far));
    return edges.x * edges.y * edges.z * edges.w;
}
#ifndef SEGUE_OWN_getEdgeMask
float getEdgeMask(vec2 uv, vec2 maxUV, float fadeWidth) { return segueEdgeMask(uv, maxUV, fadeWidth); }
#endif

// The edge mask over `fadePixels` at the window's border in its texture
// (inside it for offset 0, across it for 0.5, outside for 1).
#ifndef SEGUE_OWN_getAbsoluteEdgeMask
float getAbsoluteEdgeMask(float fadePixels, float offset) {
    float inset = max(0.0, uPadding - fadePixels * offset);
    return segueEdgeMask(iTexCoord * uSize - inset, uSize - 2.0 * inset, fadePixels);
}
#endif

// The edge mask over a fraction of the drawing at its edges.
#ifndef SEGUE_OWN_getRelativeEdgeMask
float getRelativeEdgeMask(float fadeAmount) { return segueEdgeMask(iTexCoord, vec2(1.0), fadeAmount); }
#endif

// `a` turned counter-clockwise by `angle` (radians) about the origin.
vec2 segueTurn(vec2 a, float angle) {
    float c = cos(angle), s = sin(angle);
    return vec2(c * a.x - s * a.y, s * a.x + c * a.y);
}
#ifndef SEGUE_OWN_rotate
vec2 rotate(vec2 a, float angle) { return segueTurn(a, angle); }
#endif

// `a` turned clockwise by `angle` about `center`.
#ifndef SEGUE_OWN_rotate
vec2 rotate(vec2 a, float angle, vec2 center) { return center + segueTurn(a - center, -angle); }
#endif

// Coordinates about the origin swirled: turned by `rotation`, and by up to
// `warping` more the nearer the centre.
#ifndef SEGUE_OWN_whirl
vec2 whirl(vec2 coords, float warping, float rotation) {
    float near = 1.0 - length(coords);
    return segueTurn(coords, near * near * warping + rotation);
}
#endif

// How far `point` is from the line through `origin` along `direction`.
#ifndef SEGUE_OWN_distToLine
float distToLine(vec2 origin, vec2 direction, vec2 point) {
    vec2 normal = normalize(vec2(direction.y, -direction.x));
    return abs(dot(normal, origin - point));
}
#endif

// Positive where a then b turn clockwise, negative counter-clockwise.
#ifndef SEGUE_OWN_getWinding
float getWinding(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
#endif

// `value` from one range to another, held within the new one.
#ifndef SEGUE_OWN_remap
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
#endif

// The window's colour at `uv` blurred over `radius` pixels: the average of
// `samples` taps along each of fifteen directions around it, nearer the
// middle more often.
#ifndef SEGUE_OWN_getBlurredInputColor
vec4 getBlurredInputColor(vec2 uv, float radius, float samples) {
    const float turn = 6.28318530718, directions = 15.0;
    vec4 sum = vec4(0.0);
    for (float d = 0.0; d < turn; d += turn / directions) {
        for (float s = 0.0; s < 1.0; s += 1.0 / samples) {
            sum += getInputColor(uv + vec2(cos(d), sin(d)) * radius * (1.0 - s) / uSize);
        }
    }
    return sum / (directions * ceil(samples));
}
#endif
