import SegueIPC
import XCTest

final class IPCReplyTests: XCTestCase {
    func testSuccessCarriesItsPayloadBesideOk() throws {
        let reply = IPCReply.success(["windows": [["id": 3, "title": "editor", "focused": true]], "count": 1])
        XCTAssertEqual(reply.encoded(),
                       #"{"count":1,"ok":true,"windows":[{"focused":true,"id":3,"title":"editor"}]}"#)
        XCTAssertEqual(try IPCReply.decode(line: reply.encoded()), reply)
    }

    func testFailureCarriesItsMessage() throws {
        let reply = IPCReply.failure("no window 9")
        XCTAssertEqual(reply.encoded(), #"{"error":"no window 9","ok":false}"#)
        XCTAssertEqual(try IPCReply.decode(line: reply.encoded()), reply)
    }

    func testOkAndErrorCannotBeOverriddenByThePayload() {
        let reply = IPCReply(ok: true, payload: ["ok": false, "error": "shadow", "x": nil])
        XCTAssertEqual(reply.encoded(), #"{"ok":true,"x":null}"#)
    }

    func testEncodesNumbersStringsAndNestingAsCompactJSON() {
        let value: JSONValue = [
            "int": 7, "negative": -2, "fraction": 0.25, "huge": 1e20, "nan": .number(.nan),
            "text": "quote \" backslash \\ newline \n tab \t bell \u{7} é ✓", "empty": [:], "list": [1, "two", nil, false],
        ]
        XCTAssertEqual(value.encoded(), #"{"empty":{},"fraction":0.25,"huge":1e+20,"int":7,"list":[1,"two",null,false],"# +
                       #""nan":null,"negative":-2,"text":"quote \" backslash \\ newline \n tab \t bell \u0007 é ✓"}"#)
    }

    func testJSONValueDecodesThroughCodable() throws {
        let text = #"{"a":[true,1.5,"x",null,{"b":false}]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        XCTAssertEqual(value, ["a": [true, 1.5, "x", nil, ["b": false]]])
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)), value)
    }

    func testRejectsRepliesThatAreNotReplies() {
        let cases: [(line: String, message: String)] = [
            ("", #"reply is empty; send one JSON object per line, e.g. {"ok":true}"#),
            ("<html>", #"reply is not JSON; send one JSON object per line, e.g. {"ok":true}"#),
            ("[]", #"reply must be a JSON object, e.g. {"ok":true}, got an array"#),
            (#"{"ok":"yes"}"#, #"reply has no boolean "ok": {"ok":"yes"}"#),
            (#"{"ok":false}"#, #"reply has "ok":false but no "error" message"#),
            (#"{"ok":false,"error":1}"#, #"reply "error" must be a string, got a number"#),
        ]
        for (line, message) in cases {
            XCTAssertThrowsError(try IPCReply.decode(line: line), line) { error in
                XCTAssertEqual((error as? IPCError)?.message, message, line)
            }
        }
    }
}
