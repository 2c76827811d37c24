-- A bounded load of the proposals API for wrk (Debian's `wrk`):
--
--   parlance serve --port 8080 --database sqlite:/tmp/load.sqlite &
--   REQUESTS=10000 wrk -t2 -c8 -d300s --latency -s Scripts/load-proposals.lua http://127.0.0.1:8080
--
-- The threads send REQUESTS requests in all (default 10,000), then stop (-d is only a ceiling):
-- a POST of a new proposal (201 expected), then a GET of the listing for that key with the
-- guid's canDelete (200 expected), alternating. Prints the requests sent, wrk's error counts,
-- the count of each HTTP status, the measured requests/s and p50/p99/max latency (ignore wrk's
-- own "Requests/sec", which divides by -d).
local total = tonumber(os.getenv("REQUESTS") or "10000")
-- A millisecond clock (wrk's LuaJIT FFI): wrk's own requests/s divides by -d even when the
-- threads stop early, so this script measures the time from the first request to the last answer.
local ffi = require("ffi")
ffi.cdef [[
    typedef struct { long tv_sec; long tv_nsec; } parlance_timespec;
    int clock_gettime(int clock, parlance_timespec *out);
]]
local function now_ms()
    local t = ffi.new("parlance_timespec")
    ffi.C.clock_gettime(1, t) -- CLOCK_MONOTONIC
    return tonumber(t.tv_sec) * 1000 + tonumber(t.tv_nsec) / 1e6
end
local threads = {}

function setup(thread)
    table.insert(threads, thread)
    thread:set("id", #threads)
    -- Every thread learns the final thread count (the last setup call sets it on all).
    for _, each in ipairs(threads) do
        each:set("nthreads", #threads)
    end
end

local sent = 0
local answered = 0
statuses = {}
started_ms = 0
elapsed_ms = 0

function request()
    if sent == 0 then
        started_ms = now_ms()
    end
    sent = sent + 1
    local n = math.floor((sent + 1) / 2)
    local key = "load." .. id .. "." .. n
    if sent % 2 == 1 then
        local body = '{"section":"Localizable","key":"' .. key .. '","locale":"de","value":"Wert ' .. n .. '","guid":"load-' .. id .. '"}'
        return wrk.format("POST", "/content/localize/proposals", { ["Content-Type"] = "application/json" }, body)
    end
    return wrk.format("GET", "/content/localize/proposals?guid=load-" .. id .. "&key=" .. key)
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
    answered = answered + 1
    if answered >= math.floor(total / nthreads) then
        elapsed_ms = now_ms() - started_ms
        wrk.thread:stop()
    end
end

function done(summary, latency, requests)
    local seen = {}
    local longest = 0
    for _, thread in ipairs(threads) do
        longest = math.max(longest, thread:get("elapsed_ms") or 0)
        local counts = thread:get("statuses")
        for status, count in pairs(counts or {}) do
            seen[status] = (seen[status] or 0) + count
        end
    end
    io.write(string.format("requests: %d; errors: connect %d, read %d, write %d, status %d, timeout %d\n", summary.requests,
        summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout))
    for status, count in pairs(seen) do
        io.write(string.format("HTTP %s: %d\n", status, count))
    end
    io.write(string.format("measured: %d answers in %.2f s = %.0f requests/s\n", summary.requests, longest / 1000,
        summary.requests / (longest / 1000)))
    io.write(string.format("latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", latency:percentile(50) / 1000,
        latency:percentile(99) / 1000, latency.max / 1000))
end
