extension ConfigReader {
    /// `[xwayland] enabled = true | false`: whether X11 programs get a
    /// display (Xwayland, started on the first connection); unset, they do
    /// where Xwayland is installed.
    func readXwayland(_ node: TOMLNode) {
        guard let table = table(node, at: ["xwayland"], must: "a table") else { return }
        checkKeys(table, at: ["xwayland"], allowed: ["enabled"], in: "[xwayland]")
        guard let value = table["enabled"] else { return }
        if case .bool(let on) = value {
            config.xwayland = on
        } else {
            report("'enabled' must be true or false, not \(value.kind)", atValue: ["xwayland", "enabled"])
        }
    }
}
