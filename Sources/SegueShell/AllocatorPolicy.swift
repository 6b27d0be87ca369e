import CMalloc

/// How the compositor's process has glibc hold memory: it runs for days while
/// clients come and go, and each window leaves screen-sized blocks behind.
/// Set by the programs that run a compositor as their process (`segue run`,
/// `segue demo`), not by the compositor itself: a host embedding it (WLCS, a
/// test run) keeps its own allocator's settings.
package enum AllocatorPolicy {
    /// Blocks from 128 KiB up (glibc's default threshold, kept fixed) are mapped
    /// on their own and unmapped as soon as they are freed. Left to itself, glibc
    /// raises the threshold past the first such block freed and carves later ones
    /// (llvmpipe's textures, read-backs) out of the heap, where small allocations
    /// made meanwhile pin them: every window that came and went left its
    /// texture's pages resident (issue 12).
    package static func apply() { mallopt(M_MMAP_THRESHOLD, 128 * 1024) }
}
