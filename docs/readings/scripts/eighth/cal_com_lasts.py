#!/usr/bin/env python3
"""Cal.com bookings lasting other than their event type's length (minutes), over the data atoms an environment uses.
usage: cal_com_lasts.py LIBDIR ENVS.jsonl
Standard library only; the loader of docs/readings/scripts/second/set2/load.py."""
import sys, os, collections, json, datetime
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "second", "set2"))
from load import load
lib,envs=sys.argv[1],sys.argv[2]
used=set(json.loads(l)["recipe"]["data"].split("@")[0] for l in open(envs))
def ts(v):
    try: return datetime.datetime.fromisoformat(v[:19])
    except Exception: return None
n=envhit=0; atoms=0
for fn in os.listdir(lib+"/data"):
    if fn[:-5] not in used or "cal_com" not in fn: continue
    meta,r=load(lib+"/data/"+fn); r=collections.defaultdict(list,r)
    L={t.get("id"):t.get("length") for t in r[("cal_com","event_types")]}
    k=0
    for b in r[("cal_com","bookings")]:
        d,s,e=L.get(b.get("eventTypeId")),ts(b.get("startTime") or ""),ts(b.get("endTime") or "")
        if isinstance(d,int) and s and e and (e-s).total_seconds()!=60*d: k+=1
    n+=k; atoms+= k>0
print("cal_com bookings lasting other than their type's length:", n, "in", atoms, "data atoms")
