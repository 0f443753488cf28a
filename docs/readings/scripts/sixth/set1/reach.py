#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 1 of the sixth reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/fifth/set1/reach.py: the second reading's line-based loader
(second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose atom holds
the kind's collection, and records hit in the data atoms some environment uses. Standard library only.
"""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

# A Confluence space's home page is its published front page: never a draft, never in the trash.
@kind("confluence-space-homepage-trashed-or-draft", ("confluence", "spaces"))
def _(meta, r):
    status = {p.get("id"): p.get("status") for p in r[("confluence", "pages")]}
    return sum(1 for s in r[("confluence", "spaces")] if status.get(s.get("homepage_id")) in ("trashed", "draft"))

@kind("confluence-space-homepage-trashed", ("confluence", "spaces"))
def _(meta, r):
    status = {p.get("id"): p.get("status") for p in r[("confluence", "pages")]}
    return sum(1 for s in r[("confluence", "spaces")] if status.get(s.get("homepage_id")) == "trashed")

# A Squarespace store's products are the store's own goods: a description naming another company as
# who set it up, offers, supplies or owns it ("offered by Cedar Peak Logistics", "Gift Card 3 from Orion Labs").
@kind("squarespace-product-described-as-another-companys", ("squarespace_commerce", "products"))
def _(meta, r):
    ws = company(meta) or ""
    n = 0
    for p in r[("squarespace_commerce", "products")]:
        if any(c != ws for c in CO.findall(str(p.get("description", "")))): n += 1
    return n

# The same, leaving out "supplied by X" (a retailer may sell a supplier's goods): the narrower count.
@kind("squarespace-product-described-as-another-companys-not-as-supplier", ("squarespace_commerce", "products"))
def _(meta, r):
    ws = company(meta) or ""
    n = 0
    for p in r[("squarespace_commerce", "products")]:
        d = str(p.get("description", ""))
        if any(c != ws and ("supplied by " + c) not in d for c in CO.findall(d)): n += 1
    return n

# A chief officer (CTO, CFO, CEO, COO, CMO, CIO, Chief ...) managed by an employee who is no chief officer.
CHIEF = re.compile(r"^(?:C[A-Z]O|Chief\b)")
@kind("rippling-chief-managed-by-a-non-executive", ("rippling", "employees"))
def _(meta, r):
    emp = {e.get("id"): e for e in r[("rippling", "employees")]}
    n = 0
    for e in emp.values():
        m = emp.get(e.get("manager_id"))
        if m and CHIEF.match(str(e.get("title", ""))) and not CHIEF.match(str(m.get("title", ""))): n += 1
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
    has = {k for k in names if r.get(K[k][0])}
    atoms[meta.get("id", fn[:-5])] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
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
