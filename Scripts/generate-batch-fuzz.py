#!/usr/bin/env python3
"""Writes a batch-protocol input full of malformed and edge-case lines, for checking that a
change to `parlance batch` changes no answer (compare two binaries' outputs with `cmp`).

    python3 Scripts/generate-batch-mix.py /tmp/batch-mix.jsonl
    python3 Scripts/generate-batch-fuzz.py /tmp/batch-fuzz.jsonl /tmp/batch-mix.jsonl
    OLD/parlance batch < /tmp/batch-fuzz.jsonl > /tmp/old.out
    NEW/parlance batch < /tmp/batch-fuzz.jsonl > /tmp/new.out
    cmp /tmp/old.out /tmp/new.out

Seeds: the first 16 mix lines and requests for every op (errors included); two lines in three
are mutated (byte deletion, insertion, replacement, truncation, duplication; NUL, invalid
UTF-8); every seventh line ends in CRLF; the last line ends in CR without LF. Deterministic.
"""

import random
import sys

random.seed(19)
seeds = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8")][:16] + [
 '{"op":"plural","locale":"ru","number":"21","type":"ordinal","id":[1,{"x":true}]}',
 '{"op":"plural-categories","locale":"ar","id":"a\\"b"}',
 '{"op":"number","locale":"de","number":"1234.5","skeleton":"currency/EUR","id":1.50}',
 '{"op":"number","locale":"en","number":1e400}',
 '{"op":"number","locale":"en","number":-0.0,"skeleton":"percent"}',
 '{"op":"date","locale":"ja-u-ca-japanese","time":"2024-03-01T10:00:00+09:00","dateStyle":"full","timeStyle":"short","timeZone":"Asia/Tokyo"}',
 '{"op":"date","locale":"en","time":0,"skeleton":"yMMMd","dateStyle":"full"}',
 '{"op":"date","locale":"en","time":0}',
 '{"op":"relative","locale":"fr","value":-1,"unit":"day","numeric":"auto","style":"short"}',
 '{"op":"relative","locale":"en","time":"2024-01-01T00:00Z","reference":"2023-12-01T00:00Z"}',
 '{"op":"list","locale":"es","items":["a","b","c"],"type":"or","width":"narrow"}',
 '{"op":"list","locale":"en","items":[1,2]}',
 '{"op":"direction","text":"123\\nשלום","locale":"en"}',
 '{"op":"direction","locale":"ar-EG"}',
 '{"op":"display-name","locale":"fr","of":"zh-Hant-TW"}',
 '{"op":"display-name","locale":"en","of":"en US"}',
 '{"op":"negotiate","available":["en","fr","de"],"requested":["de-AT","fr"]}',
 '{"op":"negotiate","available":[],"requested":"fr"}',
 '{"op":"message","locale":"en","pattern":"{n, plural, one {# file} other {# files}}","args":{"n":3}}',
 '{"op":"plural-range","locale":"fr","start":"0","end":"1"}',
 '{"op":"number-range","locale":"en","start":3,"end":5}',
 '{"op":"date-interval","locale":"en","start":"2023-11-14T00:00Z","end":"2023-11-17T00:00Z","skeleton":"yMMMd"}',
 '{"op":"localize","locale":"en","key":"x"}',
 '{"id":"\\u00e9\\ud83d\\ude00\\ud800","op":"nope"}',
 '{"op":"plural","locale":"EN_us","number":"1","id":{"z":1, "a":[1e2, "}\\"]"]} }',
 '  \t ', '', 'not json', '[1,2]', '42',
]
interesting = list(b'{}[]:,"\\/ 0123456789-+.eEtrufalsn') + [0,9,13,0x7f,0x80,0xbf,0xc3,0xe2,0xed,0xf0,0xff]
out = open(sys.argv[1], "wb")
for i in range(60000):
    s = seeds[i % len(seeds)].encode()
    b = bytearray(s)
    if i % 3:
        for _ in range(random.randint(1,3)):
            p = random.randrange(len(b)) if b else 0
            k = random.randrange(6)
            if k == 0 and b: del b[p]
            elif k == 1: b.insert(p, random.choice(interesting))
            elif k == 2 and b: b[p] = random.choice(interesting)
            elif k == 3 and b: b[p] = random.randrange(256)
            elif k == 4: b = b[:p]
            else: b[p:p] = b[p:p+random.randint(1,8)]
    b = bytes(b).replace(b"\n", b" ")
    end = b"\r\n" if i % 7 == 0 else b"\n"
    out.write(b + end)
out.write(b'{"op":"plural","locale":"en","number":"1","id":"last"}\r')
