// Runs the file's main (renamed by the prelude) for each pixel of the
// effect's room; the drawing around that room stays transparent.
#undef main
void main() {
    segueInitGlobals();
    vec2 drawing = vec2(segueUV.x, 1.0 - segueUV.y);
    iTexCoord = (drawing - segueRoom.xy) / segueRoom.zw;
    setOutputColor(vec4(0.0));
    if (any(lessThan(iTexCoord, vec2(0.0))) || any(greaterThan(iTexCoord, vec2(1.0)))) return;
    segueBurnMyWindowsMain();
}
