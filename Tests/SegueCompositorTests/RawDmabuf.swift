import CWaylandClient
import Glibc
import SegueClientSupport

/// A client's zwp_linux_dmabuf_v1 and what it was told: the modifier events of
/// version 3, the default feedback of version 4, and each params' outcome.
final class RawDmabuf {
    let proxy: OpaquePointer
    /// (format, modifier) pairs, as version 3's modifier events listed them.
    private(set) var modifiers: [(format: UInt32, modifier: UInt64)] = []
    /// The default feedback, once its done event came.
    private(set) var feedback: Feedback?
    private var pending = Feedback()
    private var outcomes: [OpaquePointer: Outcome] = [:]
    private var paramsListeners: [Params] = []

    struct Feedback {
        var table: [(format: UInt32, modifier: UInt64)] = []
        var mainDevice: UInt64?
        var trancheDevice: UInt64?
        var trancheIndices: [UInt16] = []
        var tranchesDone = 0
        /// Whether the table's file was sealed against writes and resizes.
        var tableSealed = false
    }

    enum Outcome: Equatable { case created, failed }

    init?(client: RawClient, version: UInt32) {
        guard let proxy = client.bind(global: "zwp_linux_dmabuf_v1", segue_client_zwp_linux_dmabuf_v1_interface(), version: version) else {
            return nil
        }
        self.proxy = proxy
        zwp_linux_dmabuf_v1_add_listener(proxy, dmabufListener, listenerData(self))
    }

    /// Asks for the default feedback; its events come with the next roundtrip.
    func askForFeedback() {
        guard let feedback = zwp_linux_dmabuf_v1_get_default_feedback(proxy) else { return }
        zwp_linux_dmabuf_feedback_v1_add_listener(feedback, feedbackListener, listenerData(self))
    }

    /// A new params object, whose outcome `outcome(of:)` tells.
    func params() -> OpaquePointer {
        let params = zwp_linux_dmabuf_v1_create_params(proxy)!
        let box = Params(owner: self, params: params)
        paramsListeners.append(box)
        zwp_linux_buffer_params_v1_add_listener(params, paramsListener, listenerData(box))
        return params
    }

    func outcome(of params: OpaquePointer) -> Outcome? { outcomes[params] }

    fileprivate final class Params {
        weak var owner: RawDmabuf?
        let params: OpaquePointer
        init(owner: RawDmabuf, params: OpaquePointer) {
            self.owner = owner
            self.params = params
        }
        func ended(_ outcome: Outcome) { owner?.outcomes[params] = outcome }
    }

    fileprivate func modifier(_ format: UInt32, _ high: UInt32, _ low: UInt32) {
        modifiers.append((format, UInt64(high) << 32 | UInt64(low)))
    }

    fileprivate func formatTable(fd: Int32, size: UInt32) {
        defer { close(fd) }
        // F_GET_SEALS; F_SEAL_SHRINK, F_SEAL_GROW and F_SEAL_WRITE (linux/fcntl.h).
        pending.tableSealed = fcntl(fd, 1034) & (0x2 | 0x4 | 0x8) == 0x2 | 0x4 | 0x8
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, Int(size)) }
        pending.table = (0..<Int(size) / 16).map { index in
            (map.loadUnaligned(fromByteOffset: index * 16, as: UInt32.self), map.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self))
        }
    }

    fileprivate func device(_ array: UnsafeMutablePointer<wl_array>?) -> UInt64? {
        guard let array, array.pointee.size == 8, let data = array.pointee.data else { return nil }
        return data.loadUnaligned(as: UInt64.self)
    }

    fileprivate func indices(_ array: UnsafeMutablePointer<wl_array>?) {
        guard let array, let data = array.pointee.data else { return }
        pending.trancheIndices += (0..<array.pointee.size / 2).map { data.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self) }
    }

    fileprivate func setMainDevice(_ device: UInt64?) { pending.mainDevice = device }
    fileprivate func setTrancheDevice(_ device: UInt64?) { pending.trancheDevice = device }
    fileprivate func trancheDone() { pending.tranchesDone += 1 }
    fileprivate func feedbackDone() { feedback = pending }
}

private nonisolated(unsafe) let dmabufListener = fixedListener(zwp_linux_dmabuf_v1_listener(
    format: { _, _, _ in },
    modifier: { data, _, format, high, low in (listenerObject(data) as RawDmabuf).modifier(format, high, low) }
))

private nonisolated(unsafe) let feedbackListener = fixedListener(zwp_linux_dmabuf_feedback_v1_listener(
    done: { data, _ in (listenerObject(data) as RawDmabuf).feedbackDone() },
    format_table: { data, _, fd, size in (listenerObject(data) as RawDmabuf).formatTable(fd: fd, size: size) },
    main_device: { data, _, array in
        let dmabuf: RawDmabuf = listenerObject(data)
        dmabuf.setMainDevice(dmabuf.device(array))
    },
    tranche_done: { data, _ in (listenerObject(data) as RawDmabuf).trancheDone() },
    tranche_target_device: { data, _, array in
        let dmabuf: RawDmabuf = listenerObject(data)
        dmabuf.setTrancheDevice(dmabuf.device(array))
    },
    tranche_formats: { data, _, array in (listenerObject(data) as RawDmabuf).indices(array) },
    tranche_flags: { _, _, _ in }
))

private nonisolated(unsafe) let paramsListener = fixedListener(zwp_linux_buffer_params_v1_listener(
    created: { data, _, _ in (listenerObject(data) as RawDmabuf.Params).ended(.created) },
    failed: { data, _ in (listenerObject(data) as RawDmabuf.Params).ended(.failed) }
))
