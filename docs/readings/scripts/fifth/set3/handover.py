#!/usr/bin/env python3
"""Hand-over tasks whose notes (the record the instruction names) are owned or sent by someone other than the leaver.
usage: handover.py LIBDIR ENVS.jsonl   (envs of family handover_review; the instruction from lib/intents/INTENT.yaml)"""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load
lib, envs = sys.argv[1], sys.argv[2]
WHO = ("owner", "sender_email", "sender", "from", "fromAddress", "author", "user_email", "owned_by", "created_by", "from_email", "reporter", "customer_email")
NAME = ("title", "subject", "name", "topic")
named = 0; cache = {}; n_env = 0; hit = 0; unknown = 0; atoms_hit = set(); ex = []
for line in open(envs):
    e = json.loads(line)
    if e.get("family") != "handover_review": continue
    n_env += 1
    it = e["recipe"]["intent"].split("@")[0]; da = e["recipe"]["data"].split("@")[0]
    ins = ""
    for l in open(os.path.join(lib, "intents", it + ".yaml")):
        if l.startswith("instruction:"): ins = l; break
    m = re.search(r"([A-Z][a-z]+) leaves on", ins); t = re.search(r'notes \("([^"]+)"', ins)
    if not m: continue
    named += 1
    if not t: unknown += 1; continue
    if da not in cache: cache[da] = load(os.path.join(lib, "data", da + ".yaml"))[1]
    leaver, title = m.group(1).lower(), t.group(1); w = None
    for rs in cache[da].values():
        for x in rs:
            if any(x.get(f) == title for f in NAME):
                for f in WHO:
                    if isinstance(x.get(f), str) and "@" in x[f]: w = x[f]; break
    if w is None: unknown += 1; continue
    if re.split(r"[.@]", w)[0].lower() != leaver:
        hit += 1; atoms_hit.add(da)
        if len(ex) < 3: ex.append((e["id"], leaver, w))
print(f"handover_review envs {n_env}, naming a leaver {named}; notes by someone other than the leaver: envs {hit}, atoms {len(atoms_hit)}; undetermined {unknown}; e.g. {ex}")
