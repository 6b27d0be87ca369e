import Dispatch

extension Renderer {
    /// Seconds `draw` takes, finished on the GPU: the fastest of `runs` runs
    /// but the first (which may still compile or allocate), as a busy machine
    /// only ever slows a draw down. `draw` is given the run's index.
    package func quickestSeconds(runs: Int = 3, _ draw: (Int) throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for run in 0..<runs {
            finish()
            let start = DispatchTime.now().uptimeNanoseconds
            try draw(run)
            finish()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.dropFirst().min() ?? times.first ?? 0
    }

    /// Mid-way progresses to time an effect at, one per run.
    static let timedProgress = [0.5, 0.4, 0.6]
}
