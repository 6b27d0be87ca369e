import CSegue
import Foundation

/// A failed call: the status the C API returns and the message
/// `segue_last_error` gives.
struct LibraryError: Error {
    let status: segue_status
    let message: String

    /// `message` as the one line segue.h promises: lines it has (a config's
    /// problems, a compiler's messages) follow one another after "; ".
    init(_ status: segue_status, _ message: String) {
        self.status = status
        self.message = message.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "; ")
    }

    static func invalid(_ message: String) -> LibraryError { LibraryError(SEGUE_ERROR_INVALID_ARGUMENT, message) }
    static func state(_ message: String) -> LibraryError { LibraryError(SEGUE_ERROR_STATE, message) }
}

/// The last error's message, per thread, as a C string that lives until the next error.
enum LastError {
    private static let key = "segue.last-error"

    static var message: UnsafePointer<CChar> {
        (Thread.current.threadDictionary[key] as? CString)?.pointer ?? CString.empty.pointer
    }

    static func set(_ message: String) { Thread.current.threadDictionary[key] = CString(message) }
}

/// Runs one C call: a thrown `LibraryError` becomes its status and the last
/// error; success is `SEGUE_OK`.
func libraryCall(_ body: () throws -> Void) -> segue_status {
    do {
        try body()
        return SEGUE_OK
    } catch let error as LibraryError {
        LastError.set(error.message)
        return error.status
    } catch {
        LastError.set("\(error)")
        return SEGUE_ERROR_INVALID_ARGUMENT
    }
}

/// A C string Segue owns, freed with its holder; never changed once made.
final class CString: @unchecked Sendable {
    static let empty = CString("")
    let pointer: UnsafePointer<CChar>

    init(_ text: String) { pointer = UnsafePointer(strdup(text) ?? strdup("")!) }

    deinit { free(UnsafeMutablePointer(mutating: pointer)) }
}

/// The Swift object behind a C handle; the handle holds one reference.
enum Handle {
    static func make(_ object: AnyObject) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(object).toOpaque()) }

    static func object<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type, named name: String) throws -> T {
        guard let handle else { throw LibraryError.invalid("the \(name) is null") }
        guard let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue() as? T else {
            throw LibraryError.invalid("the \(name) is another kind of handle")
        }
        return object
    }

    static func release(_ handle: OpaquePointer?) {
        guard let handle else { return }
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release()
    }

    /// Hands out a handle to what `make` makes through `out`, checked first: nothing is made for a null one.
    static func give(to out: UnsafeMutablePointer<OpaquePointer?>?, named name: String, _ make: () throws -> AnyObject) throws {
        guard let out else { throw LibraryError.invalid("the \(name)'s out pointer is null") }
        out.pointee = Handle.make(try make())
    }

    /// Writes `value` through `out`, which must not be null.
    static func store<T>(_ value: T, to out: UnsafeMutablePointer<T>?, named name: String) throws {
        guard let out else { throw LibraryError.invalid("\(name) is null") }
        out.pointee = value
    }

    /// The text of a C string argument, which must not be null.
    static func text(_ pointer: UnsafePointer<CChar>?, named name: String) throws -> String {
        guard let pointer else { throw LibraryError.invalid("\(name) is null") }
        return String(cString: pointer)
    }
}
