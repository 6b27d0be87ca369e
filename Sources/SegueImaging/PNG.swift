import CPNG

/// PNG files through libpng's simplified API only: the classic API reports errors with longjmp,
/// which must never unwind through Swift frames.
public enum PNG {
    /// Larger images are almost certainly corrupt or hostile, and would need gigabytes of memory.
    static let maximumDimension = 16384

    /// Reads any PNG colour type, converted by libpng to 8-bit RGBA.
    public static func read(path: String) throws(ImageError) -> RGBAImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw ImageError("cannot read '\(path)': \(message(of: image))")
        }
        let width = Int(image.width), height = Int(image.height)
        guard (1...maximumDimension).contains(width) && (1...maximumDimension).contains(height) else {
            png_image_free(&image)
            throw ImageError(
                "cannot read '\(path)': \(width)x\(height) is outside 1...\(maximumDimension) pixels per side")
        }
        image.format = segue_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else {
            throw ImageError("cannot read '\(path)': \(message(of: image))")
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A PNG file's size, from its header alone; the same checks as `read`.
    public static func size(path: String) throws(ImageError) -> (width: Int, height: Int) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw ImageError("cannot read '\(path)': \(message(of: image))")
        }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard (1...maximumDimension).contains(width) && (1...maximumDimension).contains(height) else {
            throw ImageError("cannot read '\(path)': \(width)x\(height) is outside 1...\(maximumDimension) pixels per side")
        }
        return (width, height)
    }

    public static func write(_ image: RGBAImage, to path: String) throws(ImageError) {
        var control = description(of: image)
        let written = image.pixels.withUnsafeBytes { buffer in
            png_image_write_to_file(&control, path, 0, buffer.baseAddress, png_int_32(image.width * 4), nil)
        }
        guard written != 0 else {
            throw ImageError("cannot write '\(path)': \(message(of: control))")
        }
    }

    /// The PNG file's bytes, for callers that store or compare them without touching the disk.
    public static func encode(_ image: RGBAImage) throws(ImageError) -> [UInt8] {
        let stride = png_int_32(image.width * 4)
        // A first pass without a buffer only measures the compressed size.
        var control = description(of: image)
        var size = 0
        let measured = image.pixels.withUnsafeBytes { buffer in
            png_image_write_to_memory(&control, nil, &size, 0, buffer.baseAddress, stride, nil)
        }
        guard measured != 0 else {
            throw ImageError("cannot encode \(image.width)x\(image.height) PNG: \(message(of: control))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        control = description(of: image)
        let encoded = image.pixels.withUnsafeBytes { buffer in
            bytes.withUnsafeMutableBytes { memory in
                png_image_write_to_memory(&control, memory.baseAddress, &size, 0, buffer.baseAddress, stride, nil)
            }
        }
        guard encoded != 0 else {
            throw ImageError("cannot encode \(image.width)x\(image.height) PNG: \(message(of: control))")
        }
        return Array(bytes.prefix(size))
    }

    private static func description(of image: RGBAImage) -> png_image {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = segue_png_format_rgba()
        return control
    }

    private static func message(of image: png_image) -> String {
        withUnsafePointer(to: image) { String(cString: segue_png_message($0)) }
    }
}
