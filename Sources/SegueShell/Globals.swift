import SegueBackend
import SegueWayland

/// The Wayland globals Segue offers, made together as the compositor starts
/// and gone together, before the display, as it stops.
final class Globals {
    let compositor: CompositorGlobal
    let subcompositor: Subcompositor
    let wmBase: XdgWmBase
    let decorations: XdgDecorationManager
    let seat: Seat
    let pointerGestures: PointerGestures
    let output: OutputGlobal
    let xdgOutputs: XdgOutputManager
    let fractionalScale: FractionalScaleManager
    let presentation: Presentation
    let viewporter: Viewporter
    let dataDevices: SelectionManager
    let primarySelection: SelectionManager
    let activation: XdgActivation
    /// Offered only where the renderer imports dmabufs.
    let linuxDmabuf: LinuxDmabuf?
    /// Who may use the globals that read or drive other clients.
    let privileges: Privileges
    let transitionManager: SegueTransitionManager
    /// Screen capture, privileged, and what fills its frames.
    let screencopy: ScreencopyManager
    let screenCapture: ScreenCapture
    let dataControl: DataControlManager
    let extDataControl: DataControlManager
    let foreignToplevels: ForeignToplevelManager
    let toplevelList: ToplevelListGlobal
    let workspaces: WorkspaceManager
    let virtualKeyboards: VirtualKeyboardManager
    let singlePixelBuffers: SinglePixelBufferManager
    let layerShell: LayerShell
    let cursorShapes: CursorShapeManager
    /// ext-image-copy-capture, privileged, with its sources.
    let captureSources: ImageCaptureSourceManagers
    let imageCopy: ImageCopyCaptureManager

    /// On `display`, with `shell` (and its owners) as the delegate of the surfaces, windows,
    /// activations and transition requests they bring, `keymap` for the
    /// keyboard, `backend`'s output at `scale` and `refreshRate` Hz, and the
    /// dmabufs of `dmabufOffer`, which `imports` checks one by one.
    init(display: OpaquePointer, shell: Compositor, keymap: Keymap?, backend: Backend, scale: Int, refreshRate: Double,
         dmabufOffer: DmabufOffer, imports: @escaping (DmabufAttributes) -> Bool) throws {
        compositor = CompositorGlobal(display: display) { [unowned shell] surface in surface.delegate = shell.windows }
        subcompositor = Subcompositor(display: display)
        wmBase = XdgWmBase(display: display, toleratesBufferBeforeConfigure: shell.options.toleratesBufferBeforeConfigure)
        wmBase.toplevelDelegate = shell.windows
        wmBase.popupDelegate = shell.windows
        decorations = XdgDecorationManager(display: display)
        seat = try Seat(display: display, keymap: keymap)
        pointerGestures = PointerGestures(display: display, seat: seat)
        output = OutputGlobal(display: display, name: backend.outputName, description: backend.outputDescription,
                              width: Int32(backend.width), height: Int32(backend.height), scale: Int32(scale),
                              refreshMilliHz: Int32((refreshRate * 1000).rounded()))
        xdgOutputs = XdgOutputManager(display: display)
        fractionalScale = FractionalScaleManager(display: display, scale: scale)
        presentation = Presentation(display: display)
        viewporter = Viewporter(display: display)
        dataDevices = .dataDevices(display: display)
        primarySelection = .primarySelection(display: display)
        activation = XdgActivation(display: display)
        activation.delegate = shell.windows
        linuxDmabuf = try dmabufOffer.isEmpty ? nil : LinuxDmabuf(display: display, offer: dmabufOffer, imports: imports)
        privileges = Privileges(display: display, executables: shell.options.trustedExecutables) { [unowned shell] in
            switch shell.config.privileged {
            case .all: .everyone
            case .executables(let paths): .executables(paths)
            }
        }
        transitionManager = SegueTransitionManager(display: display, delegate: shell.control, activation: activation, privileges: privileges)
        screenCapture = ScreenCapture(output: shell.output)
        screencopy = ScreencopyManager(display: display, privileges: privileges, delegate: screenCapture)
        captureSources = ImageCaptureSourceManagers(display: display, privileges: privileges)
        imageCopy = ImageCopyCaptureManager(display: display, privileges: privileges, delegate: screenCapture)
        screenCapture.changeWatchers = [screencopy, imageCopy]
        screenCapture.window = { [unowned shell] id in shell.allWindows.first { $0.id == id } }
        screenCapture.pointer = { [unowned shell] in shell.input.pointerPicture() }
        shell.output.sendFrames(to: screenCapture)
        dataControl = DataControlManager(display: display, privileges: privileges)
        extDataControl = DataControlManager(display: display, privileges: privileges, ext: true)
        foreignToplevels = ForeignToplevelManager(display: display, privileges: privileges, output: output, delegate: shell.windows)
        toplevelList = ToplevelListGlobal(display: display, privileges: privileges) { [unowned shell] in shell.windows.openWindows }
        workspaces = WorkspaceManager(display: display, privileges: privileges, output: output, delegate: shell.windows)
        virtualKeyboards = VirtualKeyboardManager(display: display, privileges: privileges, delegate: shell.input)
        singlePixelBuffers = SinglePixelBufferManager(display: display)
        cursorShapes = CursorShapeManager(display: display)
        layerShell = LayerShell(display: display, delegate: shell.desktop, toleratesBufferBeforeConfigure: shell.options.toleratesBufferBeforeConfigure)
    }
}

extension Globals {
    /// A window opened, or its title or app id changed: the lists of windows hear it.
    func windowChanged(id: Int, _ toplevel: any Toplevel) {
        transitionManager.windowChanged(id: id, toplevel)
        foreignToplevels.windowChanged(id: id, toplevel)
        toplevelList.windowChanged(id: id, toplevel)
        workspaces.update()
    }

    func windowClosed(id: Int) {
        transitionManager.windowClosed(id: id)
        foreignToplevels.windowClosed(id: id)
        toplevelList.windowClosed(id: id)
        imageCopy.windowClosed(id: id)
    }
}
