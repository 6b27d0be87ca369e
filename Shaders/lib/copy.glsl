// @summary A plain full-screen copy of `from`: the baseline `segue bench` compares with.
vec4 transition(vec2 uv) {
    return getFromColor(uv);
}
