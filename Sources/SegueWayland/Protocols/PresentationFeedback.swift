import CWaylandServer

/// One wp_presentation_feedback: tells its client once whether the frame it
/// asked about was shown, then goes away.
public final class PresentationFeedback: ResourceObject {
    /// nil once the event is sent or the client is gone.
    private var resource: OpaquePointer?

    package init?(client: OpaquePointer, version: Int32, id: UInt32) {
        // The interface has no requests.
        guard let resource = Resource.create(client: client, interface: segue_wp_presentation_feedback_interface(), version: version,
                                             id: id, implementation: nil, object: self) else { return nil }
        self.resource = resource
    }

    package func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
    }

    /// The frame was shown at `timestampNanoseconds` (CLOCK_MONOTONIC) on
    /// `outputs` (wl_output resources; only the feedback's client's are used).
    package func presented(timestampNanoseconds: UInt64, refreshNanoseconds: UInt32, sequence: UInt64, flags: UInt32,
                           outputs: [OutputResource]) {
        guard let resource else { return }
        let client = wl_resource_get_client(resource)
        for output in outputs where wl_resource_get_client(output.resource) == client {
            wp_presentation_feedback_send_sync_output(resource, output.resource)
        }
        let seconds = timestampNanoseconds / 1_000_000_000
        wp_presentation_feedback_send_presented(resource,
                                                UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                                                UInt32(timestampNanoseconds % 1_000_000_000), refreshNanoseconds,
                                                UInt32(truncatingIfNeeded: sequence >> 32), UInt32(truncatingIfNeeded: sequence),
                                                flags)
        wl_resource_destroy(resource)
    }

    /// The frame was never shown.
    public func discarded() {
        guard let resource else { return }
        wp_presentation_feedback_send_discarded(resource)
        wl_resource_destroy(resource)
    }
}

/// wp_presentation's double-buffered state for a surface: the feedback asked
/// for with its next commit; current, the feedback committed and not yet
/// handed to whoever presents the frame (`Surface.takeFeedbacks`).
struct PresentationState: SurfaceStateExtension {
    var feedbacks: [PresentationFeedback] = []

    /// A later commit's on top of this one. Content replaced before it was
    /// shown is never presented: its feedback is discarded.
    mutating func absorb(_ newer: PresentationState, contentReplaced: Bool) {
        if contentReplaced {
            for feedback in feedbacks { feedback.discarded() }
            feedbacks.removeAll()
        }
        feedbacks += newer.feedbacks
    }
}
