-- wrk: like/unlike round trips through PUT /api/moments/{id}/like, alternating, over the demo moments.
local counter = 0
request = function()
  counter = counter + 1
  local id = (counter % 30) + 1
  local liked = (math.floor(counter / 30) % 2 == 0) and "true" or "false"
  return wrk.format("PUT", "/api/moments/" .. id .. "/like",
    { ["Content-Type"] = "application/json" }, '{"isLiked": ' .. liked .. '}')
end
