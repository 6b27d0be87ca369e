// Crossfade: the baseline. `from` fades into `to`.
// @summary Crossfade: `from` fades into `to`
// @duration 350ms
// @easing ease-in-out

vec4 transition(vec2 uv) {
    return mix(getFromColor(uv), getToColor(uv), progress);
}
