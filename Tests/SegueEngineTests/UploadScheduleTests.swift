import SegueEngine
import XCTest

final class UploadScheduleTests: XCTestCase {
    private let mebibyte = 1 << 20

    func testCopiesGoAheadUntilOneWasMeasured() {
        let schedule = UploadSchedule()
        XCTAssertNil(schedule.predictedSeconds(bytes: mebibyte))
        XCTAssertTrue(schedule.fits(bytes: 100 * mebibyte, secondsLeft: 0.001))
    }

    func testACopyIsPredictedFromTheMedianCostPerByte() {
        var schedule = UploadSchedule()
        schedule.record(bytes: mebibyte, seconds: 0.001)
        schedule.record(bytes: 2 * mebibyte, seconds: 0.002)
        // One copy held up by something else does not move the prediction.
        schedule.record(bytes: mebibyte, seconds: 0.050)
        XCTAssertEqual(schedule.predictedSeconds(bytes: 8 * mebibyte)!, 0.008, accuracy: 1e-9)
    }

    func testSmallCopiesTeachNothingAboutBandwidth() {
        var schedule = UploadSchedule()
        schedule.record(bytes: 4096, seconds: 0.001)
        XCTAssertNil(schedule.predictedSeconds(bytes: mebibyte))
    }

    func testOnlyTheRecentCopiesCount() {
        var schedule = UploadSchedule()
        for _ in 0..<20 { schedule.record(bytes: mebibyte, seconds: 0.010) }
        for _ in 0..<15 { schedule.record(bytes: mebibyte, seconds: 0.001) }
        XCTAssertEqual(schedule.predictedSeconds(bytes: mebibyte)!, 0.001, accuracy: 1e-9)
    }

    func testACopyFitsOnlyWhereItEndsBeforeTheNextFrameStarts() {
        var schedule = UploadSchedule()
        schedule.record(bytes: mebibyte, seconds: 0.002)
        XCTAssertTrue(schedule.fits(bytes: 2 * mebibyte, secondsLeft: 0.0041))
        XCTAssertFalse(schedule.fits(bytes: 2 * mebibyte, secondsLeft: 0.0039))
        XCTAssertFalse(schedule.fits(bytes: mebibyte, secondsLeft: -0.001), "the frame is already due")
        XCTAssertTrue(schedule.fits(bytes: 100 * mebibyte, secondsLeft: nil), "no frame waits")
        XCTAssertTrue(schedule.fits(bytes: 0, secondsLeft: -1), "nothing to copy")
    }
}
