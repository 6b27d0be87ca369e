import CWaylandServer

/// A surface-local coordinate as wl_fixed_t (24.8), held to its range: a
/// viewport can make a surface wider than 2^23 units, and wl_fixed_from_double
/// would wrap a point far on it round to the other side.
func fixed(_ value: Double) -> wl_fixed_t {
    wl_fixed_from_double(min(max(value, -8_388_608), 8_388_607.996_093_75))
}
