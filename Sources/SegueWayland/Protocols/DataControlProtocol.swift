import CWaylandServer

/// The two names data control goes by: wlr-data-control (version 2, the
/// primary selection from 2) and ext-data-control-v1 (version 1, the primary
/// selection from 1). Their messages are the same in order, arguments and
/// numbers (the shim checks), so one set of objects serves both, each
/// resource made with its own family's interfaces.
/// Its pointers are to the protocol code's constant interfaces, never written.
struct DataControlProtocol: @unchecked Sendable {
    let manager: UnsafePointer<wl_interface>
    let device: UnsafePointer<wl_interface>
    let source: UnsafePointer<wl_interface>
    let offer: UnsafePointer<wl_interface>
    let version: Int32
    /// The version from which a device has the primary selection.
    let primarySince: Int32

    static let wlr = DataControlProtocol(manager: segue_zwlr_data_control_manager_v1_interface(),
                                         device: segue_zwlr_data_control_device_v1_interface(),
                                         source: segue_zwlr_data_control_source_v1_interface(),
                                         offer: segue_zwlr_data_control_offer_v1_interface(), version: 2,
                                         primarySince: Int32(ZWLR_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION_SINCE_VERSION))
    static let ext = DataControlProtocol(manager: segue_ext_data_control_manager_v1_interface(),
                                         device: segue_ext_data_control_device_v1_interface(),
                                         source: segue_ext_data_control_source_v1_interface(),
                                         offer: segue_ext_data_control_offer_v1_interface(), version: 1, primarySince: 1)
}
