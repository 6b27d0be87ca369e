import CGLES
import Dispatch
@testable import SegueRender
import XCTest

/// The storage textures take is read from the GL context: asked where none
/// is current (a stand-in painter's handle, another thread), the answer is
/// not kept for the context that comes. Kept once, a test suite whose
/// GL-free tests run first made every texture RGBA8 where BGRA8 was offered.
final class TextureStorageTests: XCTestCase {
    func testTheStorageAskedWithNoContextIsNotKeptForTheContextThatComes() throws {
        // A thread of the pool has no context current.
        _ = DispatchQueue(label: "segue.no-context").sync { TextureStorage.native }
        _ = try RenderFixture.renderer()
        let extensions = String(cString: glGetString(GLenum(GL_EXTENSIONS)))
        let offered = extensions.split(separator: " ").contains("GL_EXT_texture_format_BGRA8888")
        XCTAssertEqual(TextureStorage.native, offered ? .bgra8 : .rgba8, "read from the context current here")
    }
}
