import SegueEngine

/// The versions a picture's pixels went through (a surface texture's, in
/// its texels; a composed screen's, in output pixels), and what the last few
/// changes changed: a surface's commit counter, as a frame's damage sees it
/// (`DrawnElement`). Every version is a number from one count shared by all
/// pictures (`PixelCount`), so a version is never met twice, even by a
/// texture that took a freed one's place.
struct PixelHistory<Space: DamageSpace> {
    /// Changes kept: a frame this many changes old or older is drawn whole.
    static var kept: Int { 8 }
    private(set) var version: Int
    /// The version before the oldest change kept: what changed since an older one is not known.
    private var base: Int
    /// The changes kept, oldest first.
    private var changes: [(version: Int, damage: Damage<Space>)] = []

    /// A new texture, whose pixels are `version`.
    init(version: Int) {
        self.version = version
        base = version
    }

    /// Its pixels changed within `damage`, to `newVersion`.
    mutating func changed(_ damage: Damage<Space>, to newVersion: Int) {
        changes.append((newVersion, damage))
        version = newVersion
        if changes.count > Self.kept { base = changes.removeFirst().version }
    }

    /// What changed since `older`: everywhere where `older` is before what
    /// is kept (or not a version of this picture's).
    func changes(since older: Int) -> Damage<Space> {
        guard older >= base else { return .everywhere }
        var damage = Damage<Space>.none
        for change in changes where change.version > older { damage.add(change.damage) }
        return damage
    }
}

/// Numbers the versions of every picture's pixels, from one count.
final class PixelCount {
    private var last = 0
    func next() -> Int {
        last += 1
        return last
    }
}
