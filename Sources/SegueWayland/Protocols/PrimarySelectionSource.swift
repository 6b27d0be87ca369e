import CWaylandServer

/// A client's zwp_primary_selection_source_v1.
final class PrimarySelectionSource: OfferingSource {
    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_zwp_primary_selection_source_v1_interface(), version: version, id: id,
                   events: Events(send: zwp_primary_selection_source_v1_send_send, cancelled: zwp_primary_selection_source_v1_send_cancelled))
    }
}
