// The interface Burn-My-Windows' effect shaders are written against, in
// Segue's words: its standard uniforms, the window's texture coordinate, and
// reading and writing colours with straight alpha. Segue draws the window
// alone over the part of the output its effect may use; iTexCoord runs 0 to 1
// across the effect's room from its top-left (the window itself, or the
// window grown by the room an effect asks for), and getInputColor reads the
// window with 0 to 1 across the window itself. What is written is stored
// premultiplied, transparent where nothing is.
uniform sampler2D uTexture;
uniform float uProgress;
uniform float uDuration;
uniform bool uForOpening;
uniform bool uIsFullscreen;
uniform vec2 uSize;
uniform float uPadding;
// Segue's own: where the window lies in the drawing and where the effect's
// room does (x, y, width, height, fractions of it from its top-left).
uniform vec4 segueGeometry;
uniform vec4 segueRoom;

vec2 iTexCoord = vec2(0.0);

vec4 getInputColor(vec2 coords) {
    // Nothing lies beyond the window's edges.
    if (any(lessThan(coords, vec2(0.0))) || any(greaterThan(coords, vec2(1.0)))) return vec4(0.0);
    vec4 color = texture2D(uTexture, segueGeometry.xy + coords * segueGeometry.zw);
    return color.a > 0.0 ? vec4(color.rgb / color.a, color.a) : vec4(0.0);
}

void setOutputColor(vec4 outColor) {
#if __VERSION__ >= 300
    segueFragColor = vec4(outColor.rgb * outColor.a, outColor.a);
#else
    gl_FragColor = vec4(outColor.rgb * outColor.a, outColor.a);
#endif
}
