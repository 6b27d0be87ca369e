import CGLES

/// A linked GLES program. Compile and link failures throw one message per
/// problem, pointing at the source file and line.
final class ShaderProgram {
    let id: GLuint

    /// `name` says what the program is for in messages, e.g. "effect 'slide'".
    init(name: String, vertex: ShaderAssembly, fragment: ShaderAssembly, fragmentPath: String) throws {
        let vs = try Self.compile(GLenum(GL_VERTEX_SHADER), vertex, name: name, path: "<segue vertex stage>")
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(GLenum(GL_FRAGMENT_SHADER), fragment, name: name, path: fragmentPath)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glBindAttribLocation(program, 0, "seguePosition")
        glBindAttribLocation(program, 1, "segueTexCoord")
        glLinkProgram(program)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = Self.infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw RenderError("\(name) does not link:", located: fragment.mapLog(log, fallbackPath: fragmentPath))
        }
        id = program
    }

    deinit { glDeleteProgram(id) }

    func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    private static func compile(_ stage: GLenum, _ source: ShaderAssembly, name: String, path: String) throws -> GLuint {
        let shader = glCreateShader(stage)
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, glGetShaderiv, glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RenderError("\(name) does not compile:", located: source.mapLog(log, fallbackPath: path))
        }
        return shader
    }

    private static func infoLog(_ object: GLuint,
                                _ query: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                                _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var length: GLint = 0
        query(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        read(object, GLsizei(length), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
