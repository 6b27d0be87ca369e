import CGLES
import CSegue
import Foundation
import SegueConfig
import SegueEngine
import SegueRender
import SegueShaders

/// What a `segue_context` is: a renderer on the embedder's EGL context, the
/// effects known, and the config that chooses among them.
final class LibraryContext {
    let renderer: Renderer
    let thread = pthread_self()
    /// The built-ins and the effects registered through the API.
    private var registered: EffectRegistry
    /// What a registered effect plays with where no config sets it (a Burn-My-Windows effect's facts).
    private var registeredDefaults: [String: PartialChoice] = [:]
    private(set) var config: SegueConfig
    private var random = SystemRandomNumberGenerator()
    /// Names and parameter texts handed out as C strings, kept for the context's life.
    private var strings: [String: CString] = [:]

    init() throws {
        let context: GLContext
        do {
            context = try GLContext(current: ())
        } catch {
            throw LibraryError(SEGUE_ERROR_NO_CONTEXT, "\(error)")
        }
        guard ShaderFiles.folder != nil else {
            throw LibraryError(SEGUE_ERROR_IO, "Segue's shaders (\(ShaderFiles.bundleName)) are not beside libsegue, nor in segue/ there: reinstall Segue")
        }
        renderer = HostGLState.around { Renderer(context: context) }
        do {
            registered = try EffectRegistry.builtin()
        } catch {
            throw LibraryError(SEGUE_ERROR_IO, "Segue's built-in effects do not load: \(error)")
        }
        config = .defaults(registry: registered)
    }

    /// Checks the call may use GL: from the context's thread, its EGL context current.
    func enter() throws {
        guard pthread_equal(pthread_self(), thread) != 0 else {
            throw LibraryError(SEGUE_ERROR_NO_CONTEXT, "called from another thread than the one that made the context")
        }
        guard renderer.context.isCurrent else {
            throw LibraryError(SEGUE_ERROR_NO_CONTEXT, "the context's EGL context is not current")
        }
    }

    /// A C string for `text` that lives as long as the context.
    func string(_ text: String) -> UnsafePointer<CChar> {
        if let known = strings[text] { return known.pointer }
        let made = CString(text)
        strings[text] = made
        return made.pointer
    }

    var effects: EffectRegistry { config.effects }

    func effect(named name: String) throws -> EffectDescriptor {
        guard let effect = effects[name] else { throw LibraryError(SEGUE_ERROR_NOT_FOUND, "no effect named '\(name)'") }
        return effect
    }

    /// Compiles `effect` and registers it, for the config loaded and any
    /// loaded later, with `defaults` under what a config sets for it.
    func register(_ effect: EffectDescriptor, defaults: PartialChoice? = nil) throws {
        let problems = HostGLState.around { renderer.problems(compiling: effect) }
        guard problems.isEmpty else { throw LibraryError(SEGUE_ERROR_SHADER, problems.joined(separator: "; ")) }
        registered.register(effect)
        config.effects.register(effect)
        registeredDefaults[effect.name] = defaults
        if let defaults, config.effectDefaults[effect.name] == nil { config.effectDefaults[effect.name] = defaults }
    }

    /// Reads the config at `path`; on any problem the last good one stays.
    /// A file that cannot be read is an I/O error, as for a shader file.
    func loadConfig(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else { throw LibraryError(SEGUE_ERROR_IO, "\(path) cannot be read") }
        let result = HostGLState.around { ConfigLoader.load(path: path, builtins: registered) { renderer.problems(compiling: $0) } }
        switch result {
        case .success(let loaded):
            config = loaded
            for (name, defaults) in registeredDefaults where config.effectDefaults[name] == nil { config.effectDefaults[name] = defaults }
        case .failure(let errors): throw LibraryError(SEGUE_ERROR_CONFIG, "\(errors)")
        }
    }

    func choose(_ event: TransitionEvent, from: WindowInfo?, to: WindowInfo?) -> Resolution {
        config.resolve(event: event, from: from, to: to, random: &random)
    }
}

@_cdecl("segue_last_error")
public func segue_last_error() -> UnsafePointer<CChar> { LastError.message }

@_cdecl("segue_version")
public func segue_version() -> UnsafePointer<CChar> { version.pointer }

private let version = CString(SegueVersion.text)

@_cdecl("segue_context_new")
public func segue_context_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> segue_status {
    libraryCall { try Handle.give(to: out, named: "context") { try LibraryContext() } }
}

@_cdecl("segue_context_free")
public func segue_context_free(_ context: OpaquePointer?) {
    // GL objects are freed in the current context: in another, they would be the embedder's. Kept rather than that.
    guard (try? Handle.object(context, as: LibraryContext.self, named: "context").enter()) != nil else { return }
    Handle.release(context)
}

/// Runs `body` on a context handle, once the call may use GL.
func withContext(_ handle: OpaquePointer?, _ body: (LibraryContext) throws -> Void) -> segue_status {
    libraryCall {
        let context = try Handle.object(handle, as: LibraryContext.self, named: "context")
        try context.enter()
        try body(context)
    }
}
