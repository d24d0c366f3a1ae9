#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

#include <spawn.h>

/// `pipe2(descriptors, O_CLOEXEC)`: a pipe no other child inherits, even one spawned between
/// the pipe's creation and a later `fcntl`.
int cchild_pipe_cloexec(int descriptors[2]);

/// `posix_spawn_file_actions_addclosefrom_np(actions, lowest)`: the child closes every
/// descriptor from `lowest` up, so it holds none of the test process's sockets and files.
int cchild_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
