// A niri window-open shader (niri's custom-shader interface, open_color):
// the window grows from 80% of its size at its centre while it fades in.
// Segue plays it as [effects.NAME] shader = "niri-grow.glsl"; niri reads the
// same function from a custom-shader block.
vec4 open_color(vec3 coords_geo, vec3 size_geo) {
    float p = niri_clamped_progress;
    float scale = mix(0.8, 1.0, p);
    // The point of the window this pixel shows, shrunk toward its centre.
    vec3 grown = vec3((coords_geo.xy - 0.5) / scale + 0.5, 1.0);
    if (grown.x < 0.0 || grown.x > 1.0 || grown.y < 0.0 || grown.y > 1.0) return vec4(0.0);
    vec4 color = texture2D(niri_tex, (niri_geo_to_tex * grown).st);
    return color * p;
}
