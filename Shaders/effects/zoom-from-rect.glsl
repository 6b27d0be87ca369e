#version 300 es
// Source-scale ("hero") zoom. `to` grows from a source rectangle to the whole
// output, aspect-filled (cropped, never stretched), above `from`. It is read
// from the full-resolution texture's mipmaps: bilinearly from the smallest
// level at least as large as it is drawn, so it neither pixelates nor shimmers.
// Played in reverse (pop), the screen shrinks back into the rectangle.
// @summary Hero zoom: `to` grows from a source rectangle to fill the output
// @duration 500ms
// @easing ease-in-out
// @mipmaps to

uniform vec4 rect; // = vec4(0.25, 0.25, 0.5, 0.5) (0..1) source rectangle x, y, width, height, from the top-left, as fractions of the output
uniform float fadeIn; // = 0.1 (0..1) share of the progress over which the growing screen fades in, so the first frame is `from`

vec4 transition(vec2 uv) {
    vec2 origin = mix(rect.xy, vec2(0.0), progress);
    vec2 size = max(mix(rect.zw, vec2(1.0), progress), vec2(1e-6));
    vec2 local = (vec2(uv.x, 1.0 - uv.y) - origin) / size;
    vec4 under = getFromColor(uv);
    if (local.x < 0.0 || local.y < 0.0 || local.x > 1.0 || local.y > 1.0) return under;
    // Aspect-fill: keep the screen's aspect ratio and crop the overflow.
    float rectAspect = ratio * size.x / size.y;
    vec2 scale = rectAspect > ratio ? vec2(1.0, ratio / rectAspect) : vec2(rectAspect / ratio, 1.0);
    vec2 q = 0.5 + (local - 0.5) * scale;
    // Drawn at size / scale of its own size: level floor(log2(1 / that)).
    vec2 drawn = size / scale;
    float level = max(floor(log2(1.0 / min(drawn.x, drawn.y))), 0.0);
    vec4 over = segueScreenLod(to, q, level);
    float alpha = fadeIn > 0.0 ? clamp(progress / fadeIn, 0.0, 1.0) : 1.0;
    return mix(under, over, alpha);
}
