import SegueEngine

/// What segue-transition-v1's objects need from the shell.
package protocol TransitionProtocolDelegate: AnyObject {
    /// Mapped toplevels in opening order, with the ids clients name them by.
    var openWindows: [(id: Int, toplevel: any Toplevel)] { get }
    var outputSize: (width: Int, height: Int) { get }
    func hasEffect(named name: String) -> Bool
    /// Shows the window with the client's choices; `onComplete` hears once.
    func play(_ request: TransitionRequest, toWindow id: Int, onStart: @escaping (Instant) -> Void,
              onComplete: @escaping (TransitionState, FrameStatistics) -> Void)
    /// Begins a switch to the window whose progress the client drives; a
    /// handle for the steps that follow, nil (with `onComplete` told it was
    /// cancelled) when nothing plays.
    func beginDriven(toWindow id: Int, onStart: @escaping (Instant) -> Void,
                     onComplete: @escaping (TransitionState, FrameStatistics) -> Void) -> AnyObject?
    /// Moves the driven switch `handle` to `progress`; ignored once another took it over.
    func updateDriven(_ handle: AnyObject, progress: Double)
    /// Lets the driven switch go at `velocity` progress per second, or the updates' own speed.
    func endDriven(_ handle: AnyObject, velocity: Double?)
    /// Sends the driven switch back: its client went before letting go.
    func cancelDriven(_ handle: AnyObject)
}
