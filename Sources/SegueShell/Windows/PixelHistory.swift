import SegueEngine

/// The versions a surface texture's pixels went through, and what the last
/// few changes changed: a surface's commit counter, as a frame's damage
/// sees it (`DrawnElement`). Every version is a number from one count shared
/// by all textures (`PixelHistory.Count`), so a version is never met twice,
/// even by a texture that took a freed one's place.
struct PixelHistory {
    /// Numbers versions for all textures.
    struct Count {
        private var last = 0
        mutating func next() -> Int {
            last += 1
            return last
        }
    }

    /// Changes kept: a frame this many changes old or older is drawn whole.
    static let kept = 8
    private(set) var version: Int
    /// The version before the oldest change kept: what changed since an older one is not known.
    private var base: Int
    /// The changes kept, oldest first, each in texels; nil: all of it.
    private var changes: [(version: Int, rects: [PixelRect]?)] = []

    /// A new texture, whose pixels are `version`.
    init(version: Int) {
        self.version = version
        base = version
    }

    /// Its pixels changed within `rects` (nil: anywhere), to `newVersion`.
    mutating func changed(_ rects: [PixelRect]?, to newVersion: Int) {
        changes.append((newVersion, rects))
        version = newVersion
        if changes.count > Self.kept { base = changes.removeFirst().version }
    }

    /// What changed since `older`, in texels; nil where anything may have,
    /// or `older` is before what is kept (or not a version of this texture's).
    func changes(since older: Int) -> [PixelRect]? {
        guard older >= base else { return nil }
        var rects: [PixelRect] = []
        for change in changes where change.version > older {
            guard let changed = change.rects else { return nil }
            rects += changed
        }
        return rects
    }
}
