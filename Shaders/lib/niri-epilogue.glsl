// Calls the file's open_color or close_color (SEGUE_NIRI_COLOR) for each pixel
// of the drawing, with its coordinates relative to the window's geometry:
// 0 to 1 across it from its top-left, homogeneous, outside it beyond.
void main() {
    segueInitGlobals();
    vec2 drawing = vec2(segueUV.x, 1.0 - segueUV.y);
    vec3 coords_geo = vec3((drawing - segueGeometry.xy) / segueGeometry.zw, 1.0);
    vec4 color = SEGUE_NIRI_COLOR(coords_geo, vec3(segueGeometrySize, 1.0));
#if __VERSION__ >= 300
    segueFragColor = color;
#else
    gl_FragColor = color;
#endif
}
