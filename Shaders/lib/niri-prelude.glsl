// niri's custom-shader interface for a window opening or closing, as niri's
// wiki documents it, in Segue's words: the window's picture, the matrix from
// its geometry's coordinates to the picture's, the progress unclamped and
// clamped, and a random seed new at each play. Segue draws the window alone
// over the part of the output its effect may use (the window and a margin);
// what the function returns is premultiplied, transparent where nothing is.
uniform sampler2D niri_tex;
uniform mat3 niri_geo_to_tex;
uniform float niri_progress;
uniform float niri_clamped_progress;
uniform float niri_random_seed;
// Segue's own: where the window's geometry lies in the drawing (x, y, width,
// height, fractions of it from its top-left), and its size in pixels.
uniform vec4 segueGeometry;
uniform vec2 segueGeometrySize;
