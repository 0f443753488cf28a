#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the eleventh reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/tenth/set3/reach.py: the second reading's line-based loader
(second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose atom holds the
kind's collection, and records hit in the data atoms some environment uses. Standard library only.
"""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)

K = {}
def kind(name, *colls):
    def deco(f): K[name] = (colls, f); return f
    return deco

# Whereby: a recording and a participant are of a meeting that took place (recordings, https://docs.whereby.com/
# reference/whereby-rest-api-reference/recordings: a recording is made in a room session; participants, the
# insights API, list who joined). One dated after the world's clock, or on a meeting whose startDate is after
# the clock, records a session that has not happened.
def clock(meta): return (meta.get("clock") or "")[:19]
@kind("whereby-recording-or-participant-of-a-meeting-not-yet-held", ("whereby", "recordings"), ("whereby", "participants"))
def _(meta, r):
    now = clock(meta); mt = {m.get("meetingId"): m for m in r[("whereby", "meetings")]}
    n = 0
    for coll, at in (("recordings", "startDate"), ("participants", "joinedAt")):
        for x in r[("whereby", coll)]:
            m = mt.get(x.get("meetingId")) or {}
            if (x.get(at) or "")[:19] > now or (m.get("startDate") or "")[:19] > now:
                n += 1; SHOW["whereby session not yet held"][coll] += 1
    return n

# Whereby: a recording's roomName is the name of the room it was made in; one naming another meeting than its
# meetingId's roomNamePrefix ("Pricing workshop with Summit Health" on the meeting "Kickoff with Summit Health").
@kind("whereby-recording-named-for-another-meeting", ("whereby", "recordings"))
def _(meta, r):
    mt = {m.get("meetingId"): m for m in r[("whereby", "meetings")]}
    n = 0
    for x in r[("whereby", "recordings")]:
        m = mt.get(x.get("meetingId"))
        if m and x.get("roomName") and x["roomName"] != m.get("roomNamePrefix"):
            n += 1
    return n

# Whereby: a transcription is made from a recording (https://docs.whereby.com/reference/whereby-rest-api-reference/
# transcriptions: "Create a transcription of a recording"); one in progress or ready on a recording whose state is
# `failed` transcribes a recording that does not exist.
@kind("whereby-transcription-of-a-failed-recording", ("whereby", "transcriptions"))
def _(meta, r):
    rec = {x.get("recordingId"): x for x in r[("whereby", "recordings")]}
    n = 0
    for x in r[("whereby", "transcriptions")]:
        rr = rec.get(x.get("recordingId"))
        if rr and rr.get("state") == "failed" and x.get("state") != "failed":
            n += 1; SHOW["whereby transcription on a failed recording"][x.get("state")] += 1
    return n

# Statuspage: an incident's updates are its timeline (https://developer.statuspage.io/#tag/incident-updates); an
# update posted after the incident's `resolved_at` whose status is not the closing one (`resolved`, `completed`,
# `postmortem`) says the work goes on after the record says it ended ("Routine maintenance", `in_progress`, two days
# after the maintenance was `completed`).
DONE = {"resolved", "completed", "postmortem"}
@kind("statuspage-update-still-open-after-its-incident-resolved", ("statuspage", "incident_updates"))
def _(meta, r):
    inc = {x.get("id"): x for x in r[("statuspage", "incidents")]}
    n = 0
    for u in r[("statuspage", "incident_updates")]:
        i = inc.get(u.get("incident_id")) or {}
        if i.get("resolved_at") and (u.get("created_at") or "") > i["resolved_at"] and u.get("status") not in DONE:
            n += 1; SHOW["statuspage update after resolution"][u.get("status")] += 1
    return n

# Asana: a comment story on a task placing the task's assignee, one of the company's own people, at another company
# by first name ("Call Catalina at Orion Logistics" on a task assigned to catalina.whitcombe@globexsystems.example):
# the Box kind of the tenth reading (build.md, Coherence, the company's own person written of as a customer's).
AT = re.compile(r"\b([A-Z][a-z]+)(?: ([A-Z][\w'-]+))? at ((?:[A-Z][A-Za-z]+ ?)+)")
@kind("asana-story-placing-the-tasks-assignee-at-another-company", ("asana", "stories"))
def _(meta, r):
    home = company(meta); dom = domain_of(home)
    tasks = {t.get("id"): t for t in r[("asana", "tasks")]}
    n = 0
    for x in r[("asana", "stories")]:
        who_ = (tasks.get(x.get("task")) or {}).get("assignee") or ""
        local, _, host = who_.partition("@")
        if not dom or not (host == dom or host.endswith("." + dom)): continue
        first = local.split(".")[0].capitalize()
        for who, then, where in AT.findall(x.get("text") or ""):
            if first in (who, then) and where.strip() != home:
                n += 1; break
    return n

names = [k for k in K if not only or k in only]
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
atoms = {}
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if any(r.get(c) for c in K[k][0])}
    atoms[meta.get("id", fn[:-5])] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.Counter()
for has, cnt in atoms.values():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k] += 1
for e in envlist:
    a = atoms.get(e["recipe"]["data"].split("@")[0])
    if not a: continue
    for k in a[0]:
        env_has[k] += 1
        if a[1].get(k): env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms used by an env {len(atoms)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
for k, c in SHOW.items():
    print(f"  {k}: " + ", ".join(f"{a} {b}" for a, b in c.most_common()))
