import CXKBCommon
import Logging
import SegueBackend
import SegueConfig
import SegueIPC
import SegueLoop
import SegueWayland

/// Input: key bindings taken out, keys to the shown window (or the layer
/// surface that has them) and pointer and touch to the surface under them,
/// through the seat; the hands that drive gestures; virtual keyboards; the
/// cursor. It keeps what routing needs between events (`InputRouting`,
/// `HandState`).
final class Input {
    unowned let compositor: Compositor
    var routing = InputRouting()
    var hands = HandState()

    init(compositor: Compositor) { self.compositor = compositor }

    var config: SegueConfig { compositor.config }
    var seat: Seat? { compositor.seat }

    func route(_ input: InputEvent) {
        guard let seat else { return }
        let scale = Double(compositor.output.scale)
        switch input {
        case .keymap(let text):
            do {
                try text.withCString { try seat.use(Keymap(text: $0)) }
            } catch {
                compositor.log.warning("keeping Segue's own keymap: \(error)")
            }
        case .key(let time, let key, let pressed):
            if pressed {
                let (keysym, modifiers) = seat.keyboard.bindingKey(for: key)
                // Held, the switcher has every key; else [keys] chords come before its own.
                let switcherHeld = compositor.navigation.switcher.isHeld
                let bound = switcherHeld ? nil : bindings().first { $0.binding.matches(keysym: keysym, modifiers: modifiers) }
                if let bound {
                    routing.keyboard.pressed(key, bound: true)
                    do {
                        try compositor.perform(bound.action)
                    } catch {
                        compositor.log.info("key binding: \(error)")
                    }
                    return
                }
                if switcherTook(keysym: keysym, modifiers: modifiers) {
                    routing.keyboard.pressed(key, bound: true)
                    return
                }
                routing.keyboard.pressed(key, bound: false)
                noteInput()
            } else {
                guard routing.keyboard.released(key) else { return }
            }
            seat.keyboard.key(time: time, key: key, pressed: pressed)
            commitSwitcherOnRelease(seat)
        case .modifiers(let depressed, let latched, let locked, let group):
            seat.keyboard.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            commitSwitcherOnRelease(seat)
        case .keyRepeat(let rate, let delay):
            routing.backendRepeat = (rate, delay)
            applyKeyRepeat()
        case .keyboardLeft:
            // Keys held where the focus went are up for clients.
            let time = compositor.eventTime
            // Its modifier's release will not be heard either: the switcher goes without switching.
            for key in routing.keyboard.focusLost() { seat.keyboard.key(time: time, key: key, pressed: false) }
            seat.keyboard.modifiers(depressed: 0, latched: 0, locked: 0, group: 0)
            if compositor.navigation.switcher.isHeld { performSwitcher(.cancel) }
        // Output pixels become surface units here; everything after is in units.
        case .pointerMotion(let time, let x, let y):
            pointerMoved(time: time, x: x / scale, y: y / scale)
        case .pointerButton(let time, let button, let pressed):
            if pressed { noteInput() }
            pointerButton(time: time, button: button, pressed: pressed)
        case .pointerAxis(let time, let axis, let value):
            seat.pointer.axis(time: time, axis: axis, value: value / scale)
        case .touchDown(let time, let id, let x, let y):
            noteInput()
            touchDown(time: time, id: id, x: x / scale, y: y / scale)
        case .touchMotion(let time, let id, let x, let y):
            touchMoved(time: time, id: id, x: x / scale, y: y / scale)
        case .touchUp(let time, let id):
            touchUp(time: time, id: id)
        case .swipeBegin(let time, let fingers):
            if !swipeStartsGesture(fingers: fingers) { seat.pointer.swipeBegin(time: time, fingers: fingers) }
        case .swipeUpdate(let time, let dx, let dy):
            if !handMoved(.swipe, x: dx / scale) { seat.pointer.swipeUpdate(time: time, dx: dx / scale, dy: dy / scale) }
        case .swipeEnd(let time, let cancelled):
            if !handReleased(.swipe, cancelled: cancelled) { seat.pointer.swipeEnd(time: time, cancelled: cancelled) }
        }
    }

    /// A key the switcher takes: a chord of its opens or steps it; held, Escape
    /// cancels it and every other key is its own, not a client's.
    private func switcherTook(keysym: UInt32, modifiers: KeyModifiers) -> Bool {
        let chord = config.switcher.enabled ? switcherBindings().first { $0.binding.matches(keysym: keysym, modifiers: modifiers) } : nil
        guard compositor.navigation.switcher.isHeld else {
            guard let chord else { return false }
            performSwitcher(chord.step)
            if compositor.navigation.switcher.isHeld { routing.keyboard.switcherHeldBy = chord.binding.modifiers.subtracting(.shift) }
            return true
        }
        if keysym == UInt32(XKB_KEY_Escape) {
            performSwitcher(.cancel)
        } else if let chord {
            performSwitcher(chord.step)
        }
        return true
    }

    /// The modifier that held the switcher open was let go: it commits.
    private func commitSwitcherOnRelease(_ seat: Seat) {
        guard let held = routing.keyboard.switcherHeldBy, !seat.keyboard.heldModifiers.isSuperset(of: held) else { return }
        routing.keyboard.switcherHeldBy = nil
        if compositor.navigation.switcher.isHeld { performSwitcher(.commit) }
    }

    private func performSwitcher(_ step: SwitcherStep) {
        do { try compositor.perform(.switcher(step)) } catch { compositor.log.info("switcher: \(error)") }
    }

    /// The switcher's chords, each key as xkb names it.
    private func switcherBindings() -> [(binding: KeyBinding, step: SwitcherStep)] {
        let settings = config.switcher
        if let resolved = routing.keyboard.switcherResolved, resolved.settings == settings { return resolved.bindings }
        let steps: [([KeyChord], SwitcherStep)] = [(settings.next, .next(filter: nil)), (settings.prev, .prev(filter: nil)),
                                                   (settings.nextSameApp, .next(filter: .appID)), (settings.prevSameApp, .prev(filter: .appID))]
        let bindings = steps.flatMap { chords, step in chords.map { (binding: KeyBinding($0), step: step) } }
        routing.keyboard.switcherResolved = (settings, bindings)
        return bindings
    }

    /// A person typed or clicked: the shown window counts as looked at, however briefly it has shown.
    private func noteInput() {
        if let shown = compositor.stack.shown { compositor.navigation.inputReached(shown) }
    }

    /// The keymap the system's files and XKB_DEFAULT_* make; without the
    /// files, none: the keyboard is off until a parent compositor sends its own.
    static func systemKeymap(log: Logger) -> Keymap? {
        do {
            return try Keymap()
        } catch {
            log.warning("keyboard input is off: \(error)")
            return nil
        }
    }

    /// How held keys repeat: as the config says, else as the backend's seat does, else Segue's own.
    func applyKeyRepeat() {
        let fallback = routing.backendRepeat ?? SeatKeyboard.defaultRepeat
        seat?.keyboard.setRepeat(rate: config.keyRepeat.rate ?? fallback.rate, delay: config.keyRepeat.delay ?? fallback.delay)
    }

    /// The config's bindings, each chord's key as xkb names it (checked when the config was read).
    private func bindings() -> [(binding: KeyBinding, action: Action)] {
        if let resolved = routing.keyboard.resolved, resolved.keys == config.keys { return resolved.bindings }
        let keys = config.keys
        var chords: [(KeyChord?, Action)] = [(keys.switchNext, .show(.next)), (keys.switchPrev, .show(.prev)),
                                             (keys.close, .close()), (keys.switchPrevious, .show(.previous)),
                                             (keys.workspaceNext, .workspace(.next)), (keys.workspacePrev, .workspace(.prev)),
                                             (keys.minimize, .minimize(nil)), (keys.restore, .restore(nil)),
                                             (keys.maximize, .restate(.maximized, on: nil)), (keys.fullscreen, .restate(.fullscreen, on: nil))]
        for number in KeyBindings.numberedWorkspaces {
            chords += [(keys.workspace[number - 1], .workspace(.number(number))), (keys.moveToWorkspace[number - 1], .moveToWorkspace(.number(number)))]
        }
        let bindings = chords.compactMap { chord, action in chord.map { (binding: KeyBinding($0), action: action) } }
        routing.keyboard.resolved = (config.keys, bindings)
        return bindings
    }
}
