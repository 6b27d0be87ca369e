/// libwayland-client keeps the address of a proxy's listener table for as long as
/// the proxy lives, so each table is placed once, for the life of the process.
func listenerTable<Table>(_ table: Table) -> UnsafeMutablePointer<Table> {
    let pointer = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    pointer.initialize(to: table)
    return pointer
}

/// The object a listener was added with. Its owner keeps it alive, and destroys
/// the proxy before it goes, so no event finds it gone.
func listenerOwner<Owner: AnyObject>(_ data: UnsafeMutableRawPointer?) -> Owner? {
    data.map { Unmanaged<Owner>.fromOpaque($0).takeUnretainedValue() }
}

/// The data pointer to add `owner`'s listeners with.
func listenerData(_ owner: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(owner).toOpaque()
}
