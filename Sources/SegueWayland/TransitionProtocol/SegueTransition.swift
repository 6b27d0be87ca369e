import CWaylandServer
import SegueEngine

/// One segue_transition_v1: settings gathered until `start`, then the
/// transition's `started` and `done` events, after which the object is inert.
/// Begun with `begin_interactive` instead, the client drives its progress with
/// `update` until `end`.
final class SegueTransition: ResourceObject {
    private enum Phase {
        case gathering, playing, done
        /// Driven by the client, through the shell's handle for it.
        case driven(AnyObject)
    }

    /// nil once the client destroyed the object; a started transition plays on.
    private var resource: OpaquePointer?
    private let windowID: Int
    private unowned let delegate: TransitionProtocolDelegate
    private var phase = Phase.gathering
    private var startedSent = false
    /// Begun with begin_interactive and not yet let go by the client: updates
    /// arriving after the compositor ended it (a takeover, a closed window) are ignored.
    private var drivenByClient = false
    private var request = TransitionRequest()

    init?(client: OpaquePointer, version: Int32, id: UInt32, windowID: Int, delegate: TransitionProtocolDelegate) {
        self.windowID = windowID
        self.delegate = delegate
        guard let resource = Resource.create(client: client, interface: segue_segue_transition_v1_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        // A client gone mid-drive cannot let go: the switch goes back.
        if case .driven(let handle) = phase { delegate.cancelDriven(handle) }
    }

    nonisolated(unsafe) private static let implementation: UnsafeMutablePointer<segue_transition_v1_interface> = {
        let table = UnsafeMutablePointer<segue_transition_v1_interface>.allocate(capacity: 1)
        table.initialize(to: segue_transition_v1_interface(
            destroy: Resource.destroy,
            set_effect: { _, resource, name in
                guard let transition = gathering(resource), let name else { return }
                let effect = String(cString: name)
                guard transition.delegate.hasEffect(named: effect) else {
                    return SegueTransitionV1Resource(resource).postError(.unknownEffect, "no effect is named '\(effect)'")
                }
                transition.request.effect = effect
            },
            set_source_rect: { _, resource, x, y, width, height in
                guard let transition = gathering(resource) else { return }
                let output = transition.delegate.outputSize
                guard let rect = SourceRect(x: x, y: y, width: width, height: height,
                                            outputWidth: output.width, outputHeight: output.height) else {
                    return SegueTransitionV1Resource(resource).postError(.badRectangle, "\(width)x\(height) at \(x),\(y) is not inside the \(output.width)x\(output.height) output")
                }
                transition.request.sourceRect = rect
            },
            set_duration: { _, resource, milliseconds in
                gathering(resource)?.request.duration = Double(milliseconds) / 1000
            },
            start: { _, resource in
                gathering(resource)?.start()
            },
            begin_interactive: { _, resource in
                gathering(resource)?.beginDriven()
            },
            update: { _, resource, progress in
                guard let (transition, handle) = driven(resource) else { return }
                transition.delegate.updateDriven(handle, progress: wl_fixed_to_double(progress))
            },
            end: { _, resource, velocity in
                guard let (transition, handle) = driven(resource) else { return }
                transition.phase = .playing
                transition.drivenByClient = false
                let speed = wl_fixed_to_double(velocity)
                transition.delegate.endDriven(handle, velocity: speed == 0 ? nil : speed)
            }))
        return table
    }()

    /// The object behind `resource` while it still takes settings; posts the
    /// error for a request that comes too late.
    private static func gathering(_ resource: OpaquePointer?) -> SegueTransition? {
        guard let transition = Resource.object(resource, as: SegueTransition.self) else { return nil }
        switch transition.phase {
        case .gathering:
            return transition
        case .playing, .driven:
            SegueTransitionV1Resource(resource).postError(.alreadyStarted, "the transition was started already")
        case .done:
            SegueTransitionV1Resource(resource).postError(.alreadyDone, "the transition is done")
        }
        return nil
    }

    /// The object behind `resource` and the shell's handle while the client
    /// drives it; posts not_interactive otherwise.
    private static func driven(_ resource: OpaquePointer?) -> (SegueTransition, AnyObject)? {
        guard let transition = Resource.object(resource, as: SegueTransition.self) else { return nil }
        if case .done = transition.phase, transition.drivenByClient { return nil }
        guard case .driven(let handle) = transition.phase else {
            SegueTransitionV1Resource(resource).postError(.notInteractive, "the transition is not driven by the client: begin_interactive first, and nothing after end")
            return nil
        }
        return (transition, handle)
    }

    private func start() {
        phase = .playing
        delegate.play(request, toWindow: windowID, onStart: { [weak self] time in
            self?.sendStarted(time)
        }, onComplete: { [weak self] outcome, statistics in
            self?.sendDone(outcome, statistics)
        })
    }

    private func beginDriven() {
        phase = .playing
        drivenByClient = true
        let handle = delegate.beginDriven(toWindow: windowID, onStart: { [weak self] time in
            self?.sendStarted(time)
        }, onComplete: { [weak self] outcome, statistics in
            self?.sendDone(outcome, statistics)
        })
        // Nothing to drive when nothing plays: done was sent already.
        if let handle, case .playing = phase { phase = .driven(handle) }
    }

    private func sendStarted(_ time: Instant) {
        guard let resource, !startedSent else { return }
        startedSent = true
        let (hi, lo, nsec) = Self.split(time)
        segue_transition_v1_send_started(resource, hi, lo, nsec)
    }

    private func sendDone(_ outcome: TransitionState, _ statistics: FrameStatistics) {
        switch phase {
        case .playing, .driven: phase = .done
        case .gathering, .done: return
        }
        // A one-frame transition completes before its start is reported.
        if let first = statistics.firstPresentation { sendStarted(first) }
        guard let resource else { return }
        let code: segue_transition_v1_outcome = switch outcome {
        case .finished: SEGUE_TRANSITION_V1_OUTCOME_FINISHED
        case .interrupted: SEGUE_TRANSITION_V1_OUTCOME_INTERRUPTED
        default: SEGUE_TRANSITION_V1_OUTCOME_CANCELLED
        }
        let first = Self.split(statistics.firstPresentation), last = Self.split(statistics.lastPresentation)
        segue_transition_v1_send_done(resource, UInt32(code.rawValue), UInt32(statistics.frames), UInt32(statistics.lateFrames),
                                      first.hi, first.lo, first.nsec, last.hi, last.lo, last.nsec)
    }

    /// A CLOCK_MONOTONIC time as the protocol sends it; zero when there is none.
    private static func split(_ time: Instant?) -> (hi: UInt32, lo: UInt32, nsec: UInt32) {
        let nanoseconds = UInt64(max(time?.nanoseconds ?? 0, 0))
        let seconds = nanoseconds / 1_000_000_000
        return (UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                UInt32(nanoseconds % 1_000_000_000))
    }
}
