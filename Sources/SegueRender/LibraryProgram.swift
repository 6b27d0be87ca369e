import SegueShaders

extension ShaderProgram {
    /// One of Segue's own programs, from its GLSL ES 3.00 files in Shaders/lib.
    static func library(_ name: String, vertex: String, fragment: String) throws -> ShaderProgram {
        var vertexText = ShaderAssembly()
        vertexText.append("#version 300 es")
        vertexText.append(try libraryFile(vertex), path: ShaderFiles.libraryPath(vertex))
        var fragmentText = ShaderAssembly()
        fragmentText.append("#version 300 es")
        fragmentText.append(try libraryFile(fragment), path: ShaderFiles.libraryPath(fragment))
        return try ShaderProgram(name: name, vertex: vertexText, fragment: fragmentText,
                                 fragmentPath: ShaderFiles.libraryPath(fragment))
    }

    static func libraryFile(_ name: String) throws -> String {
        guard let text = ShaderFiles.library(name) else {
            throw RenderError("Segue's shader file \(ShaderFiles.libraryPath(name)) is missing; reinstall Segue")
        }
        return text
    }
}
