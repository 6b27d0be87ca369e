// The noise Burn-My-Windows' shaders call. Their looks depend on the exact
// numbers, so these follow the published algorithms they name: David
// Hoskins' "Hash without Sine" (MIT), Inigo Quilez's 2D simplex noise (MIT)
// and Nikita Miropolskiy's 3D simplex noise (MIT), written here for Segue.
// hashNM: N pseudo-random outputs in [0, 1) from M inputs.

const vec3 segueHashScale3 = vec3(0.1031, 0.1030, 0.0973);
const vec4 segueHashScale4 = vec4(0.1031, 0.1030, 0.0973, 0.1099);

#ifndef SEGUE_OWN_hash11
float hash11(float p) {
    p = fract(p * 0.1031);
    p *= p + 33.33;
    return fract(2.0 * p * p);
}
#endif
#ifndef SEGUE_OWN_hash12
float hash12(vec2 p) {
    vec3 q = fract(p.xyx * 0.1031);
    q += dot(q, q.yzx + 33.33);
    return fract((q.x + q.y) * q.z);
}
#endif
#ifndef SEGUE_OWN_hash13
float hash13(vec3 p) {
    vec3 q = fract(p * 0.1031);
    q += dot(q, q.zyx + 31.32);
    return fract((q.x + q.y) * q.z);
}
#endif

// Two outputs from a scrambled triple.
#ifndef SEGUE_OWN_segueHashOut2
vec2 segueHashOut2(vec3 q) {
    q += dot(q, q.yzx + 33.33);
    return fract((q.xx + q.yz) * q.zy);
}
#endif
#ifndef SEGUE_OWN_hash21
vec2 hash21(float p) { return segueHashOut2(fract(vec3(p) * segueHashScale3)); }
#endif
vec2 segueHash22(vec2 p) { return segueHashOut2(fract(p.xyx * segueHashScale3)); }
#ifndef SEGUE_OWN_hash22
vec2 hash22(vec2 p) { return segueHash22(p); }
#endif
#ifndef SEGUE_OWN_hash23
vec2 hash23(vec3 p) { return segueHashOut2(fract(p * segueHashScale3)); }
#endif

// Three outputs; the triple's second scramble order is the 2- and 3-input one.
#ifndef SEGUE_OWN_hash31
vec3 hash31(float p) {
    vec3 q = fract(vec3(p) * segueHashScale3);
    q += dot(q, q.yzx + 33.33);
    return fract((q.xxy + q.yzz) * q.zyx);
}
#endif
#ifndef SEGUE_OWN_hash32
vec3 hash32(vec2 p) {
    vec3 q = fract(p.xyx * segueHashScale3);
    q += dot(q, q.yxz + 33.33);
    return fract((q.xxy + q.yzz) * q.zyx);
}
#endif
vec3 segueHash33(vec3 p) {
    vec3 q = fract(p * segueHashScale3);
    q += dot(q, q.yxz + 33.33);
    return fract((q.xxy + q.yxx) * q.zyx);
}
#ifndef SEGUE_OWN_hash33
vec3 hash33(vec3 p) { return segueHash33(p); }
#endif

// Four outputs from a scrambled quadruple.
#ifndef SEGUE_OWN_segueHashOut4
vec4 segueHashOut4(vec4 q) {
    q += dot(q, q.wzxy + 33.33);
    return fract((q.xxyz + q.yzzw) * q.zywx);
}
#endif
#ifndef SEGUE_OWN_hash41
vec4 hash41(float p) { return segueHashOut4(fract(vec4(p) * segueHashScale4)); }
#endif
#ifndef SEGUE_OWN_hash42
vec4 hash42(vec2 p) { return segueHashOut4(fract(p.xyxy * segueHashScale4)); }
#endif
#ifndef SEGUE_OWN_hash43
vec4 hash43(vec3 p) { return segueHashOut4(fract(p.xyzx * segueHashScale4)); }
#endif
#ifndef SEGUE_OWN_hash44
vec4 hash44(vec4 p) { return segueHashOut4(fract(p * segueHashScale4)); }
#endif

// 2D simplex noise in [0, 1]: the three corners of p's skewed triangle,
// each a random gradient fading out with distance.
float segueSimplex2D(vec2 p) {
    const float skew = 0.366025404;   // (sqrt(3) - 1) / 2
    const float unskew = 0.211324865; // (3 - sqrt(3)) / 6
    vec2 cell = floor(p + (p.x + p.y) * skew);
    vec2 a = p - cell + (cell.x + cell.y) * unskew;
    float upper = step(a.y, a.x);
    vec2 middle = vec2(upper, 1.0 - upper);
    vec2 b = a - middle + unskew;
    vec2 c = a - 1.0 + 2.0 * unskew;
    vec3 fall = max(0.5 - vec3(dot(a, a), dot(b, b), dot(c, c)), 0.0);
    vec3 corners = vec3(dot(a, 2.0 * segueHash22(cell) - 1.0), dot(b, 2.0 * segueHash22(cell + middle) - 1.0),
                        dot(c, 2.0 * segueHash22(cell + 1.0) - 1.0));
    return 0.5 + 35.0 * dot(fall * fall * fall * fall, corners);
}
#ifndef SEGUE_OWN_simplex2D
float simplex2D(vec2 p) { return segueSimplex2D(p); }
#endif

// Four octaves of it, each turned and doubled in frequency.
#ifndef SEGUE_OWN_simplex2DFractal
float simplex2DFractal(vec2 p) {
    mat2 turn = mat2(1.6, 1.2, -1.2, 1.6);
    float sum = 0.0, weight = 0.5;
    for (int octave = 0; octave < 4; octave++) {
        sum += weight * segueSimplex2D(p);
        p = turn * p;
        weight *= 0.5;
    }
    return sum;
}
#endif

// 3D simplex noise in [0, 1]: the four corners of p's skewed tetrahedron.
float segueSimplex3D(vec3 p) {
    const float skew = 0.3333333, unskew = 0.1666667;
    vec3 cell = floor(p + dot(p, vec3(skew)));
    vec3 x0 = p - cell + dot(cell, vec3(unskew));
    vec3 order = step(vec3(0.0), x0 - x0.yzx);
    vec3 first = order * (1.0 - order.zxy);
    vec3 second = 1.0 - order.zxy * (1.0 - order);
    vec3 x1 = x0 - first + unskew, x2 = x0 - second + 2.0 * unskew, x3 = x0 - 1.0 + 3.0 * unskew;
    vec4 fall = max(0.6 - vec4(dot(x0, x0), dot(x1, x1), dot(x2, x2), dot(x3, x3)), 0.0);
    vec4 corners = vec4(dot(segueHash33(cell) - 0.5, x0), dot(segueHash33(cell + first) - 0.5, x1),
                        dot(segueHash33(cell + second) - 0.5, x2), dot(segueHash33(cell + 1.0) - 0.5, x3));
    fall *= fall;
    fall *= fall;
    return 0.5 + 26.0 * dot(fall, corners);
}
#ifndef SEGUE_OWN_simplex3D
float simplex3D(vec3 p) { return segueSimplex3D(p); }
#endif

// Four octaves of it, each turned its own way so that no direction shows.
#ifndef SEGUE_OWN_simplex3DFractal
float simplex3DFractal(vec3 m) {
    const mat3 turn1 = mat3(-0.37, 0.36, 0.85, -0.14, -0.93, 0.34, 0.92, 0.01, 0.4);
    const mat3 turn2 = mat3(-0.55, -0.39, 0.74, 0.33, -0.91, -0.24, 0.77, 0.12, 0.63);
    const mat3 turn3 = mat3(-0.71, 0.52, -0.47, -0.08, -0.72, -0.68, -0.7, -0.45, 0.56);
    return 0.5333333 * segueSimplex3D(m * turn1) + 0.2666667 * segueSimplex3D(2.0 * m * turn2)
        + 0.1333333 * segueSimplex3D(4.0 * m * turn3) + 0.0666667 * segueSimplex3D(8.0 * m);
}
#endif
