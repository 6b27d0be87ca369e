/// A buffer the window draws into and shows: busy from the commit that shows
/// it until the compositor sends wl_buffer.release; only then may it be drawn again.
protocol ClientBuffer: AnyObject {
    var canvas: any Canvas { get }
    var busy: Bool { get }
    /// Called when the compositor gives the buffer back.
    var onRelease: () -> Void { get set }
    /// Attaches the buffer to the surface, its drawing done; it stays busy until released.
    func attach(to surface: OpaquePointer)
    func destroy()
}

struct BufferFailure: Error {
    let message: String
}
