/* libmicrohttpd's lost wake-up, shown with the library alone (scripts/lost-wakeup builds and runs it).
 *
 *   lost-wakeup epoll|poll WORKERS N...
 *
 * For each N: a child process runs a daemon with an internal polling thread per pool thread
 * (WORKERS of them, epoll or poll) answering every request "ok"; the parent opens N keep-alive
 * connections and has one request answered on each, stops the child (SIGSTOP), writes one more
 * request on every connection, continues it (SIGCONT) and waits up to two seconds for the answers.
 * Prints "MODE WORKERS N: answered A of N" and exits 1 when any went unanswered.
 *
 * With epoll, a worker whose ready connections number exactly 128 (MAX_EVENTS in daemon.c) takes
 * them all in one epoll_wait, loops because the array came back full, and waits again with the
 * daemon's timeout instead of none: the connections are edge-triggered, so it is never told of
 * them again and sleeps until a new connection arrives. Poll is level-triggered and has no such loop. */
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char request[] = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
static const char answer_end[] = "\r\n\r\nok";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **context) {
    static struct MHD_Response *response;
    static int first_call;
    /* Answered from the second call: 0.9.75 closes a connection answered from the first. */
    if (*context == NULL) {
        *context = &first_call;
        return MHD_YES;
    }
    if (response == NULL) response = MHD_create_response_from_buffer(2, "ok", MHD_RESPMEM_PERSISTENT);
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

/* The child: a daemon on a free port, which it writes to `report` and then serves until killed. */
static void serve(int use_poll, unsigned int workers, int report) {
    unsigned int mode = use_poll ? MHD_USE_POLL_INTERNAL_THREAD : (MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL);
    struct MHD_Daemon *daemon = MHD_start_daemon(mode | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, 0, NULL, NULL,
                                                 answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, workers,
                                                 MHD_OPTION_CONNECTION_LIMIT, 1000u, MHD_OPTION_CONNECTION_TIMEOUT, 15u,
                                                 MHD_OPTION_END);
    if (daemon == NULL) _exit(3);
    unsigned short port = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port;
    if (write(report, &port, sizeof port) != sizeof port) _exit(3);
    for (;;) pause();
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Reads on `fd` until an answer's end has come or `deadline` passed; 1 when it came. */
static int read_answer(int fd, double deadline) {
    char buffer[4096];
    size_t length = 0;
    while (now() < deadline) {
        struct pollfd ready = {.fd = fd, .events = POLLIN};
        if (poll(&ready, 1, 10) <= 0) continue;
        ssize_t count = read(fd, buffer + length, sizeof buffer - 1 - length);
        if (count <= 0) return 0;
        length += (size_t)count;
        buffer[length] = '\0';
        if (strstr(buffer, answer_end) != NULL) return 1;
    }
    return 0;
}

/* One trial of N connections; the number answered after the stop and continue. */
static int trial(int use_poll, unsigned int workers, int n) {
    int report[2];
    if (pipe(report) != 0) return -1;
    pid_t child = fork();
    if (child == 0) serve(use_poll, workers, report[1]);
    unsigned short port;
    if (read(report[0], &port, sizeof port) != sizeof port) return -1;
    int *fds = calloc((size_t)n, sizeof *fds);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    for (int i = 0; i < n; i++) {
        fds[i] = socket(AF_INET, SOCK_STREAM, 0);
        if (connect(fds[i], (struct sockaddr *)&address, sizeof address) != 0) return -1;
        /* Answered once: the connection is accepted, registered and idle in its worker. */
        if (write(fds[i], request, sizeof request - 1) < 0 || !read_answer(fds[i], now() + 5)) return -1;
    }
    kill(child, SIGSTOP);
    int status;
    waitpid(child, &status, WUNTRACED);
    for (int i = 0; i < n; i++) {
        if (write(fds[i], request, sizeof request - 1) < 0) return -1;
    }
    kill(child, SIGCONT);
    int answered = 0;
    double deadline = now() + 2;
    for (int i = 0; i < n; i++) answered += read_answer(fds[i], deadline);
    for (int i = 0; i < n; i++) close(fds[i]);
    free(fds);
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    close(report[0]);
    close(report[1]);
    return answered;
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[1], "epoll") != 0 && strcmp(argv[1], "poll") != 0)) {
        fprintf(stderr, "usage: %s epoll|poll WORKERS N...\n", argv[0]);
        return 2;
    }
    int use_poll = strcmp(argv[1], "poll") == 0, lost = 0;
    unsigned int workers = (unsigned int)atoi(argv[2]);
    for (int arg = 3; arg < argc; arg++) {
        int n = atoi(argv[arg]);
        int answered = trial(use_poll, workers, n);
        if (answered < 0) {
            fprintf(stderr, "%s %u %d: the trial could not be set up (%s)\n", argv[1], workers, n, strerror(errno));
            return 2;
        }
        printf("%s %u %d: answered %d of %d\n", argv[1], workers, n, answered, n);
        fflush(stdout);
        lost |= answered < n;
    }
    return lost;
}
