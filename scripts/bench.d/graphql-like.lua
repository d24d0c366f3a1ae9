-- wrk: like and unlike round trips through POST /graphql (updateMomentLike answering the liked
-- moment, as a dashboard asks), random moments "1" to the count given after `--` as random users
-- "0" to "49" (`wrk … -s graphql-like.lua URL -- 100000`), each thread its own sequence.
dofile("scripts/bench.d/random-moments.lua")

local document = "mutation like($momentID: ID!, $userID: ID!, $isLiked: Boolean!) { "
  .. "updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked, first: 1, from: $momentID) "
  .. "{ moments { id isLiked likes { id } } } }"

function request()
  local body = string.format('{"query": "%s", "variables": {"momentID": "%d", "userID": "%d", "isLiked": %s}}',
    document, math.random(1, count), math.random(0, 49), math.random(0, 1) == 1 and "true" or "false")
  return wrk.format("POST", "/graphql", { ["Content-Type"] = "application/json" }, body)
end
