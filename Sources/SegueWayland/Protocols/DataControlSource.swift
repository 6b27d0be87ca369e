import CWaylandServer

/// A client's zwlr_data_control_source_v1: set once as a selection through a
/// data control device, and offering no more mime types after.
final class DataControlSource: OfferingSource {
    /// Set as a selection already: it may not be again, nor offer more.
    var used = false

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(client: client, interface: segue_zwlr_data_control_source_v1_interface(), version: version, id: id,
                   events: Events(send: zwlr_data_control_source_v1_send_send, cancelled: zwlr_data_control_source_v1_send_cancelled))
    }

    override func mayOffer(_ resource: OpaquePointer) -> Bool {
        guard used else { return true }
        ZwlrDataControlSourceV1Resource(resource).postError(.invalidOffer, "a mime type offered after the source was set")
        return false
    }
}
