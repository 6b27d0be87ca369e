import SegueEngine

/// Layer surfaces coming on screen and going (or windows changing their
/// rectangle: any `Motion`), each on its own clock beside every other animation: its clock starts with the first frame drawn of it,
/// its progress is taken at each frame's presentation time, and it completes
/// once, when its first frame drawn at the end is presented. One started for
/// a surface that has one running replaces it from where it shows, and that
/// one completes as interrupted.
package struct SurfaceAnimations<Surface: AnyObject, Motion, Picture> {
    package struct Running {
        /// Counted from 1 as they start, for the frames recorded of it.
        package let id: Int
        package let surface: Surface
        package let motion: Motion
        /// Coming on screen, or going.
        package let coming: Bool
        package let duration: Double
        package let curve: TimingCurve
        /// A going surface's last picture, drawn in its place.
        package let picture: Picture?
        /// How much on screen it was when it started.
        let from: Double
        var start: Instant?
        /// The part of its duration the last frame drawn showed.
        var fraction = 0.0
        var drawnSincePresented = false
        var frames = 0
        var firstPresented: Instant?
        var lastPresented: Instant?
        var refreshInterval = 0.0

        /// How much on screen it is as last drawn.
        package var shown: Double {
            let target = coming ? 1.0 : 0.0
            return from + (target - from) * curve.progress(atFraction: fraction)
        }
    }

    /// One that ended: how, and its frames.
    package struct Completed {
        package let surface: Surface
        package let motion: Motion
        package let coming: Bool
        package let duration: Double
        package let interrupted: Bool
        package let frames: Int
        /// From its first frame's presentation to its last's (0 with one or none).
        package let span: Double
        /// Refreshes within that span that presented none of its frames.
        package let missedRefreshes: Int
    }

    package private(set) var running: [Running] = []
    private var started = 0

    package init() {}

    package var isAnimating: Bool { !running.isEmpty }

    /// `surface` starts coming on screen (or going, drawn as `picture`) with
    /// `motion` over `duration` seconds along `curve`, from `shown` of the way
    /// on screen (where one of it running shows, else off or on). One of it
    /// running is replaced, and returned as interrupted.
    package mutating func start(_ surface: Surface, motion: Motion, coming: Bool, duration: Double, curve: TimingCurve,
                                picture: Picture? = nil, from shown: Double? = nil) -> Completed? {
        let replaced = running.firstIndex { $0.surface === surface }.map { running.remove(at: $0) }
        let from = shown ?? replaced?.shown ?? (coming ? 0 : 1)
        started += 1
        running.append(Running(id: started, surface: surface, motion: motion, coming: coming, duration: max(duration, 0), curve: curve,
                               picture: picture, from: from))
        return replaced.map { Self.completed($0, interrupted: true) }
    }

    /// Ends `surface`'s animation at once, as interrupted (its surface went for good).
    package mutating func stop(_ surface: Surface) -> Completed? {
        running.firstIndex { $0.surface === surface }.map { Self.completed(running.remove(at: $0), interrupted: true) }
    }

    /// The frame to be presented at `predicted` is being drawn: each clock
    /// moves on to that time. A clock starts a refresh before its first
    /// frame, as a transition's does, so that frame already moves and the
    /// last lands on the end: duration × refresh rate frames.
    package mutating func frame(at predicted: Instant, refreshInterval: Double) {
        for index in running.indices {
            let start = running[index].start ?? predicted + -refreshInterval
            running[index].start = start
            let duration = running[index].duration
            running[index].fraction = duration > 0 ? min(1, max(0, predicted.seconds(since: start) / duration)) : 1
            running[index].drawnSincePresented = true
            running[index].refreshInterval = refreshInterval
        }
    }

    /// `surface`'s running animation, as the last frame drew it.
    package func animation(of surface: Surface) -> Running? { running.first { $0.surface === surface } }

    /// The frame drawn last was presented at `time`: those it drew at their end complete.
    package mutating func presented(at time: Instant) -> [Completed] {
        var done: [Completed] = []
        running = running.compactMap { animation in
            guard animation.drawnSincePresented else { return animation }
            var animation = animation
            animation.drawnSincePresented = false
            animation.frames += 1
            animation.firstPresented = animation.firstPresented ?? time
            animation.lastPresented = time
            guard animation.fraction >= 1 else { return animation }
            done.append(Self.completed(animation, interrupted: false))
            return nil
        }
        return done
    }

    private static func completed(_ animation: Running, interrupted: Bool) -> Completed {
        let span = animation.firstPresented.flatMap { first in animation.lastPresented.map { $0.seconds(since: first) } } ?? 0
        let refreshes = animation.refreshInterval > 0 ? Int((span / animation.refreshInterval).rounded()) + 1 : animation.frames
        return Completed(surface: animation.surface, motion: animation.motion, coming: animation.coming, duration: animation.duration,
                         interrupted: interrupted,
                         frames: animation.frames, span: span, missedRefreshes: max(0, refreshes - animation.frames))
    }
}
