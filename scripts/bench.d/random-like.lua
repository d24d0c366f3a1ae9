-- wrk: likes and unlikes of random moments through PUT /api/moments/{id}/like, over moments "1" to
-- the count given after `--` (`wrk … -s random-like.lua URL -- 100000`), each thread its own sequence.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

local count = 30
function init(args)
  count = tonumber(args[1]) or count
  math.randomseed(seed * 7919 + os.time())
end

function request()
  local id = math.random(1, count)
  local liked = math.random(0, 1) == 1 and "true" or "false"
  return wrk.format("PUT", "/api/moments/" .. id .. "/like",
    { ["Content-Type"] = "application/json" }, '{"isLiked": ' .. liked .. '}')
end
