import SegueIPC
import SegueRender

extension DmabufSupport {
    /// What it offers, for a person: each format with its modifiers, by libdrm's names.
    var json: JSONValue {
        .array(formats.map { format in
            .object(["format": .string(DrmNames.format(format.fourcc)),
                     "modifiers": .array(format.modifiers.map { .string(DrmNames.modifier($0.value) + ($0.externalOnly ? " (external only)" : "")) })])
        })
    }
}
