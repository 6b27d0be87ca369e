import CWaylandServer

/// A client's zwlr_data_control_source_v1 or ext_data_control_source_v1: set
/// once as a selection through a data control device, and offering no more
/// mime types after.
final class DataControlSource: OfferingSource {
    /// Set as a selection already: it may not be again, nor offer more.
    var used = false

    init?(client: OpaquePointer, family: DataControlProtocol, version: Int32, id: UInt32) {
        // The zwlr senders serve the ext names too: the same event numbers (the shim checks).
        super.init(client: client, interface: family.source, version: version, id: id,
                   events: Events(send: zwlr_data_control_source_v1_send_send, cancelled: zwlr_data_control_source_v1_send_cancelled))
    }

    override func mayOffer(_ resource: OpaquePointer) -> Bool {
        guard used else { return true }
        segue_resource_post_error(resource, ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER.rawValue, "a mime type offered after the source was set")
        return false
    }
}
