import SegueImaging

/// `fill` with a `marker`-coloured square of side `side` at the top left: a
/// picture whose flip, swap or offset shows.
func marked(width: Int, height: Int, fill: RGBA, marker: RGBA, side: Int = 10) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: fill)
    image.fill(marker, x: 0, y: 0, width: side, height: side)
    return image
}
