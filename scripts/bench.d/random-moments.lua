-- Shared by the random-like scripts (loaded with dofile from the repository's root, where the
-- bench scripts run): `count`, the moments "1" to the number given after `--` (30 by default),
-- and a random sequence of its own for each wrk thread.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

count = 30
function init(args)
  count = tonumber(args[1]) or count
  math.randomseed(seed * 7919 + os.time())
end
