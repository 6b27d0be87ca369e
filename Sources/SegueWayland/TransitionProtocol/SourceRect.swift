/// A rectangle a transition grows its window out of: output pixels, top-left origin.
package struct SourceRect {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// Nil unless the rectangle has a size and lies inside a `outputWidth`×`outputHeight` output.
    package init?(x: Int32, y: Int32, width: Int32, height: Int32, outputWidth: Int, outputHeight: Int) {
        guard width > 0, height > 0, x >= 0, y >= 0,
              Int(x) + Int(width) <= outputWidth, Int(y) + Int(height) <= outputHeight else { return nil }
        (self.x, self.y, self.width, self.height) = (Int(x), Int(y), Int(width), Int(height))
    }
}
