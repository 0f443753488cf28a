#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the tenth reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/ninth/set3/reach.py: the second reading's line-based loader
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

# Square: a Money amount is in the currency's smallest denomination (USD 2774 is $27.74,
# https://developer.squareup.com/reference/square/objects/Money). A text on the record quoting the integer as
# whole dollars ("Value: $2,774.00." beside price_money_amount 2774) names an amount the record does not hold.
SQUARE_TEXT = {("square", "catalog_items"): ("price_money_amount", "description"),
               ("square", "payments"): ("amount_money_amount", "note"),
               ("square", "refunds"): ("amount_money_amount", "reason")}
DOLLARS = re.compile(r"\$([0-9][0-9,]*(?:\.[0-9]{2})?)")
@kind("square-money-in-cents-quoted-as-dollars", *SQUARE_TEXT)
def _(meta, r):
    n = 0
    for key, (amt, txt) in SQUARE_TEXT.items():
        for x in r[key]:
            a, t = x.get(amt), x.get(txt) or ""
            if not isinstance(a, int) or a < 100: continue
            if any(float(v.replace(",", "")) == a for v in DOLLARS.findall(t)):
                n += 1; SHOW["square cents quoted as dollars"][key[1]] += 1
    return n

# Square: only a COMPLETED payment can be refunded ("You can refund only payments whose status is COMPLETED",
# https://developer.squareup.com/reference/square/refunds-api/refund-payment); a refund of any status on a payment
# APPROVED, PENDING, CANCELED or FAILED is one the product never made.
@kind("square-refund-on-a-payment-not-completed", ("square", "refunds"))
def _(meta, r):
    pay = {p.get("id"): p for p in r[("square", "payments")]}
    n = 0
    for x in r[("square", "refunds")]:
        p = pay.get(x.get("payment_id"))
        if p is not None and p.get("status") != "COMPLETED":
            n += 1; SHOW["square refunded payment status"][p.get("status")] += 1
    return n

# Rippling: a leave request is an employee's, within their employment; a terminated employee's leave that
# ends after their end_date is leave of no one employed (the eighth reading's `since` rule reads the start only).
# https://developer.rippling.com/documentation/rest-api/reference (leave requests: role, start_date, end_date)
@kind("rippling-leave-after-its-employee-left", ("rippling", "leave_requests"))
def _(meta, r):
    emp = {e.get("id"): e for e in r[("rippling", "employees")]}
    n = 0
    for x in r[("rippling", "leave_requests")]:
        e = emp.get(x.get("role_id"))
        end = (e or {}).get("end_date")
        if end and (x.get("end_date") or "") > end:
            n += 1; SHOW["rippling leave after the end: status"][x.get("status")] += 1
            SHOW["rippling leave after the end: wholly after"][(x.get("start_date") or "") > end] += 1
    return n

# Linear: a team has one estimate type (https://linear.app/docs/estimates): exponential 1,2,4,8,16 (+0,32,64),
# Fibonacci 1,2,3,5,8 (+0,13,21), linear 1-5 (+0,6,7), T-shirt sizes on Fibonacci points. A team whose issues'
# estimates fit no one scale holds estimates of two types. Records: issues off the scale that fits most of its team.
SCALES = [{0, 1, 2, 4, 8, 16, 32, 64}, {0, 1, 2, 3, 5, 8, 13, 21}, {0, 1, 2, 3, 4, 5, 6, 7}]
@kind("linear-team-of-several-estimate-scales", ("linear", "issues"))
def _(meta, r):
    by = collections.defaultdict(list)
    for x in r[("linear", "issues")]:
        if isinstance(x.get("estimate"), int): by[x.get("teamId")].append(x["estimate"])
    n = 0
    for est in by.values():
        off = min(sum(1 for v in est if v not in s) for s in SCALES)
        n += off
        if off: SHOW["linear teams of several scales"]["teams"] += 1
    return n

# Calendly and Cal.com: an event type named for a length ("30 Minute Meeting", "Check-in (20 min)") lasts it
# (Calendly Event Type `duration`, https://developer.calendly.com/api-docs; Cal.com `length`,
# https://cal.com/docs/api-reference/v2/event-types).
LENGTH = re.compile(r"(\d+)\s*-?\s*(min(?:ute)?s?|h(?:ou)?rs?)\b", re.I)
def named_length(name):
    m = LENGTH.search(name or "")
    if not m: return None
    v = int(m.group(1))
    return v * 60 if m.group(2).lower().startswith("h") else v
@kind("event-type-named-for-another-length", ("calendly", "event_types"), ("cal_com", "event_types"))
def _(meta, r):
    n = 0
    for app, name, dur in (("calendly", "name", "duration"), ("cal_com", "title", "length")):
        for x in r[(app, "event_types")]:
            v = named_length(x.get(name))
            if v is not None and isinstance(x.get(dur), int) and v != x[dur]:
                n += 1; SHOW["event type named for another length"][app] += 1
    return n

# Box: a task or comment on a file placing the file's owner, one of the company's own people (a Box file's
# `owned_by` is declared `staff`, office subdomains included), at another company by first name ("Call Bastian
# at Quantum Health" on a file bastian.kaminski@eu.starksystems.example owns).
AT = re.compile(r"\b([A-Z][a-z]+)(?: ([A-Z][\w'-]+))? at ((?:[A-Z][A-Za-z]+ ?)+)")
@kind("box-task-or-comment-placing-the-files-owner-at-another-company", ("box", "tasks"), ("box", "comments"))
def _(meta, r):
    home = company(meta); dom = domain_of(home)
    files = {f.get("id"): f for f in r[("box", "files")]}
    n = 0
    for coll in ("tasks", "comments"):
        for x in r[("box", coll)]:
            f = files.get(x.get("file_id")) or {}
            owner = f.get("owned_by") or ""
            local, _, host = owner.partition("@")
            if not dom or not (host == dom or host.endswith("." + dom)): continue
            first = local.split(".")[0].capitalize()
            for who, then, where in AT.findall(x.get("message") or ""):
                if first in (who, then) and where.strip() != home:
                    n += 1; SHOW["box owner placed elsewhere"][coll] += 1; break
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
