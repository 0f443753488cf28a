#!/usr/bin/env python3
"""Environments whose instruction names a weekday ("It's Monday") that is not the clock's.
usage: weekday54.py LIBDIR ENVS.jsonl"""
import os, sys, re, json, datetime, collections
lib, envs = sys.argv[1], sys.argv[2]
day = {}
for fn in os.listdir(lib + "/intents"):
    for line in open(os.path.join(lib, "intents", fn)):
        if line.startswith("instruction:"):
            m = re.search(r"\bIt's (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", line)
            if m: day[fn[:-5]] = m.group(1)
            break
clock = {}
n = hit = 0; by = collections.Counter()
with open(envs) as fh:
    for line in fh:
        e = json.loads(line); i = e["recipe"]["intent"].split("@")[0]
        if i not in day: continue
        d = e["recipe"]["data"].split("@")[0]
        if d not in clock:
            for l in open(os.path.join(lib, "data", d + ".yaml")):
                if l.startswith("clock:"): clock[d] = l.split('"')[1]; break
        wd = datetime.datetime.fromisoformat(clock[d].replace("Z", "+00:00")).strftime("%A")
        n += 1
        if wd != day[i]: hit += 1; by[wd] += 1
print(f"intents naming a weekday: {len(day)}; envs of them: {n}; clock on another day: {hit}; {dict(by)}")
