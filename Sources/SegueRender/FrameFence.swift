import CEGL
import CGLES
import Foundation

/// The GPU's progress through one frame: fenced after the frame's commands and
/// flushed, so the event loop goes back to its clients while the GPU draws. A
/// waiting thread notes when the fence signals; that is the frame's render time.
package final class FrameFence: @unchecked Sendable {
    private let started: UInt64
    private let condition = NSCondition()
    private var finished: UInt64?

    init(started: UInt64) { self.started = started }

    /// A fence for work already finished (where EGL fences are not offered and the frame was waited for).
    package static func finished(started: UInt64) -> FrameFence {
        let fence = FrameFence(started: started)
        fence.signal()
        return fence
    }

    func signal() {
        condition.lock()
        finished = DispatchTime.now().uptimeNanoseconds
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the GPU has finished the frame; never blocks.
    package var isSignalled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished != nil
    }

    /// Seconds from the start of drawing until the GPU finished, waiting for it if need be.
    package func renderSeconds() -> Double {
        condition.lock()
        defer { condition.unlock() }
        while finished == nil { condition.wait() }
        return Double(finished! - started) / 1e9
    }
}

extension Renderer {
    /// Fences the commands given since `started` (a `DispatchTime` uptime), a
    /// frame drawn into `target`, and flushes them; the fence signals when the
    /// GPU has carried them out.
    @discardableResult
    package func submit(_ target: RenderTarget, startedAt started: UInt64) -> FrameFence {
        let fence = fence(startedAt: started)
        target.fence = fence
        return fence
    }

    private func fence(startedAt started: UInt64) -> FrameFence {
        let display = context.display
        guard let sync = eglCreateSync(display, EGLenum(EGL_SYNC_FENCE), nil) else {
            glFinish()
            return .finished(started: started)
        }
        glFlush()
        let fence = FrameFence(started: started)
        let box = SyncBox(display: display, sync: sync)
        fenceWaiter.async {
            // No flush flag: this thread has no context, and the commands were flushed above.
            eglClientWaitSync(box.display, box.sync, 0, EGLTime(EGL_FOREVER))
            eglDestroySync(box.display, box.sync)
            fence.signal()
        }
        return fence
    }
}

/// An EGL display and sync handed to the waiting thread; EGL's calls are thread-safe.
private struct SyncBox: @unchecked Sendable {
    let display: EGLDisplay
    let sync: EGLSync
}
