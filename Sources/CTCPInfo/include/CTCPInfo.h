#ifndef CTCPINFO_H
#define CTCPINFO_H

#include <stdint.h>

/// Data bytes the kernel has sent on a TCP socket so far (`tcpi_bytes_sent`, Linux 4.19), or
/// `UINT64_MAX` when it cannot tell.
uint64_t ctcp_bytes_sent(int socket);

#endif
