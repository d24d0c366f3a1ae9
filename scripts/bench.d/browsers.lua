-- wrk: one page as many people's browsers ask for it. Each request comes from one of 256 people
-- in turn, each with a CSRF cookie of their own (a token of the dashboard's form), asking for
-- gzip with a browser's Accept, Accept-Language and User-Agent.
--   wrk -s scripts/bench.d/browsers.lua URL -- PATH [fresh]
-- `fresh` adds a query argument no request repeats, so that nothing drawn or kept before answers
-- it: the page drawn afresh on every request.
local people = 256
local path, fresh, cookies
local counter = 0
local thread_id = 0

function setup(thread)
  thread_id = thread_id + 1
  thread:set("id", thread_id)
end

function init(args)
  path = args[1] or "/"
  fresh = args[2] == "fresh"
  cookies = {}
  for person = 1, people do
    cookies[person] = string.format("moments_csrf=%08x%08x%08x%08x", id or 0, person, person * 7919, 0x5eed)
  end
end

local function accept(target)
  if target:match("%.css") then return "text/css,*/*;q=0.1" end
  if target:match("%.png") or target:match("%.jpg") then return "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" end
  return "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
end

function request()
  counter = counter + 1
  local target = path
  if fresh then target = target .. (target:find("?", 1, true) and "&" or "?") .. "fresh=" .. (id or 0) .. "-" .. counter end
  return wrk.format("GET", target, {
    ["Cookie"] = cookies[(counter % people) + 1],
    ["Accept"] = accept(path),
    ["Accept-Encoding"] = "gzip, deflate, br, zstd",
    ["Accept-Language"] = "en-US,en;q=0.9,zh-CN;q=0.8",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  })
end
