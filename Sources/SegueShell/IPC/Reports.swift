import SegueEngine
import SegueIPC

/// What scripts hear of through the control socket, kept between events:
/// completed transitions (oldest first, the last 256, for `segue msg
/// transitions`), the window and workspace `segue msg events` last heard were shown, and
/// `segue msg close --wait` requests (the window each waits on, and the
/// transition away from it once one finished).
struct Reports {
    var history: [(event: TransitionEvent, reason: String, completion: TransitionCompletion)] = []
    var announcedShown: Int?
    var announcedWorkspace = 1
    var closeWaiters: [(window: Int, reply: (IPCReply) -> Void, transition: [String: JSONValue]?)] = []
}
