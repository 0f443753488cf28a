#!/usr/bin/env python3
"""Zoom participants of a meeting not held, over a build's data atoms.
usage: zoom_participants.py LIBDIR ENVS.jsonl [KIND]
A participant (zoom.participants) names by meeting_id a meeting or webinar whose status is neither started nor
ended: "List past meeting participants" reads only a meeting held
(https://developers.zoom.us/docs/api/meetings/#tag/meetings/GET/past_meetings/{meetingId}/participants).
Per kind: environments showing it, of those whose data atom holds zoom.participants; data atoms; records.
Loader: the second reading's (docs/readings/scripts/second/set2/load.py). Standard library only."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, env_atoms
KIND = "zoom-participants-of-a-meeting-not-held"
lib, envs_path = sys.argv[1], sys.argv[2]
uses, _ = env_atoms(envs_path)
envs = hold = showing = atoms = records = 0
for d, n in sorted(uses.items()):
    path = os.path.join(lib, "data", d + ".yaml")
    if not os.path.exists(path): continue
    meta, r = load(path)
    envs += n
    if not r[("zoom", "participants")]: continue
    hold += n
    status = {m.get("id"): m.get("status") for c in ("meetings", "webinars") for m in r[("zoom", c)]}
    k = sum(1 for p in r[("zoom", "participants")] if p.get("meeting_id") in status and status[p["meeting_id"]] not in ("started", "ended"))
    if k:
        showing += n; atoms += 1; records += k
print("envs %d, data atoms used %d" % (envs, len(uses)))
print("%s: envs %d of %d, atoms %d, records %d" % (KIND, showing, hold, atoms, records))
