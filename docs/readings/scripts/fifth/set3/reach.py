#!/usr/bin/env python3
"""Reach of the non-mild kinds found in set 2 of the s56 reading (h56r2), over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py)."""
import json, os, re, sys, collections
from datetime import datetime, timedelta
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00")).replace(tzinfo=None)
    except Exception: return None
def dom(e): return e.split("@", 1)[1].lower() if isinstance(e, str) and "@" in e else None
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUFFIXES = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco


# Statuspage: an update on a completed maintenance dated after its resolved_at, at a stage before completion
@kind("statuspage-maintenance-update-after-its-completion", ("statuspage", "incident_updates"))
def _(m, r):
    done = {i["id"]: ts(i.get("resolved_at")) for i in r[("statuspage", "incidents")] if i.get("scheduled_for") and i.get("status") == "completed" and i.get("resolved_at")}
    return sum(1 for u in r[("statuspage", "incident_updates")] if u.get("incident_id") in done and done[u["incident_id"]] and ts(u.get("created_at")) and ts(u["created_at"]) > done[u["incident_id"]] and u.get("status") in ("scheduled", "in_progress", "verifying"))

# Zoho Desk: the description says the ticket was raised, created, first logged or written in ("... on D Month") before its created_at; the year is the latest not after created_at
MON = re.compile(r"(?:[Rr]aised by [^.]*?|[Cc]reated|First logged|wrote in about [^.]*?) on (\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December)\b")
@kind("zoho-desk-text-dated-before-created", ("zoho_desk", "tickets"))
def _(m, r):
    n = 0
    for t in r[("zoho_desk", "tickets")]:
        c = ts(t.get("created_at")); mm = MON.search(t.get("description") or "")
        if not (c and mm): continue
        d = datetime.strptime(mm.group(1) + " " + mm.group(2) + " " + str(c.year), "%d %B %Y")
        if d > c: d = d.replace(year=c.year - 1)
        if (c - d).days > 1: n += 1
    return n

# Mail: the company's internal rule (a policy naming where to report) addressed only to people of other companies
POLICY = re.compile(r"To report, list|in this run of the|Afterwards, write up|Record the run in|Then log the run|When done, list")
MAIL = {("proton_mail", "messages"): ("body", ("to_list", "cc_list")), ("fastmail", "emails"): ("textBody", ("to", "cc")),
        ("outlook", "messages"): ("body", ("toRecipients", "ccRecipients")), ("zoho_mail", "messages"): ("content", ("toAddress", "ccAddress")),
        ("gmail", "messages"): ("body", ("to", "cc")), ("yahoo_mail", "messages"): ("body", ("to", "cc"))}
def _addrs(v):
    if isinstance(v, list): return [x for x in v if isinstance(x, str)]
    return [x.strip() for x in str(v or "").split(",") if "@" in x]
@kind("policy-mail-addressed-only-to-other-companies", None)
def _(m, r):
    d = domain_of(company(m)); n = 0
    if not d: return 0
    for coll, (body, rc) in MAIL.items():
        for x in r.get(coll, []):
            if not POLICY.search(str(x.get(body) or "")): continue
            to = [a for f in rc for a in _addrs(x.get(f))]
            if to and all(dom(a) not in (d, None) and not a.startswith("me@") and not dom(a).endswith("." + d) and not dom(a).startswith("ops.") for a in to): n += 1
    return n
# ---- run (as the third reading's set 1 script)
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
for k in names: print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
