import Foundation

/// A file or folder Segue could not make or write, in one line: what it was
/// doing, the path, and the reason in plain words ("No such file or
/// directory"), never Foundation's error dump.
package struct FileProblem: Error, CustomStringConvertible {
    package let description: String

    package init(path: String, doing: String, _ error: any Error) {
        description = "\(doing) \(path): \(Self.reason(error))"
    }

    private static func reason(_ error: any Error) -> String {
        // Foundation wraps the system's error: that one says what went wrong.
        let underlying = (error as? CocoaError)?.underlying ?? error
        if let posix = underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let ns = underlying as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedFailureReason ?? ns.localizedDescription
    }
}
