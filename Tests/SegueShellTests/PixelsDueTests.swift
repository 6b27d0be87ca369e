import CWaylandServer
import SegueEngine
@testable import SegueShell
import SegueWayland
import XCTest

/// When the pixels of windows on screen are taken: once per turn of the real
/// event loop whatever the commits, never when a copy would make the next
/// transition frame late, and then in the gap after that frame.
final class PixelsDueTests: XCTestCase {
    private final class W {
        var alive = true
        var bytes = 0
        var newPixels = true
        var takes = 0
    }

    private final class Taker: PixelTaking {
        var uploads = UploadSchedule()
        func isAlive(_ window: W) -> Bool { window.alive }
        func bytesToTake(of window: W) -> Int { window.bytes }
        func takePixels(of window: W) -> Bool {
            window.takes += 1
            return window.newPixels
        }
    }

    private var loop: OpaquePointer!
    private let taker = Taker()
    /// Seconds before the next transition frame must start, as the output would say.
    private var secondsLeft: Double?
    private var taken: [W] = []
    private var due: PixelsDue<Taker>!

    override func setUp() {
        loop = wl_event_loop_create()
        due = PixelsDue(loop: WaylandEventLoop(loop), taker: taker, secondsLeft: { [unowned self] in secondsLeft },
                        taken: { [unowned self] in taken.append($0) })
        // Copies here cost a millisecond a megabyte.
        taker.uploads.record(bytes: 1 << 20, seconds: 0.001)
    }

    override func tearDown() {
        due = nil
        wl_event_loop_destroy(loop)
    }

    /// One turn of the loop with nothing else to do.
    private func idle() { wl_event_loop_dispatch_idle(loop) }

    func testManyCommitsInOneTurnTakeThePixelsOnceWhenTheLoopIsIdle() {
        let window = W()
        due.add(window)
        due.add(window)
        due.add(window)
        XCTAssertEqual(window.takes, 0, "not while the loop has clients to hear")
        idle()
        XCTAssertEqual(window.takes, 1)
        XCTAssertTrue(taken.first === window)
        idle()
        XCTAssertEqual(window.takes, 1, "nothing new came")
    }

    func testACopyThatWouldMakeTheNextFrameLateWaitsForTheGapAfterIt() {
        let window = W()
        window.bytes = 8 << 20
        secondsLeft = 0.004
        due.add(window)
        idle()
        XCTAssertEqual(window.takes, 0, "8 ms of copying with 4 ms left")
        secondsLeft = 0.015
        due.frameDrawn()
        idle()
        XCTAssertEqual(window.takes, 1, "taken in the gap after the frame")
    }

    func testSmallerCopiesThatFitGoAheadMeanwhile() {
        let large = W(), small = W()
        large.bytes = 8 << 20
        small.bytes = 1 << 20
        secondsLeft = 0.004
        due.add(large)
        due.add(small)
        idle()
        XCTAssertEqual(large.takes, 0)
        XCTAssertEqual(small.takes, 1)
        secondsLeft = nil
        due.frameDrawn()
        idle()
        XCTAssertEqual(large.takes, 1, "no frame due: it goes")
        XCTAssertEqual(small.takes, 1)
    }

    func testWithNoFrameDueEveryCopyGoes() {
        let window = W()
        window.bytes = 64 << 20
        due.add(window)
        idle()
        XCTAssertEqual(window.takes, 1)
    }

    func testAWindowWhoseClientWentIsNotTaken() {
        let window = W()
        due.add(window)
        window.alive = false
        idle()
        XCTAssertEqual(window.takes, 0)
        XCTAssertTrue(taken.isEmpty)
    }

    func testOnlyWindowsThatHadNewPixelsAreReported() {
        let fresh = W(), same = W()
        same.newPixels = false
        due.add(fresh)
        due.add(same)
        idle()
        XCTAssertEqual(same.takes, 1)
        XCTAssertEqual(taken.map(ObjectIdentifier.init), [ObjectIdentifier(fresh)])
    }
}
