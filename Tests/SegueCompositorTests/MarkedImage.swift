import SegueImaging

/// `fill` with a `marker`-coloured square of side `side` at the top left: a
/// picture whose flip, swap or offset shows.
func marked(width: Int, height: Int, fill: RGBA, marker: RGBA, side: Int = 10) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: fill)
    image.fill(marker, x: 0, y: 0, width: side, height: side)
    return image
}

/// A 640×360 screen, blue, with a white square at the top left and a yellow
/// block at the bottom right: a capture of it that is flipped, mirrored or
/// cut shows.
func cornerMarkedScreen() -> RGBAImage {
    var image = RGBAImage(width: 640, height: 360, fill: RGBA(0x25, 0x63, 0xeb))
    image.fill(RGBA(255, 255, 255), x: 0, y: 0, width: 24, height: 24)
    image.fill(RGBA(250, 200, 0), x: 600, y: 330, width: 40, height: 30)
    return image
}
