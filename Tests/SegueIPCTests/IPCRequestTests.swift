import SegueIPC
import XCTest

final class IPCRequestTests: XCTestCase {
    func testEveryRequestSurvivesEncodingAndDecoding() throws {
        let requests: [IPCRequest] = [
            .windows, .effects, .transitions, .reload, .config,
            .switchWindow(target: .next, effect: nil, wait: false),
            .switchWindow(target: .prev, effect: "slide", wait: true),
            .switchWindow(target: .window(id: 42), effect: "doom-melt", wait: false),
            .switchWindow(target: .previous, effect: nil, wait: true, duration: 0.35),
            .switchWindow(target: .appID("foot"), effect: nil, wait: false),
            .switchWindow(target: .title("*.pdf"), effect: nil, wait: false),
            .screenshot(path: "/tmp/shot \"1\".png"),
            .spawn(argv: ["foot", "-e", "top"]),
            .close(target: nil), .close(target: .window(id: 3)), .close(target: nil, wait: true),
            .gesture(.begin(.next)), .gesture(.begin(.window(id: 2))), .gesture(.update(0.35)), .gesture(.update(-0.5)),
            .gesture(.end(velocity: nil)), .gesture(.end(velocity: -2.5)), .gesture(.cancel),
            .switcher(.open(filter: nil)), .switcher(.next(filter: .appID)), .switcher(.prev(filter: .all)), .switcher(.commit), .switcher(.cancel),
            .workspaces, .workspace(.number(3)), .workspace(.next, wait: true), .workspace(.prev),
            .moveToWorkspace(.number(2)), .moveToWorkspace(.next, window: 7, wait: true),
            .minimize(), .minimize(window: 4, wait: true), .restore(), .restore(window: 9), .restore(wait: true),
            .place(window: 2, x: 40, y: -8),
            .setState(.maximized), .setState(.maximized, on: true, window: 3, wait: true), .setState(.fullscreen, on: false),
            .setState(.fullscreen, wait: true),
        ]
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"maximize","state":"toggle"}"#), .setState(.maximized), "toggle is as left out")
        for request in requests {
            XCTAssertEqual(try IPCRequest.decode(line: request.encoded()), request)
            XCTAssertFalse(request.encoded().contains("\n"))
        }
    }

    func testEncodesCompactJSONWithSortedKeysAndOmitsDefaults() {
        XCTAssertEqual(IPCRequest.windows.encoded(), #"{"command":"windows"}"#)
        XCTAssertEqual(IPCRequest.events.encoded(), #"{"command":"events"}"#)
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"events"}"#), .events)
        XCTAssertEqual(try IPCRequest.decode(line: IPCRequest.set(key: "transitions.switch.effect", value: "slide").encoded()),
                       .set(key: "transitions.switch.effect", value: "slide"))
        XCTAssertEqual(IPCRequest.switchWindow(target: .window(id: 7), effect: "slide", wait: true).encoded(),
                       #"{"command":"switch","effect":"slide","target":7,"wait":true}"#)
        XCTAssertEqual(IPCRequest.switchWindow(target: .next, effect: nil, wait: false).encoded(),
                       #"{"command":"switch","target":"next"}"#)
        XCTAssertEqual(IPCRequest.close(target: nil).encoded(), #"{"command":"close"}"#)
        XCTAssertEqual(IPCRequest.close(target: .window(id: 2), wait: true).encoded(), #"{"command":"close","target":2,"wait":true}"#)
        XCTAssertEqual(IPCRequest.switchWindow(target: .next, effect: nil, wait: false, duration: 1.5).encoded(),
                       #"{"command":"switch","duration":1.5,"target":"next"}"#)
    }

    func testAppIDAndTitleTargetsCarryTheirPattern() throws {
        XCTAssertEqual(try SwitchTarget(parsing: "app-id:org.gnome.*"), .appID("org.gnome.*"))
        XCTAssertEqual(try SwitchTarget(parsing: "title:~/src"), .title("~/src"))
        XCTAssertThrowsError(try SwitchTarget(parsing: "app-id:"))
        XCTAssertThrowsError(try SwitchTarget(parsing: "foot"))
    }

    func testASwitchDurationIsSecondsUpToSixty() {
        for bad in [#""0.5""#, "0", "-1", "61"] {
            XCTAssertThrowsError(try IPCRequest.decode(line: #"{"command":"switch","target":"next","duration":"# + bad + "}"), bad)
        }
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"switch","target":"next","duration":60}"#),
                       .switchWindow(target: .next, effect: nil, wait: false, duration: 60))
    }

    func testAcceptsAWindowIdAsAStringOrANumberAndATrailingNewline() throws {
        let expected = IPCRequest.switchWindow(target: .window(id: 12), effect: nil, wait: false)
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"switch","target":"12"}"#), expected)
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"switch","target":12}"# + "\r\n"), expected)
        XCTAssertEqual(try IPCRequest.decode(line: #" { "wait" : false , "command" : "switch", "target": 12.0 } "#), expected)
    }

    func testRejectsBadRequestsNamingTheProblem() {
        let cases: [(line: String, message: String)] = [
            ("", #"request is empty; send one JSON object per line, e.g. {"command":"windows"}"#),
            ("windows", #"request is not JSON; send one JSON object per line, e.g. {"command":"windows"}"#),
            (#"{"command":"windows""#, #"request is not JSON; send one JSON object per line, e.g. {"command":"windows"}"#),
            (#"["windows"]"#, #"request must be a JSON object, e.g. {"command":"windows"}, got an array"#),
            ("3", #"request must be a JSON object, e.g. {"command":"windows"}, got a number"#),
            (#"{"target":"next"}"#, "request has no \"command\"; known commands: windows, outputs, clients, switch, close, screenshot, effects, transitions, reload, config, spawn, gesture, switcher, events, set, workspaces, workspace, move-to-workspace, minimize, restore, place, maximize, fullscreen"),
            (#"{"command":1}"#, #""command" must be a string, got a number"#),
            (#"{"command":"windos"}"#, #"unknown command "windos"; did you mean "windows"?"#),
            (#"{"command":"swich","target":"next"}"#, #"unknown command "swich"; did you mean "switch"?"#),
            (#"{"command":"quit"}"#, "unknown command \"quit\"; known commands: windows, outputs, clients, switch, close, screenshot, effects, transitions, reload, config, spawn, gesture, switcher, events, set, workspaces, workspace, move-to-workspace, minimize, restore, place, maximize, fullscreen"),
            (#"{"command":"windows","all":true}"#, #"unknown field "all" for windows; windows takes no fields"#),
            (#"{"command":"switch","target":"next","efect":"slide"}"#, #"unknown field "efect" for switch; did you mean "effect"?"#),
            (#"{"command":"switch","target":"next","speed":1}"#, #"unknown field "speed" for switch; switch takes "target", "effect", "duration", "wait""#),
            (#"{"command":"maximize","state":"yes"}"#, #"maximize "state" must be "on", "off" or "toggle", got "yes""#),
            (#"{"command":"fullscreen","state":true}"#, #"fullscreen "state" must be a string, got a boolean"#),
            (#"{"command":"fullscreen","on":true}"#, #"unknown field "on" for fullscreen; fullscreen takes "window", "state", "wait""#),
            (#"{"command":"place","x":1,"y":2}"#, #"place needs a "window" id from windows"#),
            (#"{"command":"place","window":1,"y":2}"#, #"place needs "x", in surface units"#),
            (#"{"command":"place","window":1,"x":0.5,"y":2}"#, #"place "x" must be a whole number of surface units within ±1000000, got 0.5"#),
            (#"{"command":"switch","target":"next","duration":0}"#, #"switch "duration" must be seconds in (0, 60], got 0"#),
            (#"{"command":"switch"}"#, #"switch needs a "target": "next", "prev", "previous" or a window id"#),
            (#"{"command":"switch","target":"first"}"#, #"switch target must be "next", "prev", "previous", a window id, app-id:NAME or title:GLOB, got "first""#),
            (#"{"command":"switch","target":"-1"}"#, #"switch target must be "next", "prev", "previous", a window id, app-id:NAME or title:GLOB, got "-1""#),
            (#"{"command":"switch","target":-1}"#, #"switch "target" must be a whole number of at least 0, got -1"#),
            (#"{"command":"switch","target":1.5}"#, #"switch "target" must be a whole number of at least 0, got 1.5"#),
            (#"{"command":"switch","target":[1]}"#, #"switch "target" must be a string or a number, got an array"#),
            (#"{"command":"switch","target":"next","effect":3}"#, #"switch "effect" must be a string, got a number"#),
            (#"{"command":"switch","target":"next","effect":""}"#, #"switch "effect" must not be empty"#),
            (#"{"command":"switch","target":"next","wait":"yes"}"#, #"switch "wait" must be true or false, got a string"#),
            (#"{"command":"switch","target":"next","wait":null}"#, #"switch "wait" must be true or false, got null"#),
            (#"{"command":"screenshot"}"#, #"screenshot needs a "path": the absolute path of the PNG to write"#),
            (#"{"command":"screenshot","path":"shot.png"}"#, #"screenshot "path" must be absolute, got "shot.png""#),
            (#"{"command":"screenshot","path":{}}"#, #"screenshot "path" must be a string, got an object"#),
            (#"{"command":"spawn"}"#, #"spawn needs an "argv": the program and its arguments, e.g. ["foot", "-e", "top"]"#),
            (#"{"command":"spawn","argv":"foot"}"#, #"spawn "argv" must be an array of strings, got a string"#),
            (#"{"command":"spawn","argv":["foot",1]}"#, #"spawn "argv" must hold only strings, got a number"#),
            (#"{"command":"spawn","argv":[]}"#, #"spawn "argv" must start with a program"#),
            (#"{"command":"spawn","argv":[""]}"#, #"spawn "argv" must start with a program"#),
            (#"{"command":"gesture"}"#, #"gesture needs a "step": "begin", "update", "end" or "cancel""#),
            (#"{"command":"gesture","step":"drag"}"#, #"gesture needs a "step": "begin", "update", "end" or "cancel""#),
            (#"{"command":"gesture","step":"begin"}"#, #"gesture needs a "target": "next", "prev", "previous" or a window id"#),
            (#"{"command":"gesture","step":"update"}"#, #"gesture update needs a "progress""#),
            (#"{"command":"gesture","step":"update","progress":"half"}"#, #"gesture "progress" must be a finite number, got a string"#),
            (#"{"command":"gesture","step":"update","progress":0.5,"target":"next"}"#, #"gesture update takes no "target""#),
            (#"{"command":"gesture","step":"cancel","velocity":3}"#, #"gesture cancel takes no "velocity""#),
            (#"{"command":"switcher","step":"open","filter":"app"}"#, #"switcher "filter" must be "all" or "app-id" (the shown window's app alone), got "app""#),
            (#"{"command":"switcher","step":"commit","filter":"all"}"#, #"switcher commit takes no "filter""#),
            (#"{"command":"switcher","step":"hold"}"#, #"switcher needs a "step": "open", "next", "prev", "commit" or "cancel""#),
        ]
        for (line, message) in cases {
            XCTAssertThrowsError(try IPCRequest.decode(line: line), line) { error in
                XCTAssertEqual((error as? IPCError)?.message, message, line)
            }
        }
    }

    /// A workspace is a number from 1, or next or prev; typed or on the wire, anything else is named.
    func testWorkspaceTargetsAreNumbersFromOneOrNextOrPrev() throws {
        XCTAssertEqual(try WorkspaceTarget(parsing: "12"), .number(12))
        XCTAssertEqual(try WorkspaceTarget(parsing: "next"), .next)
        for bad in ["0", "-1", "two", "", "99999999999"] {
            XCTAssertThrowsError(try WorkspaceTarget(parsing: bad), bad)
        }
        XCTAssertEqual(try IPCRequest.decode(line: #"{"command":"workspace","target":"4"}"#), .workspace(.number(4)))
        XCTAssertThrowsError(try IPCRequest.decode(line: #"{"command":"workspace","target":0}"#)) { error in
            XCTAssertEqual((error as? IPCError)?.message, "workspace \"target\" must be a whole number from 1 to 2147483647, got 0")
        }
        XCTAssertThrowsError(try IPCRequest.decode(line: #"{"command":"move-to-workspace","target":2,"window":-3}"#))
        XCTAssertThrowsError(try IPCRequest.decode(line: #"{"command":"workspace"}"#))
    }

    func testRejectsBytesThatAreNotTextOrHoldNUL() {
        XCTAssertThrowsError(try IPCRequest.decode(utf8: [0x7b, 0xff, 0xfe, 0x7d])) { error in
            XCTAssertEqual((error as? IPCError)?.message, "request is not valid UTF-8")
        }
        XCTAssertThrowsError(try IPCRequest.decode(utf8: Array(#"{"command":"windows"}"#.utf8) + [0])) { error in
            XCTAssertEqual((error as? IPCError)?.message,
                           #"request is not JSON; send one JSON object per line, e.g. {"command":"windows"}"#)
        }
    }

    func testParsesSwitchTargetsAsTyped() throws {
        XCTAssertEqual(try SwitchTarget(parsing: "next"), .next)
        XCTAssertEqual(try SwitchTarget(parsing: "prev"), .prev)
        XCTAssertEqual(try SwitchTarget(parsing: "previous"), .previous)
        XCTAssertEqual(try SwitchTarget(parsing: "0"), .window(id: 0))
        for text in ["", "Next", "1e3", "+1", "٣", "99999999999999999999999"] {
            XCTAssertThrowsError(try SwitchTarget(parsing: text), text)
        }
    }
}
