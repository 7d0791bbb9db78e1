// Progress lines of `layout-bench run`, with a heartbeat: a long phase (the bandwidth loops,
// building, checking or warming up a 4M batch, its repetitions) never leaves the terminal
// silent for more than a few seconds, and a short one adds nothing.

import Dispatch
import Foundation

/// Prints progress lines through `log`; while a phase is under way (`phase(_:)`), a timer
/// prints that phase with the seconds since the start whenever nothing was printed for
/// `interval` seconds. Every line is printed under one lock, from the caller's thread or the
/// timer's.
public final class ProgressLog: @unchecked Sendable {
    let log: (String) -> Void
    let interval: Double
    let started = BenchClock.now()
    let lock = NSLock()
    var last = BenchClock.now()
    var current: String?
    var timer: DispatchSourceTimer?

    public init(interval: Double = 5, log: @escaping (String) -> Void) {
        (self.interval, self.log) = (interval, log)
    }

    /// Whole seconds since this log was made.
    public var elapsedSeconds: Int { Int(Double(BenchClock.now() - started) / 1e9) }

    /// Prints `line` now.
    public func line(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        log(line)
        last = BenchClock.now()
    }

    /// What is under way from now on (`nil`: nothing the heartbeat should name). Prints
    /// nothing itself.
    public func phase(_ text: String?) {
        lock.lock()
        current = text
        lock.unlock()
    }

    /// Starts the heartbeat (checked twice a second).
    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { [self] in beat() }
        lock.lock()
        self.timer = timer
        lock.unlock()
        timer.resume()
    }

    /// Stops the heartbeat: no line is printed from the timer after this returns.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        current = nil
    }

    func beat() {
        lock.lock()
        defer { lock.unlock() }
        guard timer != nil, let current, Double(BenchClock.now() - last) / 1e9 >= interval else { return }
        log("\(current) (\(elapsedSeconds) s)")
        last = BenchClock.now()
    }
}
