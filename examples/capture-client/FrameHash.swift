/// A 64-bit hash of a frame's pixels: its rows' `width` pixels, not the stride's padding,
/// and for XRGB8888 not the unused X byte either, which a compositor may leave as anything.
enum FrameHash {
    static func of(_ buffer: ShmFrameBuffer) -> UInt64 {
        // Little-endian words of two B,G,R,X pixels: bytes 3 and 7 are the X bytes.
        let mask: UInt64 = buffer.format == .xrgb ? 0x00ff_ffff_00ff_ffff : ~0
        let pairs = buffer.width / 2
        // Four lanes, each its own chain of multiplies, so the CPU runs them side by side:
        // one chain alone would wait out a multiply for every two pixels.
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344, 0xa409_3822_299f_31d0,
                                                       0x082e_fa98_ec4e_6c89)
        for row in 0..<buffer.height {
            let line = buffer.pixels + row * buffer.stride
            var pair = 0
            while pair + 4 <= pairs {
                lanes.0 = mix(lanes.0, line.loadUnaligned(fromByteOffset: pair * 8, as: UInt64.self) & mask)
                lanes.1 = mix(lanes.1, line.loadUnaligned(fromByteOffset: pair * 8 + 8, as: UInt64.self) & mask)
                lanes.2 = mix(lanes.2, line.loadUnaligned(fromByteOffset: pair * 8 + 16, as: UInt64.self) & mask)
                lanes.3 = mix(lanes.3, line.loadUnaligned(fromByteOffset: pair * 8 + 24, as: UInt64.self) & mask)
                pair += 4
            }
            while pair < pairs {
                lanes.0 = mix(lanes.0, line.loadUnaligned(fromByteOffset: pair * 8, as: UInt64.self) & mask)
                pair += 1
            }
            if buffer.width % 2 == 1 {
                lanes.0 = mix(lanes.0, UInt64(line.loadUnaligned(fromByteOffset: pairs * 8, as: UInt32.self)) & mask)
            }
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        // splitmix64's finalizer, so that frames differing in a few pixels differ in all digits.
        hash = (hash ^ hash >> 30) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ hash >> 27) &* 0x94d0_49bb_1331_11eb
        return hash ^ hash >> 31
    }

    /// One word into a lane. It is a bijection of the lane for each word and of the word for
    /// each lane, and so is every later step, so frames that differ in one word never collide.
    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        var word = word &* 0x9e37_79b9_7f4a_7c15
        word ^= word >> 32
        return (lane ^ word) &* 0xff51_afd7_ed55_8ccd
    }

    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
