// A niri window-resize shader (niri's custom-shader interface,
// resize_color): the new picture stretched over the window's current
// rectangle, cropped where the window grows, while the old one fades out.
// Segue plays it as [effects.stretch] shader = "niri-stretch.glsl" and
// [transitions.resize] effect = "stretch".
vec4 resize_color(vec3 coords_curr_geo, vec3 size_curr_geo) {
    if (coords_curr_geo.x < 0.0 || coords_curr_geo.x > 1.0 || coords_curr_geo.y < 0.0 || coords_curr_geo.y > 1.0) return vec4(0.0);
    // Growing along an axis, the new picture is cropped there rather than squeezed.
    vec3 next = niri_curr_geo_to_next_geo * coords_curr_geo;
    vec3 coords = coords_curr_geo;
    if (niri_curr_geo_to_next_geo[0][0] <= 1.0) coords.x = next.x;
    if (niri_curr_geo_to_next_geo[1][1] <= 1.0) coords.y = next.y;
    vec4 after = texture2D(niri_tex_next, (niri_geo_to_tex_next * coords).st);
    vec4 before = texture2D(niri_tex_prev, (niri_geo_to_tex_prev * coords_curr_geo).st);
    return mix(before, after, niri_clamped_progress);
}
