extension ConfigReader {
    /// `[protocol] privileged`: absolute executable paths, or "all"; `trusted`,
    /// its earlier name, reads the same. A list replaces the default one (the
    /// screen-cast portal), so a config can take the portal's privilege away.
    func readProtocol(_ node: TOMLNode) {
        guard let table = table(node, at: ["protocol"], must: "a table") else { return }
        checkKeys(table, at: ["protocol"], allowed: ["privileged", "trusted"], in: "[protocol]")
        let named = ["trusted", "privileged"].filter { table[$0] != nil }
        if !named.isEmpty { config.privileged = .executables([]) }
        for key in named {
            if let value = table[key] { readPrivileged(value, key: key) }
        }
    }

    private func readPrivileged(_ value: TOMLNode, key: String) {
        if case .string("all") = value {
            config.privileged = .all
            return
        }
        guard case .array(let items) = value else {
            report("'\(key)' must be an array of absolute executable paths or \"all\", not \(value.kind)", atValue: ["protocol", .key(key)])
            return
        }
        var paths = config.privileged.executables
        for (index, item) in items.enumerated() {
            let path: TOMLPath = ["protocol", .key(key), .index(index)]
            guard case .string(let text) = item else {
                report("'\(key)' must hold strings, not \(item.kind)", atValue: path)
                continue
            }
            // A client sets its own app_id, so naming one would trust any program that claims it.
            if text.hasPrefix("app-id:") {
                report("\(key) entry \"\(text)\": clients choose their own app_id, so it cannot be trusted; "
                       + "name the program's executable instead", atValue: path)
                continue
            }
            guard text.hasPrefix("/") else {
                report("\(key) entry \"\(text)\" is not an absolute executable path", atValue: path)
                continue
            }
            paths.append(text)
        }
        if config.privileged != .all { config.privileged = .executables(paths) }
    }
}
