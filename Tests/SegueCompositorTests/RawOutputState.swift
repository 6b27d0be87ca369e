import CWaylandClient
import SegueClientSupport

/// A RawClient's wl_output as described: each description applies at its done event.
final class RawOutputState {
    private(set) var scale: Int32?
    private(set) var size: (width: Int32, height: Int32)?
    private(set) var physicalSize: (width: Int32, height: Int32)?
    private var pending: (scale: Int32?, size: (width: Int32, height: Int32)?, physical: (width: Int32, height: Int32)?)

    fileprivate func geometry(width: Int32, height: Int32) { pending.physical = (width, height) }
    fileprivate func mode(width: Int32, height: Int32) { pending.size = (width, height) }
    fileprivate func scaled(_ factor: Int32) { pending.scale = factor }

    fileprivate func done() {
        scale = pending.scale ?? scale
        size = pending.size ?? size
        physicalSize = pending.physical ?? physicalSize
        pending = (nil, nil, nil)
    }
}

nonisolated(unsafe) let outputListener = fixedListener(wl_output_listener(
    geometry: { data, _, _, _, width, height, _, _, _, _ in (listenerObject(data) as RawOutputState).geometry(width: width, height: height) },
    mode: { data, _, _, width, height, _ in (listenerObject(data) as RawOutputState).mode(width: width, height: height) },
    done: { data, _ in (listenerObject(data) as RawOutputState).done() },
    scale: { data, _, factor in (listenerObject(data) as RawOutputState).scaled(factor) },
    name: { _, _, _ in },
    description: { _, _, _ in }
))
