#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 3 of the eighth reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/seventh/set3/reach.py: the second reading's line-based loader
(scripts/second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose
atom holds the kind's collection, and records hit in the data atoms some environment uses.
"""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

@kind("marketo-lead-twice-in-one-static-list", ("marketo", "list_memberships"))
def _(meta, r):
    """Marketo list memberships beyond the first of one lead in one static list (a static list holds a
    lead once: Add Leads to List is a set operation)."""
    seen = collections.Counter((m.get("leadId"), m.get("listId")) for m in r[("marketo", "list_memberships")])
    return sum(n - 1 for n in seen.values() if n > 1)

@kind("xero-bank-transfer-account-code-not-its-accounts", ("xero", "bank_transfers"))
def _(meta, r):
    """Xero bank transfers whose from/to bank account code is not the code of the account they name by id
    (each side counted once)."""
    code = {a.get("account_id"): a.get("code") for a in r[("xero", "accounts")]}
    n = 0
    for t in r[("xero", "bank_transfers")]:
        for side in ("from", "to"):
            aid, c = t.get(side + "_bank_account_id"), t.get(side + "_bank_account_code")
            if aid in code and c and code[aid] and c != code[aid]:
                n += 1
    return n

HOSTED = re.compile(r"hosted by ([A-Z][\w'-]+(?: [A-Z][\w'-]+)+)")
@kind("calendly-event-text-naming-another-host", ("calendly", "scheduled_events"))
def _(meta, r):
    """Calendly scheduled events whose description or location_additional_info says "hosted by NAME"
    where NAME is none of the event's hosts (host_ids -> users.name)."""
    users = {u.get("id"): u.get("name") for u in r[("calendly", "users")]}
    n = 0
    for e in r[("calendly", "scheduled_events")]:
        hosts = {users.get(h) for h in e.get("host_ids") or []}
        text = " ".join(str(e.get(f) or "") for f in ("description", "location_additional_info"))
        if any(m not in hosts for m in HOSTED.findall(text)):
            n += 1
    return n

@kind("google-ads-monthly-budget-under-28-days-of-its-daily-budget", ("google_ads", "campaigns"))
def _(meta, r):
    """Google Ads campaigns whose monthly_budget is under 28 times their daily_budget (Google spends up to
    the daily budget times 30.4 a month)."""
    return sum(1 for c in r[("google_ads", "campaigns")]
               if isinstance(c.get("daily_budget"), (int, float)) and isinstance(c.get("monthly_budget"), (int, float))
               and c["monthly_budget"] < 28 * c["daily_budget"])

@kind("facebook-conversions-dataset-receiving-fewer-events-than-one-of-its-events", ("facebook_conversions", "datasets"))
def _(meta, r):
    """Facebook Conversions datasets whose events_received is under the events_received of one event
    sent to it, or under the number of its events."""
    per = collections.defaultdict(list)
    for e in r[("facebook_conversions", "events")]:
        per[e.get("dataset_id")].append(e.get("events_received") or 0)
    n = 0
    for d in r[("facebook_conversions", "datasets")]:
        got, evs = d.get("events_received"), per.get(d.get("id"), [])
        if isinstance(got, int) and evs and (got < max(evs) or got < len(evs)):
            n += 1
    return n

names = [k for k in K if not only or k in only]
dd = os.path.join(lib, "data")
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e["recipe"]["data"].split("@")[0]); used.add(envlist[-1])
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    aid = fn[:-5]
    if aid not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if r.get(K[k][0])}
    atoms[aid] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.Counter()
for aid, (has, cnt) in atoms.items():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k] += 1
for aid in envlist:
    has, cnt = atoms.get(aid, (set(), {}))
    for k in has:
        env_has[k] += 1
        if cnt.get(k): env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms used {len(atoms)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
