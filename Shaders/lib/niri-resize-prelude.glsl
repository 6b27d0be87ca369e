// niri's custom-shader interface for a window resizing, as niri's wiki
// documents it, in Segue's words: the window's picture before (prev) and its
// new one (next), each with the matrix from its geometry's coordinates to its
// picture's, the matrices from the current geometry's coordinates to the
// previous and next ones', the current geometry's size in pixels, and the
// progress unclamped and clamped. Segue draws it over the window's current
// rectangle and a margin around it; what the function returns is
// premultiplied, transparent where nothing is.
uniform sampler2D niri_tex_prev;
uniform mat3 niri_geo_to_tex_prev;
uniform sampler2D niri_tex_next;
uniform mat3 niri_geo_to_tex_next;
uniform mat3 niri_curr_geo_to_prev_geo;
uniform mat3 niri_curr_geo_to_next_geo;
uniform vec2 niri_curr_geo_size;
uniform float niri_progress;
uniform float niri_clamped_progress;
// Segue's own: where the current geometry lies in the drawing (x, y, width,
// height, fractions of it from its top-left).
uniform vec4 segueGeometry;
