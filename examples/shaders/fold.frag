// A Burn-My-Windows-style effect (its effect-shader interface: main,
// uProgress, uForOpening, getInputColor and setOutputColor), Segue's own:
// the window folds shut toward its middle row as it goes, brightening as it
// narrows, and opens out of it the same way. Segue plays it as
// [effects.fold] shader = "fold.frag"; Burn-My-Windows' own .frag files are
// named the same way.
void main() {
    float gone = easeInOutCubic(uForOpening ? 1.0 - uProgress : uProgress);
    float span = max(0.5 * (1.0 - gone), 0.001);
    vec2 coords = vec2(iTexCoord.x, (iTexCoord.y - 0.5) * 0.5 / span + 0.5);
    vec4 color = getInputColor(coords);
    color.rgb = lighten(color.rgb, 0.6 * gone);
    color.a *= 1.0 - smoothstep(0.85, 1.0, gone);
    setOutputColor(color);
}
