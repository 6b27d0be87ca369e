extension ConfigReader {
    func readProtocol(_ node: TOMLNode) {
        guard let table = table(node, at: ["protocol"], must: "a table") else { return }
        checkKeys(table, at: ["protocol"], allowed: ["trusted"], in: "[protocol]")
        guard let value = table["trusted"] else { return }
        guard case .array(let items) = value else {
            report("'trusted' must be an array of executable paths and \"app-id:ID\" entries, not \(value.kind)",
                   atValue: ["protocol", "trusted"])
            return
        }
        for (index, item) in items.enumerated() {
            let path: TOMLPath = ["protocol", "trusted", .index(index)]
            guard case .string(let text) = item else {
                report("'trusted' must hold strings, not \(item.kind)", atValue: path)
                continue
            }
            guard let entry = TrustedClient(parsing: text) else {
                report("trusted entry \"\(text)\" is neither an absolute path nor \"app-id:ID\"", atValue: path)
                continue
            }
            config.trusted.append(entry)
        }
    }
}
