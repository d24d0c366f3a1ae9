import CMalloc
import Foundation

/// glibc's malloc settings for a server, set before it starts.
///
/// By default a thread's arena hands memory back to the kernel as soon as 128 KiB lie free at
/// its top, and the next request faults the same pages in again: under load a page fault for
/// most page views, and most of what a page view costs. Arenas here keep up to 8 MiB free, and
/// only blocks of 16 MiB or more are mapped on their own. With one arena per core rather than up
/// to eight, what they keep stays small.
enum ProcessMemory {
    static func tuneForServing() {
        mallopt(M_TRIM_THRESHOLD, 8 << 20)
        mallopt(M_MMAP_THRESHOLD, 16 << 20)
        mallopt(M_ARENA_MAX, Int32(ProcessInfo.processInfo.activeProcessorCount))
    }
}
