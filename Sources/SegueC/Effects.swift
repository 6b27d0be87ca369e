import CSegue
import Foundation
import SegueConfig
import SegueEngine

// The registry and the config through the C API: see include/segue/segue.h.

@_cdecl("segue_effect_count")
public func segue_effect_count(_ context: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> segue_status {
    withContext(context) { context in try Handle.store(context.effects.names.count, to: count, named: "count") }
}

@_cdecl("segue_effect_name")
public func segue_effect_name(_ context: OpaquePointer?, _ index: Int, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> segue_status {
    withContext(context) { context in
        let names = context.effects.names
        guard names.indices.contains(index) else { throw LibraryError.invalid("effect index \(index) is not below \(names.count)") }
        try Handle.store(context.string(names[index]), to: name, named: "name")
    }
}

@_cdecl("segue_effect_load_shader")
public func segue_effect_load_shader(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                     _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> segue_status {
    withContext(context) { context in
        let path = try Handle.text(path, named: "path")
        guard FileManager.default.isReadableFile(atPath: path) else { throw LibraryError(SEGUE_ERROR_IO, "\(path) cannot be read") }
        var effect: EffectDescriptor
        do {
            let source = try ShaderSource.load(path: path)
            effect = try EffectDescriptor(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, source: source,
                                          origin: .userShader)
        } catch {
            throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
        }
        // A Burn-My-Windows file plays with its table's facts, as in a config (its images there, from a checkout).
        var defaults: PartialChoice?
        if effect.source.interface == .burnMyWindows {
            let facts = BurnMyWindowsFacts(&effect, own: PartialChoice(), checkout: nil, table: "segue_choice_set_parameter")
            defaults = facts.defaults
        }
        try context.register(effect, defaults: defaults)
        if let name { name.pointee = context.string(effect.name) }
    }
}

@_cdecl("segue_effect_register_shader")
public func segue_effect_register_shader(_ context: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ glsl: UnsafePointer<CChar>?) -> segue_status {
    withContext(context) { context in
        let name = try Handle.text(name, named: "name"), glsl = try Handle.text(glsl, named: "glsl")
        guard !name.isEmpty else { throw LibraryError.invalid("an effect's name is empty") }
        let effect: EffectDescriptor
        do {
            effect = try EffectDescriptor(name: name, source: ShaderSource.parse(glsl, path: "<\(name)>"), origin: .swift)
        } catch {
            throw LibraryError(SEGUE_ERROR_SHADER, "\(error)")
        }
        try context.register(effect)
    }
}

@_cdecl("segue_effect_parameter_count")
public func segue_effect_parameter_count(_ context: OpaquePointer?, _ effect: UnsafePointer<CChar>?,
                                         _ count: UnsafeMutablePointer<Int>?) -> segue_status {
    withContext(context) { context in
        let effect = try context.effect(named: try Handle.text(effect, named: "effect"))
        try Handle.store(effect.parameters.count, to: count, named: "count")
    }
}

@_cdecl("segue_effect_parameter")
public func segue_effect_parameter(_ context: OpaquePointer?, _ effect: UnsafePointer<CChar>?, _ index: Int,
                                   _ out: UnsafeMutablePointer<segue_parameter>?) -> segue_status {
    withContext(context) { context in
        let effect = try context.effect(named: try Handle.text(effect, named: "effect"))
        guard effect.parameters.indices.contains(index) else {
            throw LibraryError.invalid("'\(effect.name)' has \(effect.parameters.count) parameters: index \(index) is not one")
        }
        let spec = effect.parameters[index]
        // What a choice of the effect starts with: the loaded config's [effects.NAME] value, else the shader's own.
        let start = context.config.settings(effect: effect.name)?.value(spec.name) ?? spec.defaultValue
        try Handle.store(segue_parameter(name: context.string(spec.name), type: context.string(spec.type.rawValue),
                                         default_value: context.string(start.description),
                                         summary: context.string(spec.summary)), to: out, named: "out")
    }
}

@_cdecl("segue_config_load")
public func segue_config_load(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> segue_status {
    withContext(context) { context in try context.loadConfig(path: try Handle.text(path, named: "path")) }
}
