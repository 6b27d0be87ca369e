import SegueIPC

/// `segue msg spawn`: programs Segue starts itself are clients it trusts.
extension Compositor {
    func spawn(_ argv: [String], reply: (IPCReply) -> Void) {
        guard let spawner else { return reply(.failure("the compositor is stopping")) }
        do {
            let (client, pid) = try spawner.spawn(argv)
            transitionManager?.trust(spawned: client)
            log.info("spawned \(argv[0]) as pid \(pid)")
            reply(.success(["pid": .number(Double(pid))]))
        } catch {
            reply(.failure("\(error)"))
        }
    }
}
