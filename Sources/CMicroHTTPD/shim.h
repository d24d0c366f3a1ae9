#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// libmicrohttpd's own unescaping of a path or a query value (`MHD_http_unescape`), but for
/// `%00`, which it would turn into a NUL that ends the C string the server is handed, so that
/// `/api/moments/1%00x` would be served as `/api/moments/1`. Kept as the three characters, it names no
/// route or file. Decoding only shrinks, so each piece moves left, never over what is still unread.
static size_t cmhd_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *value) {
    (void)cls;
    (void)connection;
    size_t length = 0;
    char *piece = value;
    for (;;) {
        char *nul = strstr(piece, "%00");
        if (nul != NULL) *nul = '\0';
        size_t decoded = MHD_http_unescape(piece);
        memmove(value + length, piece, decoded);
        length += decoded;
        if (nul == NULL) break;
        memcpy(value + length, "%00", 3);
        length += 3;
        piece = nul + 3;
    }
    value[length] = '\0';
    return length;
}

/// Starts a daemon on an already bound, listening socket.
/// `MHD_start_daemon` is variadic and cannot be called from Swift; this names every option the
/// server sets, so the option list is typed in one place.
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags,
                                                   MHD_socket listen_socket,
                                                   unsigned int thread_pool_size,
                                                   unsigned int connection_limit,
                                                   unsigned int connection_timeout_seconds,
                                                   size_t connection_memory_limit,
                                                   MHD_AccessHandlerCallback access_handler,
                                                   void *access_handler_cls,
                                                   MHD_RequestCompletedCallback completed,
                                                   void *completed_cls,
                                                   MHD_NotifyConnectionCallback notify_connection,
                                                   void *notify_connection_cls,
                                                   void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection),
                                                   void *uri_log_cls) {
    return MHD_start_daemon(flags, 0, NULL, NULL, access_handler, access_handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, listen_socket,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_UNESCAPE_CALLBACK, cmhd_unescape_keeping_nul, NULL,
                            MHD_OPTION_END);
}

/// The socket of a connection (`MHD_get_connection_info` is variadic, so not callable from Swift).
static inline MHD_socket cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? MHD_INVALID_SOCKET : info->connect_fd;
}

/// What the connection-notification callback put in the connection's socket context.
static inline void *cmhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#endif
