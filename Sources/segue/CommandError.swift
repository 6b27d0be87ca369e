/// A mistake in what the user asked for, reported as one line without the
/// usage text ArgumentParser prints for malformed arguments.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
