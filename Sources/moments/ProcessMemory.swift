import CMalloc
import Foundation
import HTTPServer

/// glibc's malloc settings for a server, set before it starts, and when it gives memory back.
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

    /// Hands what the arenas keep free back to the kernel when no connection is open and some
    /// came since the last time (or since the start): kept for the next request under load, it
    /// is memory no one uses between loads. A server that always has a connection open keeps it.
    static func returnFreeMemoryBetweenLoads(of server: HTTPServer) async {
        var openedAtLastReturn = -1
        while !Task.isCancelled {
            let opened = server.openedConnectionCount
            if opened != openedAtLastReturn, server.openConnectionCount == 0 {
                malloc_trim(0)
                openedAtLastReturn = opened
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }
}
