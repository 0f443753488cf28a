#!/usr/bin/env python3
"""Reach of kinds the seventh reading left open that no earlier script counts, over a build's data atoms.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl. Loader: the second reading's line-based one (docs/readings/scripts/second/set2/load.py).
Per kind: environments whose data atom shows the kind, of those whose atom holds the kind's collection;
atoms and records count the data atoms some environment uses. Standard library only.
"""
import collections, json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
K = {}
def kind(name, holds):
    def deco(f): K[name] = (holds, f); return f
    return deco
def has(app, coll):
    return lambda meta, r: bool(r.get((app, coll)))

# GitLab: a note names its issue or merge request by iid, a number within the note's project
# (https://docs.gitlab.com/ee/api/notes.html#create-new-issue-note: /projects/:id/issues/:issue_iid/notes).
# A note whose iid only another project's issue or merge request holds names a record that is not there
# (set 4: gitlab.notes 329063811 on issue 25 of 480029014, which issue 25 of 480077667 is).
@kind("gitlab-note-naming-another-projects-record", has("gitlab", "notes"))
def _(meta, r):
    coll = {"Issue": "issues", "MergeRequest": "merge_requests"}
    held = collections.defaultdict(set)  # (type, iid) -> projects
    for t, c in coll.items():
        for x in r[("gitlab", c)]:
            held[(t, str(x.get("iid")))].add(str(x.get("project_id")))
    n = 0
    for x in r[("gitlab", "notes")]:
        ps = held.get((x.get("noteable_type"), str(x.get("noteable_iid"))))
        if ps and str(x.get("project_id")) not in ps:
            n += 1
    return n

names = [k for k in K if not only or k in only]
envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
for e in envlist: e["atom"] = e["recipe"]["data"].split("@")[0]
used = {e["atom"] for e in envlist}
dd = os.path.join(lib, "data")
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    atoms[meta.get("id", fn[:-5])] = {k: K[k][1](meta, r) for k in names if K[k][0](meta, r)}
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.defaultdict(set)
for aid, cnt in atoms.items():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k].add(aid)
for e in envlist:
    for k, v in atoms.get(e["atom"], {}).items():
        env_has[k] += 1
        if v: env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms read {len(atoms)} (those some env uses)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {len(atoms_hit[k])}, records {recs_hit[k]}")
