import CWaylandClient
import SegueImaging
import SegueIPC
@testable import SegueShell
import XCTest

/// `segue msg maximize` and `fullscreen`, and Super+Up and Super+F: the shown
/// window is asked into the state as a taskbar would ask, moves there with
/// [transitions.resize] once its client draws for it, and a waiting caller
/// hears how that went. Frames carry markers at the pictures' top left.
extension ResizeMotionTests {
    /// The client draws `image` for the configure the request got it.
    private func answer(_ toplevel: RawToplevel, drawing image: RGBAImage) throws {
        XCTAssertTrue(client.roundtrip())
        client.ackConfigure(toplevel, serial: try XCTUnwrap(toplevel.lastConfigureSerial))
        try client.show(image, on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
    }

    func testMsgMaximizeWithWaitRepliesOnceTheResizeToTheNewBufferEnds() throws {
        try start()
        let toplevel = try placedRed()
        var reply: IPCReply?
        server.compositor.control.answer(.setState(.maximized, wait: true)) { reply = $0 }
        XCTAssertNil(reply, "it waits for the client to draw and the motion to end")
        try answer(toplevel, drawing: marked(width: 96, height: 54, fill: green, marker: blue, side: 6))
        XCTAssertEqual(toplevel.lastSize.map { [$0.width, $0.height] }, [96, 54], "configured to the usable area")
        XCTAssertNil(reply)
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6, "100 ms at 60 Hz")
        XCTAssertEqual(frames.last?[2, 2], blue, "the new buffer's marker at the output's top left")
        XCTAssertEqual(frames.last?[93, 51], green)
        XCTAssertLessThan(frames.first.flatMap { span($0, row: 28)?.left } ?? 0, 20, "the first frame moves out from where it was")
        let payload = try XCTUnwrap(reply?.payload, "replied once the resize ended")
        XCTAssertEqual(reply?.ok, true)
        XCTAssertEqual(payload["maximized"], .bool(true))
        XCTAssertEqual(payload["kind"], "maximize")
        XCTAssertEqual(payload["outcome"], "completed")
        XCTAssertEqual(payload["frames"], .number(6))
    }

    func testMsgMaximizeTogglesBackToThePlaceAndAnAskedStateIsNotAskedTwice() throws {
        try start()
        let toplevel = try placedRed()
        XCTAssertEqual(server.answer(.setState(.maximized, on: true))?.payload["changed"], .bool(true))
        try answer(toplevel, drawing: RGBAImage(width: 96, height: 54, fill: green))
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.answer(.setState(.maximized, on: true))?.payload["changed"], .bool(false), "maximized already")
        let toggled = server.answer(.setState(.maximized))
        XCTAssertEqual(toggled?.payload["maximized"], .bool(false), "toggled off")
        try answer(toplevel, drawing: marked(width: 32, height: 18, fill: red, marker: white, side: 4))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6)
        XCTAssertEqual(frames.last?[21, 21], white, "red's marker where it was placed")
        XCTAssertEqual(frames.last?[10, 10], background)
    }

    func testSuperFMakesTheShownWindowFullscreenOverTheBarAndAgainLeavesIt() throws {
        try start(placement: .stacked)
        let bar = RGBA(230, 200, 0)
        _ = try client.showTopBar(height: 8, fill: bar, marker: bar)
        XCTAssertTrue(client.roundtrip())
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(marked(width: 96, height: 46, fill: red, marker: white, side: 4), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[1, 9], white, "red's marker just under the bar")
        _ = client.makeKeyboard()
        XCTAssertTrue(client.roundtrip())
        let logo: UInt32 = 125, f: UInt32 = 33
        var time: UInt32 = 0
        func pressSuperF() {
            for (key, pressed) in [(logo, true), (f, true), (f, false), (logo, false)] {
                time += 10
                server.inject(.key(time: time, key: key, pressed: pressed))
            }
        }
        pressSuperF()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(toplevel.lastSize.map { [$0.width, $0.height] }, [96, 54], "configured fullscreen")
        try answer(toplevel, drawing: marked(width: 96, height: 54, fill: green, marker: blue, side: 6))
        let frames = server.framesUntilIdle()
        XCTAssertEqual(frames.count, 6, "it grows over the bar's place")
        XCTAssertEqual(frames.last?[2, 2], blue, "fullscreen: its marker at the output's very top left")
        pressSuperF()
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(toplevel.lastSize?.height, 46, "back to the area under the bar")
        try answer(toplevel, drawing: marked(width: 96, height: 46, fill: red, marker: white, side: 4))
        _ = server.framesUntilIdle()
        XCTAssertEqual(server.presented[48, 3], bar, "the bar is back")
        XCTAssertEqual(server.presented[1, 9], white)
    }

    func testMsgMaximizeInTheStackIsRefusedEachWindowFillsTheOutputAlready() throws {
        try start(placement: .stacked)
        let toplevel = try client.makeConfiguredToplevel()
        try client.show(RGBAImage(width: 96, height: 54, fill: red), on: toplevel.surface)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        let reply = try XCTUnwrap(server.answer(.setState(.maximized)))
        XCTAssertFalse(reply.ok)
        XCTAssertTrue(reply.error?.contains("--placement free") == true, reply.error ?? "")
    }

    func testAMsgWaiterHearsAtOnceWhereTheClientNeverDrawsForTheNewState() throws {
        try start("wait = \"30ms\"")
        _ = try placedRed()
        var reply: IPCReply?
        server.compositor.control.answer(.setState(.fullscreen, on: true, wait: true)) { reply = $0 }
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertNil(reply, "its client may still draw")
        usleep(60_000)
        _ = server.framesUntilIdle()
        XCTAssertEqual(reply?.payload["outcome"], "at-once")
        XCTAssertEqual(reply?.payload["fullscreen"], .bool(true))
        XCTAssertEqual(server.presented[1, 1], white, "drawn where fullscreen windows go, at its old size")
    }

    func testAMsgWaiterHearsWhenTheWindowClosesFirst() throws {
        try start()
        let toplevel = try placedRed()
        var reply: IPCReply?
        server.compositor.control.answer(.setState(.maximized, wait: true)) { reply = $0 }
        xdg_toplevel_destroy(toplevel.toplevel)
        XCTAssertTrue(client.roundtrip())
        _ = server.framesUntilIdle()
        XCTAssertEqual(reply?.ok, false)
        XCTAssertTrue(reply?.error?.contains("closed") == true, reply?.error ?? "")
    }
}
