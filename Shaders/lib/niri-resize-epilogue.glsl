// Calls the file's resize_color for each pixel of the drawing, with its
// coordinates relative to the current geometry: 0 to 1 across it from its
// top-left, homogeneous, outside it beyond.
void main() {
    segueInitGlobals();
    vec2 drawing = vec2(segueUV.x, 1.0 - segueUV.y);
    vec3 coords = vec3((drawing - segueGeometry.xy) / segueGeometry.zw, 1.0);
    vec4 color = resize_color(coords, vec3(niri_curr_geo_size, 1.0));
#if __VERSION__ >= 300
    segueFragColor = color;
#else
    gl_FragColor = color;
#endif
}
