#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the ninth reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/eighth/set1/reach.py: the second reading's line-based loader
(second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose atom holds the
kind's collection, and records hit in the data atoms some environment uses. Standard library only.
"""
import json, os, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

# Linear: an issue's estimate is a point of the team's scale; every scale, extended, gives only
# 0-8, 13, 16, 21, 32 and 64 (exponential 1,2,4,8,16 (+0,32,64); Fibonacci 1,2,3,5,8 (+0,13,21);
# linear 1-5 (+0,6,7); T-shirt sizes map to Fibonacci points). https://linear.app/docs/estimates
LINEAR_POINTS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 21, 32, 64}
@kind("linear-issue-estimate-off-every-scale", ("linear", "issues"))
def _(meta, r):
    return sum(1 for x in r[("linear", "issues")]
               if isinstance(x.get("estimate"), (int, float)) and x["estimate"] not in LINEAR_POINTS)

# ActiveCampaign: a contact's membership of a list is one contactList (posting it again updates its status).
# https://developers.activecampaign.com/reference/update-list-status-for-contact
@kind("activecampaign-contact-twice-in-one-list", ("activecampaign", "contact_lists"))
def _(meta, r):
    c = collections.Counter((x.get("contact"), x.get("list")) for x in r[("activecampaign", "contact_lists")])
    return sum(v for v in c.values() if v > 1)

# Zoom: a meeting's approval_type 2 is "No registration required"; a registrant on such a meeting (or on one
# that is not held to registration at all) is where no registration is taken, whatever registration_required says.
# https://developers.zoom.us/docs/api/meetings/#tag/meetings/GET/meetings/{meetingId}
def zoom_registrants(test):
    def f(meta, r):
        by = {str(m.get("id")): m for m in r[("zoom", "meetings")] + r[("zoom", "webinars")]}
        return sum(1 for x in r[("zoom", "registrants")]
                   if (m := by.get(str(x.get("meeting_id")))) is not None and test(m))
    return f
K["zoom-registrant-on-a-meeting-of-approval-type-2"] = (("zoom", "registrants"),
    zoom_registrants(lambda m: m.get("approval_type") == 2))
# Registration is for scheduled meetings; an instant meeting (type 1) takes none (same page, `type`).
K["zoom-registrant-on-an-instant-meeting"] = (("zoom", "registrants"),
    zoom_registrants(lambda m: m.get("type") == 1 and "uuid" in m and "webinar" not in str(m.get("join_url"))))

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
    has = {k for k in names if r.get(K[k][0])}
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
