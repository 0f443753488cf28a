#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the sixth reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py); standard library only.
Per kind: environments showing it, of those whose data atom holds its collection; data atoms; records.
SAMPLES=N prints up to N records of each kind."""
import json, os, re, sys, collections
from datetime import datetime, timedelta
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
NS = int(os.environ.get("SAMPLES", "0"))
samples = collections.defaultdict(list)
def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00")).replace(tzinfo=None)
    except Exception: return None
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUFFIXES = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics"]
COWORDS = {w for s in STEMS + SUFFIXES for w in s.split()}
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco
def note(k, m, *s):
    if len(samples[k]) < NS: samples[k].append((m.get("id"),) + s)

# HubSpot: an engagement that records something done (a note, a call, an email) created before the time
# it records (`timestamp` over a day after `created_at`): the record of a call made weeks before the call.
# A TASK's timestamp is its due date and a MEETING's its start, both of which may lie ahead; they are left out.
@kind("hubspot-engagement-logged-before-it-took-place", ("hubspot", "engagements"))
def _(m, r):
    n = 0
    for e in r[("hubspot", "engagements")]:
        c, t = ts(e.get("created_at")), ts(e.get("timestamp"))
        if e.get("engagement_type") in ("NOTE", "CALL", "EMAIL") and c and t and t - c > timedelta(days=1):
            n += 1; note("hubspot-engagement-logged-before-it-took-place", m, e.get("id"), e.get("engagement_type"), e.get("created_at"), e.get("timestamp"))
    return n

# Ashby: an archived application whose archive reason names a person other than its candidate
# ("David Dubois withdrew after the 7 April interview." on Elif Vasquez's application).
PERSON = re.compile(r"\b([A-Z][a-z]+) ([A-Z][a-zA-Z']+)\b")
@kind("ashby-archive-reason-naming-another-person-than-its-candidate", ("ashby", "applications"))
def _(m, r):
    cand = {c.get("id"): c.get("name") or "" for c in r[("ashby", "candidates")]}
    n = 0
    for a in r[("ashby", "applications")]:
        why, who = a.get("archiveReason") or "", cand.get(a.get("candidateId"))
        if not why or who is None: continue
        names = {" ".join(p) for p in PERSON.findall(why) if p[0] not in COWORDS and p[1] not in COWORDS}
        if any(x != who for x in names):
            n += 1; note("ashby-archive-reason-naming-another-person-than-its-candidate", m, a.get("id"), who, why)
    return n

# Ashby: an archived application whose reason says the candidate left after an interview on a date,
# with an interview of it held or scheduled (not cancelled) more than a day after that date.
@kind("ashby-interview-after-the-withdrawal-its-archive-reason-gives", ("ashby", "applications"))
def _(m, r):
    sched = collections.defaultdict(list)
    for s in r[("ashby", "interview_schedules")]: sched[s.get("applicationId")].append(s)
    n = 0
    for a in r[("ashby", "applications")]:
        mm = re.search(r"(\d{1,2}) (%s)\b" % MONTHS, a.get("archiveReason") or "")
        c = ts(a.get("createdAt"))
        if a.get("status") != "Archived" or not mm or not c: continue
        d = datetime.strptime("%s %s %d" % (mm.group(1), mm.group(2), c.year), "%d %B %Y")
        if d < c - timedelta(days=1): d = d.replace(year=c.year + 1)
        late = [s for s in sched[a.get("id")] if s.get("status") != "Cancelled" and ts(s.get("startTime")) and ts(s["startTime"]) > d + timedelta(days=1)]
        if late:
            n += len(late); note("ashby-interview-after-the-withdrawal-its-archive-reason-gives", m, a.get("id"), a.get("archiveReason"), [(s.get("id"), s.get("status"), s.get("startTime")) for s in late])
    return n

# Expensify: an expense whose comment names its own report as another ("see the report REP-4203" on an
# expense of REP-4203), the self-text rule's frame on a record whose report is named by `reportName`.
@kind("expensify-expense-naming-its-own-report-as-another", ("expensify", "expenses"))
def _(m, r):
    name = {x.get("reportID"): x.get("reportName") for x in r[("expensify", "reports")]}
    n = 0
    for e in r[("expensify", "expenses")]:
        own = name.get(e.get("reportID"))
        if own and re.search(r"\bthe report " + re.escape(own) + r"\b", e.get("comment") or ""):
            n += 1; note("expensify-expense-naming-its-own-report-as-another", m, e.get("transactionID"), own, e.get("comment"))
    return n

# ---- run (as the fourth reading's set 2 script)
atoms = {}; dd = os.path.join(lib, "data"); names = [k for k in K if not only or k in only]
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    meta, recs = load(os.path.join(dd, fn)); r = collections.defaultdict(list, recs)
    has = {k for k in names if K[k][0] is None or r.get(K[k][0])}
    atoms[meta.get("id", fn[:-5])] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
used = set(); envlist = []
for line in open(envs_path):
    e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
for aid, (has, cnt) in atoms.items():
    if aid in used:
        for k, v in cnt.items():
            if v: recs_hit[k] += v; atoms_hit[k] += 1
for e in envlist:
    a = atoms.get(e["recipe"]["data"].split("@")[0])
    if not a: continue
    for k in a[0]:
        env_has[k] += 1
        if a[1].get(k): env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms {len(atoms)} ({len(used & set(atoms))} used by an env)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
    for s in samples[k]: print("    e.g.", s)
