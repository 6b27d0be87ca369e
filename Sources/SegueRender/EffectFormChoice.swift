import Foundation
import SegueEngine

/// Which form of an effect with two is drawn on a target of a given size: the
/// one that drew faster there. Each renderer turns the costs around: on
/// llvmpipe a full-screen shader pass is what costs, so layers of copies and
/// simple quads win; on a GPU a pass costs about a copy, and doom-melt's
/// hundreds of column copies cost more than its one shader pass.
package struct FormChoice: Sendable, Equatable {
    package let form: Renderer.EffectForm
    /// Milliseconds a frame took in each form, mid-way through the effect (the faster of two).
    package let layersMilliseconds: Double
    package let shaderMilliseconds: Double
}

extension Renderer {
    /// The form `effect` is drawn in on a `width`×`height` target: for one with
    /// two forms, whichever drew faster there, both timed the first time this
    /// is asked for that size; the shader for any other.
    package func form(for effect: EffectDescriptor, width: Int, height: Int) -> EffectForm {
        guard hasTwoForms(effect) else { return .shader }
        return (try? formChoice(for: effect, width: width, height: height))?.form ?? .layers
    }

    /// What both forms of `effect` cost on a `width`×`height` target and the
    /// cheaper; nil for an effect with one form. Measured once per size.
    /// Where `formChoices` keeps `effect`'s forms' costs at a size.
    static func formKey(_ effect: EffectDescriptor, width: Int, height: Int) -> String { "\(effect.name) \(width)x\(height)" }

    package func formChoice(for effect: EffectDescriptor, width: Int, height: Int) throws -> FormChoice? {
        guard hasTwoForms(effect) else { return nil }
        let key = Self.formKey(effect, width: width, height: height)
        if let known = formChoices[key] { return known }
        try prepare(effect)
        let from = try Texture(width: width, height: height), to = try Texture(width: width, height: height)
        let target = try RenderTarget(width: width, height: height)
        let settings = EffectSettings(effect)
        func milliseconds(_ form: EffectForm) throws -> Double {
            try quickestSeconds { run in
                try draw(settings, from: from, to: to, progress: Self.timedProgress[run], form: form, into: target)
            } * 1000
        }
        let layers = try milliseconds(.layers), shader = try milliseconds(.shader)
        let choice = FormChoice(form: shader < layers ? .shader : .layers, layersMilliseconds: layers, shaderMilliseconds: shader)
        formChoices[key] = choice
        return choice
    }
}
