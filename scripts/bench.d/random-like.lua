-- wrk: likes and unlikes of random moments through PUT /api/moments/{id}/like, over moments "1" to
-- the count given after `--` (`wrk … -s random-like.lua URL -- 100000`), each thread its own sequence.
dofile("scripts/bench.d/random-moments.lua")

function request()
  local id = math.random(1, count)
  local liked = math.random(0, 1) == 1 and "true" or "false"
  return wrk.format("PUT", "/api/moments/" .. id .. "/like",
    { ["Content-Type"] = "application/json" }, '{"isLiked": ' .. liked .. '}')
end
