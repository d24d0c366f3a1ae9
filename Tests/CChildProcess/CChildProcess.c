// glibc declares `pipe2` and `posix_spawn_file_actions_addclosefrom_np` only under _GNU_SOURCE,
// which the Glibc module is built without, so the two calls live in their own translation unit.
#define _GNU_SOURCE
#include "CChildProcess.h"

#include <fcntl.h>
#include <unistd.h>

int cchild_pipe_cloexec(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

int cchild_add_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
