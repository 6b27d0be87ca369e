@testable import SegueRender
import XCTest

/// The modifiers offered for a format EGL imports: those EGL lists, and the
/// implicit one, which clients that name no layout send.
final class DmabufModifierTests: XCTestCase {
    private typealias Modifier = DmabufSupport.Modifier
    private let implicit = DmabufSupport.implicitModifier
    private let linear: UInt64 = 0, yTiled: UInt64 = 0x0100_0000_0000_0002

    func testTheImplicitModifierFollowsTheListedOnes() {
        let listed = [Modifier(value: linear, externalOnly: false), Modifier(value: yTiled, externalOnly: true)]
        XCTAssertEqual(DmabufSupport.withImplicit(listed), listed + [Modifier(value: implicit, externalOnly: false)])
    }

    func testAFormatSampledOnlyAsExternalIsSoWithoutAModifierToo() {
        let listed = [Modifier(value: yTiled, externalOnly: true)]
        XCTAssertEqual(DmabufSupport.withImplicit(listed).last, Modifier(value: implicit, externalOnly: true))
    }

    func testAnImplicitModifierListedAlreadyIsNotRepeated() {
        let listed = [Modifier(value: implicit, externalOnly: false), Modifier(value: linear, externalOnly: false)]
        XCTAssertEqual(DmabufSupport.withImplicit(listed), listed)
    }
}
