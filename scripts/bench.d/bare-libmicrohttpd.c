/* The library's own limit, for scripts/bench: bare libmicrohttpd with the dashboard's daemon flags
 * (an internal polling thread per pool thread, poll, suspend/resume allowed, one pool thread per
 * core, the same connection limit, timeout and memory limit) answering every request with one
 * response made once and queued again each time, no work per request.
 *
 *   bare-libmicrohttpd PORT [PATH BODY-FILE HEADERS-FILE]...
 *
 * Each PATH answers its BODY-FILE's bytes with the headers of its HEADERS-FILE ("Name: value"
 * lines, as curl -D writes them; the status line and the headers libmicrohttpd sets itself are
 * skipped), so it sends the very bytes the dashboard sent for that path; any other target answers
 * a 5-byte body ("ready"). PORT 0 takes a free port; prints "listening on port N" once it accepts, and runs until SIGTERM or SIGINT.
 *
 * BARE_WORK_NS=N in the environment adds N nanoseconds of busy work to every answer (a loop of
 * additions whose steps for N ns are measured at start, so a preemption in it does not lengthen
 * it): the same library and bytes with a per-request cost of one's own, to see what that cost
 * alone does to the throughput and the tail. */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define MAX_PATHS 8

static const char *paths[MAX_PATHS];
static struct MHD_Response *responses[MAX_PATHS];
static int path_count;
static struct MHD_Response *small;
static unsigned long work_steps; /* the steps of `spin` that take BARE_WORK_NS, measured at start */

/* CPU work and nothing else: no syscall, no memory; the compiler must do every step. */
static void spin(unsigned long steps) {
    volatile unsigned long sink = 0;
    for (unsigned long i = 0; i < steps; i++) sink += i;
}

/* How many steps of `spin` take `ns` on this machine: timed over 100 ms, the fastest of five. */
static unsigned long steps_for(long ns) {
    const unsigned long steps = 20 * 1000 * 1000;
    double best = 0;
    for (int run = 0; run < 5; run++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        spin(steps);
        clock_gettime(CLOCK_MONOTONIC, &end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
        if (best == 0 || seconds < best) best = seconds;
    }
    return (unsigned long)((double)steps * (double)ns / (best * 1e9));
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)method; (void)version; (void)upload_data; (void)upload_data_size;
    /* The library's own pattern, as the dashboard does it: the first call takes the head, the
     * response is queued on the next. Queued on the first call, 0.9.75 serves 5 times fewer
     * requests a second (measured: 25,800 against 138,400 for 5 bytes). */
    static int head_seen;
    if (*state == NULL) {
        *state = &head_seen;
        return MHD_YES;
    }
    if (work_steps > 0) spin(work_steps);
    for (int i = 0; i < path_count; i++) {
        if (strcmp(url, paths[i]) == 0) return MHD_queue_response(connection, MHD_HTTP_OK, responses[i]);
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, small);
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)length + 1);
    if (bytes == NULL || fread(bytes, 1, (size_t)length, file) != (size_t)length) { perror(path); exit(2); }
    fclose(file);
    bytes[length] = '\0';
    *size = (size_t)length;
    return bytes;
}

/* The header lines of a curl -D dump, but for those libmicrohttpd writes itself. */
static void add_headers(struct MHD_Response *response, const char *path) {
    static const char *own[] = {"Content-Length", "Date", "Connection", "Transfer-Encoding", NULL};
    size_t size;
    char *text = read_file(path, &size);
    for (char *line = strtok(text, "\r\n"); line != NULL; line = strtok(NULL, "\r\n")) {
        char *colon = strchr(line, ':');
        if (colon == NULL || strncmp(line, "HTTP/", 5) == 0) continue;
        *colon = '\0';
        const char *value = colon + 1;
        while (*value == ' ') value++;
        int skip = 0;
        for (const char **name = own; *name != NULL; name++) skip |= strcasecmp(line, *name) == 0;
        if (!skip) MHD_add_response_header(response, line, value);
    }
    free(text);
}

int main(int argc, char **argv) {
    if (argc < 2 || (argc - 2) % 3 != 0 || (argc - 2) / 3 > MAX_PATHS) {
        fprintf(stderr, "usage: %s PORT [PATH BODY-FILE HEADERS-FILE]... (at most %d paths)\n", argv[0], MAX_PATHS);
        return 2;
    }
    long work_ns = getenv("BARE_WORK_NS") ? atol(getenv("BARE_WORK_NS")) : 0;
    if (work_ns > 0) work_steps = steps_for(work_ns);
    for (int arg = 2; arg < argc; arg += 3, path_count++) {
        size_t size;
        char *body = read_file(argv[arg + 1], &size);
        paths[path_count] = argv[arg];
        responses[path_count] = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
        add_headers(responses[path_count], argv[arg + 2]);
    }
    small = MHD_create_response_from_buffer(5, "ready", MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(small, "Content-Type", "text/plain; charset=utf-8");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG,
        (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)(cores > 0 ? cores : 1),
        MHD_OPTION_CONNECTION_LIMIT, 1000u,
        MHD_OPTION_CONNECTION_TIMEOUT, 15u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(24 * 1024),
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "could not start on port %s\n", argv[1]); return 1; }
    const union MHD_DaemonInfo *bound = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("listening on port %u\n", bound == NULL ? 0u : (unsigned int)bound->port);
    fflush(stdout);
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
