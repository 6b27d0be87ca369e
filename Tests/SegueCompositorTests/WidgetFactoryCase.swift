import Foundation
import SegueImaging
import XCTest

/// Tests of gtk3-widget-factory, a real GTK 3 client, in an in-process
/// compositor (`server`, made by the test): its own runtime folder, and the
/// app ended and the folder gone after each test.
class WidgetFactoryCase: XCTestCase {
    var server: InProcessCompositor!
    private var app: Process?
    private var runtime: URL!

    override func setUpWithError() throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gtk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() {
        app?.terminate()
        app?.waitUntilExit()
        server?.stop()
        try? FileManager.default.removeItem(at: runtime)
    }

    /// Starts it on `server` and serves until its window shows: its first
    /// entry, under the header bar at the top left, starts with its text
    /// selected in Adwaita's blue.
    func startWidgetFactory() throws -> Bool {
        app = try server.launch("gtk3-widget-factory", runtime: runtime,
                                environment: ["GDK_BACKEND": "wayland", "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1"])
        let selection = RGBA(53, 132, 228)
        return server.serve(timeout: .seconds(60)) {
            guard server.windowCount == 1, let shot = try? server.screen() else { return false }
            return (66...80).reduce(0) { count, row in count + (24...100).filter { shot[$0, row] == selection }.count } > 15 * 77 / 2
        }
    }
}
