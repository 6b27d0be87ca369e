extension ConfigReader {
    func readProtocol(_ node: TOMLNode) {
        guard let table = table(node, at: ["protocol"], must: "a table") else { return }
        checkKeys(table, at: ["protocol"], allowed: ["trusted"], in: "[protocol]")
        guard let value = table["trusted"] else { return }
        guard case .array(let items) = value else {
            report("'trusted' must be an array of absolute executable paths, not \(value.kind)",
                   atValue: ["protocol", "trusted"])
            return
        }
        for (index, item) in items.enumerated() {
            let path: TOMLPath = ["protocol", "trusted", .index(index)]
            guard case .string(let text) = item else {
                report("'trusted' must hold strings, not \(item.kind)", atValue: path)
                continue
            }
            // A client sets its own app_id, so naming one would trust any program that claims it.
            if text.hasPrefix("app-id:") {
                report("trusted entry \"\(text)\": clients choose their own app_id, so it cannot be trusted; "
                       + "name the program's executable instead", atValue: path)
                continue
            }
            guard text.hasPrefix("/") else {
                report("trusted entry \"\(text)\" is not an absolute executable path", atValue: path)
                continue
            }
            config.trusted.append(text)
        }
    }
}
