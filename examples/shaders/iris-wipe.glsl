// An example user effect in the gl-transitions format (GL Transition
// Specification v1). Preview it with:
//   segue preview --shader examples/shaders/iris-wipe.glsl --out iris/
// Parameters are uniforms with their defaults in comments; Segue lists them in
// `segue preview --shader FILE` errors and takes `--param NAME=VALUE`.
// @summary Iris wipe: `to` shows through a soft-edged diamond that opens from a point
// @duration 600ms
// @easing ease-out

uniform vec2 origin; // = vec2(0.5, 0.5) (0..1) where the diamond opens, with y from the bottom
uniform float softness; // = 0.05 (0..0.5) width of the blended edge, as a fraction of the screen

vec4 transition(vec2 uv) {
    vec2 d = abs(uv - origin) * vec2(ratio, 1.0);
    vec2 far = max(origin, 1.0 - origin) * vec2(ratio, 1.0);
    // 0 at the origin, 1 at the farthest corner.
    float reach = (d.x + d.y) / (far.x + far.y);
    // The edge passes the farthest corner at progress 1, so the last frame is all `to`.
    float edge = progress * (1.0 + softness) - softness;
    float t = softness > 0.0 ? smoothstep(edge, edge + softness, reach) : step(edge, reach);
    return mix(getToColor(uv), getFromColor(uv), t);
}
