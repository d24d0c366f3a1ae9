// glibc's `struct tcp_info` lacks `tcpi_bytes_sent` and cannot share a module with Linux's, so
// the one call that needs the kernel's definition lives in its own translation unit.
#include "CTCPInfo.h"

#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>
#include <linux/tcp.h>

uint64_t ctcp_bytes_sent(int socket) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (socket < 0 || getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &length) != 0
        || length < offsetof(struct tcp_info, tcpi_bytes_sent) + sizeof info.tcpi_bytes_sent) {
        return UINT64_MAX;
    }
    return info.tcpi_bytes_sent;
}
