/// A KDL 1.0.0 document (https://kdl.dev, the version niri reads): nodes,
/// each with a name, arguments, properties and children, and where each was
/// written, for messages that point into the file.
public struct KDLNode: Sendable, Equatable {
    public var name: String
    /// `(type)` before the name, where given.
    public var type: String?
    public var arguments: [KDLValue]
    /// In file order; a key given twice keeps its last value, as the spec says.
    public var properties: [(key: String, value: KDLValue)]
    public var children: [KDLNode]
    public var line: Int
    public var column: Int

    public init(name: String, type: String? = nil, arguments: [KDLValue] = [], properties: [(key: String, value: KDLValue)] = [],
                children: [KDLNode] = [], line: Int = 1, column: Int = 1) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.properties = properties
        self.children = children
        self.line = line
        self.column = column
    }

    /// The value of property `key`: its last, where it is given more than once.
    public func property(_ key: String) -> KDLValue? { properties.last { $0.key == key }?.value }

    public static func == (a: KDLNode, b: KDLNode) -> Bool {
        a.name == b.name && a.type == b.type && a.arguments == b.arguments && a.children == b.children
            && a.properties.map(\.key) == b.properties.map(\.key) && a.properties.map(\.value) == b.properties.map(\.value)
    }
}

/// A KDL value, with the `(type)` written before it where there is one.
public struct KDLValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case string(String)
        /// A number written without a fraction or exponent (decimal, 0x, 0o or 0b).
        case integer(Int)
        case decimal(Double)
        case bool(Bool)
        case null
    }

    public var content: Content
    public var type: String?

    public init(_ content: Content, type: String? = nil) {
        self.content = content
        self.type = type
    }

    /// The number it holds, an integer's too.
    public var number: Double? {
        switch content {
        case .integer(let n): Double(n)
        case .decimal(let x): x
        default: nil
        }
    }

    public var string: String? { if case .string(let s) = content { s } else { nil } }
}

/// Where a file is not KDL, and why.
public struct KDLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

public enum KDLDocument {
    /// The document's top-level nodes, slashdashed ones left out.
    public static func parse(_ text: String) throws(KDLError) -> [KDLNode] {
        var parser = KDLParser(text)
        return try parser.document()
    }
}
