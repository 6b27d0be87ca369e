import Foundation
import SegueEngine

/// A Burn-My-Windows effect shader named in `[effects.NAME] shader`: the
/// facts its JavaScript would give it (which setting or image feeds which
/// uniform, the room it draws in, its time) come from Segue's table of the
/// published effects, by the file's name (see `BurnMyWindowsFacts`); images
/// and settings' defaults from the checkout `burn-my-windows` names.
extension ConfigReader {
    /// The top-level `burn-my-windows`: a Burn-My-Windows checkout (its
    /// `resources/img` holds the effects' images, its schema their settings'
    /// defaults), relative to this config.
    func readBurnMyWindowsCheckout(_ node: TOMLNode) {
        let path: TOMLPath = ["burn-my-windows"]
        guard let written = string(node, at: path, must: "a string: a Burn-My-Windows checkout, relative to this config") else { return }
        let folder = URL(fileURLWithPath: self.path).deletingLastPathComponent().path
        let checkout = written.hasPrefix("/") ? written : folder + "/" + written
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: checkout + "/resources/img", isDirectory: &isFolder), isFolder.boolValue else {
            report("\"\(written)\" is not a Burn-My-Windows checkout: it has no resources/img folder", atValue: path)
            return
        }
        config.burnMyWindows = checkout
        let instead = "its effects start with Segue's table's defaults"
        do throws(BurnMyWindowsSchema.ReadError) {
            guard let schema = try BurnMyWindowsSchema(checkout: checkout) else {
                note("\"\(written)\" has no GSettings schema (\(BurnMyWindowsSchema.files[0])): \(instead)", atValue: path)
                return
            }
            config.burnMyWindowsSchema = schema
            if !schema.unreadable.isEmpty {
                note("Segue cannot read \(schema.unreadable.joined(separator: ", ")) in its schema as colours: those start with Segue's table's defaults",
                     atValue: path)
            }
        } catch {
            note("\(error); \(instead)", atValue: path)
        }
    }

    /// `effect` with its room and seeded parameters, and the defaults its
    /// facts give it under what its table `own` sets; what Segue lacks is
    /// noted at its `shader` value.
    func burnMyWindowsFacts(_ effect: inout EffectDescriptor, own: PartialChoice, at path: TOMLPath) -> PartialChoice {
        let facts = BurnMyWindowsFacts(&effect, own: own, checkout: config.burnMyWindows,
                                       schema: config.burnMyWindowsSchema, table: "[effects.\(Self.name(path))]")
        for problem in facts.problems { report(problem, atValue: path + ["shader"]) }
        for message in facts.notes { note(message, atValue: path + ["shader"]) }
        return facts.defaults
    }
}
