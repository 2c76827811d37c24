-- wrk script for Scripts/serve-vs-node.sh: sends one endpoint's requests in rotation and
-- checks every answer's body byte for byte against the answer it must have.
--
--   ENDPOINT=plural wrk -t1 -c64 -d8s -s Scripts/bench-peers/check.lua http://127.0.0.1:8080
--
-- ENDPOINT is plural, number, localize (POST /v1/<endpoint> with a JSON body) or catalog
-- (GET /v1/catalog/<locale>). Each POST body carries an "id", which the server echoes, and
-- each catalog body starts with its locale, so an answer is compared with the expected text
-- of its own request even when many connections interleave (an answer meant for another
-- request is a mismatch, not a pass). An answer that is not 2xx is counted apart and its
-- body is not compared. At the end, one line for the caller:
--   RESULT requests=… rps=… p50_ms=… p99_ms=… checked=… mismatches=… non2xx=… socket_errors=… timeouts=…
-- and, when a body did not match, the first such body.

local endpoint = os.getenv("ENDPOINT") or "plural"
local nbsp, nnbsp = "\xC2\xA0", "\xE2\x80\xAF" -- U+00A0, U+202F as ICU writes them

-- POST cases: the request fields after "id", and the result the body must carry. The answers
-- are CLDR's, and the same in ICU 72 (Parlance) and the ICU of Node 20.
local posts = {
    plural = {
        { [=["locale":"ru","number":"21"]=], [=["one"]=] },
        { [=["locale":"ru","number":"1.5"]=], [=["other"]=] },
        { [=["locale":"pl","number":"5"]=], [=["many"]=] },
        { [=["locale":"ar","number":"11"]=], [=["many"]=] },
        { [=["locale":"en","number":"1.50"]=], [=["other"]=] }, -- visible fraction digits count
        { [=["locale":"fr","number":"1.5"]=], [=["one"]=] },
        { [=["locale":"cy","number":"3","type":"ordinal"]=], [=["few"]=] },
        { [=["locale":"en","number":"23","type":"ordinal"]=], [=["few"]=] },
    },
    number = {
        { [=["locale":"de","number":"1234.5","skeleton":"currency/EUR"]=], '"1.234,50' .. nbsp .. '€"' },
        { [=["locale":"ru","number":"1234.5"]=], '"1' .. nbsp .. '234,5"' },
        { [=["locale":"pl","number":"1234.5"]=], [=["1234,5"]=] }, -- minimum grouping digits 2
        { [=["locale":"en-IN","number":"1234567.5","skeleton":"currency/INR"]=], [=["₹12,34,567.50"]=] },
        { [=["locale":"fr","number":"-1234.5","skeleton":"currency/EUR"]=], '"-1' .. nnbsp .. '234,50' .. nbsp .. '€"' },
        { [=["locale":"en","number":1234567.891]=], [=["1,234,567.891"]=] },
        { [=["locale":"hi-IN","number":"12345678"]=], [=["1,23,45,678"]=] },
        { [=["locale":"ja","number":"1234.5","skeleton":"currency/JPY"]=], [=["￥1,234"]=] }, -- half-even
    },
    localize = {
        { [=["locale":"fr-CA","key":"place_bet"]=], [=["Placer le Pari"]=] }, -- fr-CA falls back to fr
        { [=["locale":"ru","key":"user.greeting","args":["Ана"]]=], [=["Привет, Ана!"]=] },
        { [=["locale":"ru","key":"download.progress","args":["файл",12.5,1024]]=], '"файл: 12,5% из 1' .. nbsp .. '024 МБ"' },
        { [=["locale":"pl","key":"items.count","args":[22]]=], [=["22 elementy"]=] }, -- .stringsdict plural
        { [=["locale":"de-AT","key":"total_odds"]=], [=["Total Odds"]=] }, -- no German: en
        { [=["locale":"en","key":"user.photos.count","args":["Ann",1]]=], [=["Ann has 1 photo"]=] },
        { [=["locale":"ru","key":"items.count","args":[0]]=], [=["Нет элементов"]=] }, -- the zero variant
        { [=["locale":"en","key":"escapes"]=], [=["Café \"quoted\"\n\\ tab\there"]=] },
    },
}

-- Catalog cases: the locale and the whole body (keys sorted; fr-CA and pl take what their
-- language lacks from en, plural entries from .stringsdict as format and variables).
local catalogs = {
    { "fr-CA", [==[{"locale":"fr-CA","table":"Localizable","strings":{"bet_amount":"Mise","distance.km":{"format":"%#@km@","variables":{"km":{"valueType":".1f","variants":{"one":"%.1f kilometre","other":"%.1f kilometres"}}}},"download.progress":"%1$@ : %2$.1f %% de %3$d Mo","escapes":"Café \"quoted\"\n\\ tab\there","files.in.folders":{"format":"%1$#@files@ in %2$#@folders@","variables":{"files":{"valueType":"d","variants":{"one":"%1$d file","other":"%1$d files"}},"folders":{"valueType":"d","variants":{"one":"%2$d folder","other":"%2$d folders"}}}},"items.count":{"format":"%#@items@","variables":{"items":{"valueType":"d","variants":{"zero":"No items","one":"%d item","other":"%d items"}}}},"load_more_count":"Voir {count} de plus","no_results":"No results found","only_en":"English_only","place_bet":"Placer le Pari","time.ago.minutes":{"format":"%#@minutes@ ago","variables":{"minutes":{"valueType":"d","variants":{"one":"%d minute","other":"%d minutes"}}}},"total_odds":"Cotes Totales","user.greeting":"Bonjour, %@ !","user.photos.count":{"format":"%1$@ has %2$#@photos@","variables":{"photos":{"valueType":"d","variants":{"zero":"no photos","one":"%2$d photo","other":"%2$d photos"}}}}}}]==] },
    { "ru", [==[{"locale":"ru","table":"Localizable","strings":{"bet_amount":"Bet Amount","distance.km":{"format":"%#@km@","variables":{"km":{"valueType":".1f","variants":{"one":"%.1f kilometre","other":"%.1f kilometres"}}}},"download.progress":"%1$@: %2$.1f%% из %3$d МБ","escapes":"Café \"quoted\"\n\\ tab\there","files.in.folders":{"format":"%1$#@files@ in %2$#@folders@","variables":{"files":{"valueType":"d","variants":{"one":"%1$d file","other":"%1$d files"}},"folders":{"valueType":"d","variants":{"one":"%2$d folder","other":"%2$d folders"}}}},"items.count":{"format":"%#@items@","variables":{"items":{"valueType":"d","variants":{"zero":"Нет элементов","one":"%d элемент","few":"%d элемента","many":"%d элементов","other":"%d элементов"}}}},"load_more_count":"Load {count} more","no_results":"No results found","only_en":"English_only","place_bet":"Place Bet","time.ago.minutes":{"format":"%#@minutes@ ago","variables":{"minutes":{"valueType":"d","variants":{"one":"%d minute","other":"%d minutes"}}}},"total_odds":"Общий коэффициент","user.greeting":"Привет, %@!","user.photos.count":{"format":"%1$@ has %2$#@photos@","variables":{"photos":{"valueType":"d","variants":{"zero":"no photos","one":"%2$d photo","other":"%2$d photos"}}}}}}]==] },
    { "pl", [==[{"locale":"pl","table":"Localizable","strings":{"bet_amount":"Bet Amount","distance.km":{"format":"%#@km@","variables":{"km":{"valueType":".1f","variants":{"one":"%.1f kilometre","other":"%.1f kilometres"}}}},"download.progress":"%1$@: %2$.1f%% of %3$d MB","escapes":"Café \"quoted\"\n\\ tab\there","files.in.folders":{"format":"%1$#@files@ in %2$#@folders@","variables":{"files":{"valueType":"d","variants":{"one":"%1$d file","other":"%1$d files"}},"folders":{"valueType":"d","variants":{"one":"%2$d folder","other":"%2$d folders"}}}},"items.count":{"format":"%#@items@","variables":{"items":{"valueType":"d","variants":{"one":"%d element","few":"%d elementy","many":"%d elementów","other":"%d elementu"}}}},"load_more_count":"Load {count} more","no_results":"No results found","only_en":"English_only","place_bet":"Place Bet","time.ago.minutes":{"format":"%#@minutes@ ago","variables":{"minutes":{"valueType":"d","variants":{"one":"%d minute","other":"%d minutes"}}}},"total_odds":"Łączny kurs","user.greeting":"Hello, %@!","user.photos.count":{"format":"%1$@ has %2$#@photos@","variables":{"photos":{"valueType":"d","variants":{"zero":"no photos","one":"%2$d photo","other":"%2$d photos"}}}}}}]==] },
}

-- requests[i] is the raw request text; expected[tag] the body its answer must be, where the
-- tag is the id (POST) or the locale (catalog) read back from the answer. Built in init,
-- when wrk knows the Host header.
local requests, expected = {}, {}
function init(args)
    if endpoint == "catalog" then
        for _, case in ipairs(catalogs) do
            table.insert(requests, wrk.format("GET", "/v1/catalog/" .. case[1]))
            expected[case[1]] = case[2]
        end
    elseif posts[endpoint] then
        for id, case in ipairs(posts[endpoint]) do
            local body = '{"id":' .. id .. "," .. case[1] .. "}"
            table.insert(requests, wrk.format("POST", "/v1/" .. endpoint, { ["Content-Type"] = "application/json" }, body))
            expected[tostring(id)] = '{"id":' .. id .. ',"result":' .. case[2] .. "}"
        end
    else
        error("ENDPOINT must be plural, number, localize or catalog, not " .. endpoint)
    end
end
local function tag_of(body)
    if endpoint == "catalog" then
        return body:match('^{"locale":"([^"]*)"')
    end
    return body:match('^{"id":(%d+),')
end

local threads = {}
function setup(thread)
    table.insert(threads, thread)
end

-- Per-thread counters (each wrk thread runs its own copy of this script).
checked, mismatches, non2xx, sample = 0, 0, 0, nil
local next_request = 0

function request()
    next_request = next_request % #requests + 1
    return requests[next_request]
end

function response(status, headers, body)
    if status < 200 or status > 299 then
        non2xx = non2xx + 1
        return
    end
    checked = checked + 1
    local tag = tag_of(body)
    if tag == nil or expected[tag] ~= body then
        mismatches = mismatches + 1
        sample = sample or body
    end
end

function done(summary, latency, requests_)
    local totals = { checked = 0, mismatches = 0, non2xx = 0 }
    local first
    for _, thread in ipairs(threads) do
        for name in pairs(totals) do
            totals[name] = totals[name] + (thread:get(name) or 0)
        end
        first = first or thread:get("sample")
    end
    local errors = summary.errors
    io.write(string.format(
        "RESULT requests=%d rps=%.0f p50_ms=%.2f p99_ms=%.2f checked=%d mismatches=%d non2xx=%d socket_errors=%d timeouts=%d\n",
        summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
        latency:percentile(99) / 1000, totals.checked, totals.mismatches, totals.non2xx,
        errors.connect + errors.read + errors.write, errors.timeout))
    if first then
        io.write("MISMATCH first body: " .. first .. "\n")
    end
end
