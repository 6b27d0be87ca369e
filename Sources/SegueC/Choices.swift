import CSegue
import SegueConfig
import SegueEngine

/// What a `segue_choice` is: an effect with its settings and the way it
/// plays, or no effect (an instant change).
final class LibraryChoice {
    var settings: EffectSettings?
    var direction: TransitionDirection
    let effectName: CString?

    init(settings: EffectSettings?, direction: TransitionDirection) {
        self.settings = settings
        self.direction = direction
        effectName = settings.map { CString($0.effect.name) }
    }
}

@_cdecl("segue_config_choose")
public func segue_config_choose(_ context: OpaquePointer?, _ event: segue_event, _ from: UnsafePointer<segue_window_info>?,
                                _ to: UnsafePointer<segue_window_info>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    withContext(context) { context in
        let events: [UInt32: TransitionEvent] = [SEGUE_EVENT_OPEN.rawValue: .open, SEGUE_EVENT_CLOSE.rawValue: .close,
                                                 SEGUE_EVENT_SWITCH.rawValue: .switch, SEGUE_EVENT_WORKSPACE.rawValue: .workspace,
                                                 SEGUE_EVENT_MINIMIZE.rawValue: .minimize, SEGUE_EVENT_RESTORE.rawValue: .restore]
        guard let kind = events[event.rawValue] else { throw LibraryError.invalid("\(event.rawValue) is not a segue_event") }
        func info(_ window: UnsafePointer<segue_window_info>?) -> WindowInfo? {
            window.map { WindowInfo(appID: $0.pointee.app_id.map { String(cString: $0) } ?? "",
                                    title: $0.pointee.title.map { String(cString: $0) } ?? "") }
        }
        try Handle.give(to: out, named: "choice") {
            let resolution = context.choose(kind, from: info(from), to: info(to))
            return LibraryChoice(settings: resolution.settings, direction: resolution.direction)
        }
    }
}

@_cdecl("segue_choice_new")
public func segue_choice_new(_ context: OpaquePointer?, _ effect: UnsafePointer<CChar>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    withContext(context) { context in
        try Handle.give(to: out, named: "choice") {
            let name = try Handle.text(effect, named: "effect")
            let settings = try context.config.settings(effect: name) ?? EffectSettings(context.effect(named: name))
            return LibraryChoice(settings: settings, direction: .forward)
        }
    }
}

@_cdecl("segue_choice_free")
public func segue_choice_free(_ choice: OpaquePointer?) { Handle.release(choice) }

@_cdecl("segue_choice_effect")
public func segue_choice_effect(_ choice: OpaquePointer?) -> UnsafePointer<CChar>? {
    (try? Handle.object(choice, as: LibraryChoice.self, named: "choice"))?.effectName?.pointer
}

/// Runs `body` on a choice handle that names an effect.
private func withEffect(_ handle: OpaquePointer?, _ body: (inout EffectSettings, LibraryChoice) throws -> Void) -> segue_status {
    libraryCall {
        let choice = try Handle.object(handle, as: LibraryChoice.self, named: "choice")
        guard var settings = choice.settings else { throw LibraryError.state("the choice is an instant change: it has no effect to set") }
        try body(&settings, choice)
        choice.settings = settings
    }
}

@_cdecl("segue_choice_set")
public func segue_choice_set(_ choice: OpaquePointer?, _ parameter: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> segue_status {
    withEffect(choice) { settings, _ in
        let name = try Handle.text(parameter, named: "parameter"), text = try Handle.text(value, named: "value")
        do {
            try settings.set(name, to: text)
        } catch {
            let unknown = !settings.effect.parameters.contains { $0.name == name || $0.uniform == name }
            throw LibraryError(unknown ? SEGUE_ERROR_NOT_FOUND : SEGUE_ERROR_INVALID_ARGUMENT, "\(error)")
        }
    }
}

@_cdecl("segue_choice_set_duration")
public func segue_choice_set_duration(_ choice: OpaquePointer?, _ seconds: Double) -> segue_status {
    withEffect(choice) { settings, _ in
        // As long as a config may ask for: a transition ends.
        guard seconds.isFinite, seconds > 0, seconds <= 60 else { throw LibraryError.invalid("a duration of \(seconds) s is not within (0, 60]") }
        settings.duration = seconds
    }
}

@_cdecl("segue_choice_duration")
public func segue_choice_duration(_ choice: OpaquePointer?) -> Double {
    (try? Handle.object(choice, as: LibraryChoice.self, named: "choice"))?.settings?.duration ?? 0
}

@_cdecl("segue_choice_set_reverse")
public func segue_choice_set_reverse(_ choice: OpaquePointer?, _ reverse: Bool) -> segue_status {
    libraryCall {
        try Handle.object(choice, as: LibraryChoice.self, named: "choice").direction = reverse ? .reverse : .forward
    }
}

@_cdecl("segue_choice_set_source_rect")
public func segue_choice_set_source_rect(_ choice: OpaquePointer?, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32,
                                         _ outputWidth: Int32, _ outputHeight: Int32) -> segue_status {
    withEffect(choice) { settings, _ in
        guard outputWidth > 0, outputHeight > 0, width > 0, height > 0 else {
            throw LibraryError.invalid("a source rectangle \(width)x\(height) on an output \(outputWidth)x\(outputHeight) is empty")
        }
        // Effects without a source rectangle play as they would without one.
        guard settings.effect.parameters.contains(where: { $0.name == "rect" && $0.type == .vec4 }) else { return }
        let fractions = [Double(x) / Double(outputWidth), Double(y) / Double(outputHeight),
                         Double(width) / Double(outputWidth), Double(height) / Double(outputHeight)]
        try settings.set("rect", to: fractions.map { String($0) }.joined(separator: ","))
    }
}
