// A layer under a circle mask, drawn over boxes along the circle's edge: each
// pixel is decided by its centre's distance to the circle's centre, as
// circle-reveal.glsl decides it. The layer's own frame, source and turn map the
// pixel to a texel. Colours are premultiplied; an opaque texture's stored
// alpha (XRGB's unused byte) is read as 1.
precision highp float;
uniform highp sampler2D segueTexture;
uniform vec4 segueTint;
uniform float segueOpaque; // 1 for an opaque texture
uniform bool segueFlat;    // a flat colour (the tint) where the texture covers
uniform vec4 segueRect;   // the layer's frame in pixels
uniform vec4 segueSource; // the part of the texture shown, as fractions
uniform vec4 segueTurn;   // cosine and sine of the layer's turn, then its pivot
uniform vec3 segueCircle; // centre in pixels, rows top first; radius
uniform int segueMask;    // 0: inside the circle, 1: outside, 2: a shadow inside its edge
uniform vec2 segueShadow; // the shadow's sigma in pixels and its opacity
out vec4 segueFragColor;

// 0.5·erfc(x), as circle-reveal.glsl computes it (Abramowitz–Stegun 7.1.26).
float edgeCoverage(float x) {
    float t = 1.0 / (1.0 + 0.3275911 * x);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return 0.5 * poly * exp(-x * x);
}

void main() {
    vec2 p = gl_FragCoord.xy;
    float inside = segueCircle.z - distance(p, segueCircle.xy);
    float coverage = 1.0;
    if (segueMask == 0) {
        if (inside <= 0.0) discard;
    } else if (segueMask == 1) {
        if (inside > 0.0) discard;
    } else {
        if (inside <= 0.0) discard;
        coverage = segueShadow.y * edgeCoverage(inside / (segueShadow.x * 1.41421356));
    }
    // Undo the turn, then find the point in the frame: nothing outside it is drawn, colour or texture.
    vec2 q = p - segueTurn.zw;
    q = vec2(segueTurn.x * q.x + segueTurn.y * q.y, -segueTurn.y * q.x + segueTurn.x * q.y) + segueTurn.zw;
    vec2 local = (q - segueRect.xy) / segueRect.zw;
    if (any(lessThan(local, vec2(0.0))) || any(greaterThan(local, vec2(1.0)))) discard;
    vec4 colour = texture(segueTexture, segueSource.xy + local * segueSource.zw);
    colour.a = max(colour.a, segueOpaque);
    segueFragColor = (segueFlat ? vec4(colour.a) : colour) * segueTint * coverage;
}
