import CGLES
import CSegue
import SegueEngine

// Players through the C API: see include/segue/segue.h.

/// Runs `body` on a player handle, once the call may use GL; then the
/// completions it caused go out, the embedder's GL state already back.
private func withPlayer(_ handle: OpaquePointer?, _ body: (LibraryPlayer) throws -> Void) -> segue_status {
    var player: LibraryPlayer?
    let status = libraryCall {
        let found = try Handle.object(handle, as: LibraryPlayer.self, named: "player")
        guard !found.closing else { throw LibraryError.state("the player is being freed") }
        try found.context.enter()
        player = found
        try body(found)
    }
    player?.deliverCompletions()
    return status
}

/// A CLOCK_MONOTONIC time: up to 2^62 ns (146 years), so that times and
/// durations added to them stay in range.
private func instant(_ nanoseconds: UInt64) throws -> Instant {
    guard nanoseconds <= 1 << 62 else { throw LibraryError.invalid("\(nanoseconds) ns is past the clock's range (2^62 ns)") }
    return Instant(nanoseconds: Int64(nanoseconds))
}

@_cdecl("segue_player_new")
public func segue_player_new(_ context: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    withContext(context) { context in try Handle.give(to: out, named: "player") { LibraryPlayer(context: context) } }
}

@_cdecl("segue_player_free")
public func segue_player_free(_ player: OpaquePointer?) {
    // Its frame's target is freed in the current context: in another, it would be the embedder's. Kept rather than that.
    guard let found = try? Handle.object(player, as: LibraryPlayer.self, named: "player"), !found.closing,
          (try? found.context.enter()) != nil else { return }
    found.close()
    Handle.release(player)
}

private func start(_ handle: OpaquePointer?, _ choice: OpaquePointer?, _ from: UnsafePointer<segue_texture>?,
                   _ to: UnsafePointer<segue_texture>?, _ now: UInt64, interactive: Bool, _ done: segue_completion_fn?,
                   _ userData: UnsafeMutableRawPointer?, _ id: UnsafeMutablePointer<UInt64>?) -> segue_status {
    withPlayer(handle) { player in
        let choice = try Handle.object(choice, as: LibraryChoice.self, named: "choice")
        guard from != nil || to != nil else {
            throw LibraryError.invalid("both textures are null: one side may be nothing, not both")
        }
        let from = try from.map { try HostTexture($0, side: "from") }, to = try to.map { try HostTexture($0, side: "to") }
        let started = try player.start(choice, from: from, to: to, at: try instant(now), interactive: interactive,
                                       done: done, userData: userData)
        id?.pointee = started
    }
}

@_cdecl("segue_player_start")
public func segue_player_start(_ player: OpaquePointer?, _ choice: OpaquePointer?, _ from: UnsafePointer<segue_texture>?,
                               _ to: UnsafePointer<segue_texture>?, _ now: UInt64, _ done: segue_completion_fn?,
                               _ userData: UnsafeMutableRawPointer?, _ id: UnsafeMutablePointer<UInt64>?) -> segue_status {
    start(player, choice, from, to, now, interactive: false, done, userData, id)
}

@_cdecl("segue_player_start_interactive")
public func segue_player_start_interactive(_ player: OpaquePointer?, _ choice: OpaquePointer?, _ from: UnsafePointer<segue_texture>?,
                                           _ to: UnsafePointer<segue_texture>?, _ now: UInt64, _ done: segue_completion_fn?,
                                           _ userData: UnsafeMutableRawPointer?, _ id: UnsafeMutablePointer<UInt64>?) -> segue_status {
    start(player, choice, from, to, now, interactive: true, done, userData, id)
}

@_cdecl("segue_player_set_textures")
public func segue_player_set_textures(_ player: OpaquePointer?, _ from: UnsafePointer<segue_texture>?,
                                      _ to: UnsafePointer<segue_texture>?) -> segue_status {
    withPlayer(player) { try $0.setTextures(from: from, to: to) }
}

@_cdecl("segue_player_is_animating")
public func segue_player_is_animating(_ player: OpaquePointer?) -> Bool {
    (try? Handle.object(player, as: LibraryPlayer.self, named: "player"))?.isAnimating ?? false
}

@_cdecl("segue_player_needs_frame")
public func segue_player_needs_frame(_ player: OpaquePointer?) -> Bool {
    (try? Handle.object(player, as: LibraryPlayer.self, named: "player"))?.needsFrame ?? false
}

@_cdecl("segue_player_draw")
public func segue_player_draw(_ player: OpaquePointer?, _ predicted: UInt64, _ framebuffer: UInt32, _ x: Int32, _ y: Int32,
                              _ width: Int32, _ height: Int32, _ flags: UInt32) -> segue_status {
    withPlayer(player) { player in
        try player.draw(at: try instant(predicted), framebuffer: GLuint(framebuffer), x: x, y: y, width: width, height: height,
                        flipped: flags & UInt32(SEGUE_DRAW_FLIP_Y) != 0)
    }
}

@_cdecl("segue_player_draw_window")
public func segue_player_draw_window(_ player: OpaquePointer?, _ predicted: UInt64, _ framebuffer: UInt32,
                                     _ area: UnsafePointer<segue_window_area>?, _ flags: UInt32) -> segue_status {
    withPlayer(player) { player in
        guard let area else { throw LibraryError.invalid("the window area is null") }
        try player.draw(at: try instant(predicted), framebuffer: GLuint(framebuffer), window: try WindowArea(area.pointee),
                        flipped: flags & UInt32(SEGUE_DRAW_FLIP_Y) != 0)
    }
}

@_cdecl("segue_player_presented")
public func segue_player_presented(_ player: OpaquePointer?, _ presented: UInt64, _ refresh: UInt64) -> segue_status {
    withPlayer(player) { player in
        guard refresh >= 100_000, refresh <= 1_000_000_000 else {
            throw LibraryError.invalid("a refresh interval of \(refresh) ns is not within 100 µs...1 s")
        }
        try player.presented(at: try instant(presented), refreshInterval: Double(refresh) / 1e9)
    }
}

@_cdecl("segue_player_cancel")
public func segue_player_cancel(_ player: OpaquePointer?) -> segue_status {
    withPlayer(player) { try $0.cancel() }
}

@_cdecl("segue_player_drive")
public func segue_player_drive(_ player: OpaquePointer?, _ progress: Double, _ now: UInt64) -> segue_status {
    withPlayer(player) { player in
        guard progress.isFinite else { throw LibraryError.invalid("progress \(progress) is not a number") }
        try player.drive(to: progress, at: try instant(now))
    }
}

@_cdecl("segue_player_release")
public func segue_player_release(_ player: OpaquePointer?, _ now: UInt64, _ velocity: Double, _ toward: segue_release) -> segue_status {
    withPlayer(player) { player in
        let forced: InteractiveProgress.Outcome? = switch toward.rawValue {
        case SEGUE_RELEASE_AUTO.rawValue: nil
        case SEGUE_RELEASE_FINISH.rawValue: .finished
        case SEGUE_RELEASE_CANCEL.rawValue: .cancelled
        default: throw LibraryError.invalid("\(toward.rawValue) is not a segue_release")
        }
        guard velocity.isNaN || velocity.isFinite else { throw LibraryError.invalid("velocity \(velocity) is not finite") }
        try player.release(at: try instant(now), velocity: velocity.isNaN ? nil : velocity, toward: forced)
    }
}
