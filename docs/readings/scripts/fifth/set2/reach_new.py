#!/usr/bin/env python3
"""Reach of the kinds found in set 2 of the s57 reading (h57r2) that no earlier script counts.

usage: reach_new.py LIBDIR ENVS_JSON [KIND ...]
ENVS_JSON: `legoenv envs --envs out/envs.jsonl --json` (instruction and data atom of every verified env).
Loader: records lines of lib/data/*.yaml are one JSON object each ("      - {...}") under
"  app:" / "    collection:" headings; only atoms used by a verified env are read.
For each kind: envs showing it / envs holding the kind's collection, atoms, records.
"""
import collections, json, os, re, sys
from datetime import datetime

LIB, ENVS = sys.argv[1], sys.argv[2]
WANT = set(sys.argv[3:])

STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")


def cos(s):
    return set(CO.findall(s or ""))


def ts(s):
    try:
        return datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except Exception:
        return None


def load(path):
    recs = collections.defaultdict(list)
    app = coll = None
    inrec = False
    with open(path) as f:
        for line in f:
            if line.startswith("records:"):
                inrec = True
                continue
            if not inrec:
                continue
            if line and not line.startswith(" "):
                break
            if line.startswith("      - {"):
                try:
                    recs[(app, coll)].append(json.loads(line[8:]))
                except Exception:
                    pass
            elif line.startswith("    ") and not line.startswith("     ") and line.rstrip().endswith(":"):
                coll = line.strip()[:-1]
            elif line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
                app = line.strip()[:-1]
    return recs


K = {}


def kind(name, coll):
    def deco(f):
        K[name] = (coll, f)
        return f
    return deco


# Statuspage: the task sets an outage's impact (minor, major, critical) on a maintenance (an incident with a
# window). Read from the instruction: "impact to 'critical'" on the incident "NAME" named in it.
@kind("statuspage-task-gives-a-maintenance-an-outage-impact", ("statuspage", "incidents"))
def _(env, r):
    m = re.search(r"impact\b[^.']{0,30}?'(minor|major|critical)'", env["instruction"])
    if not m:
        return 0
    names = re.findall(r"incident \"([^\"]+)\"", env["instruction"])
    return sum(1 for i in r[("statuspage", "incidents")] if i.get("name") in names and i.get("scheduled_for"))


# Statuspage: a maintenance whose latest update is at a later stage than the maintenance itself
# (in_progress with a verifying update); the fourth reading's pattern counts incidents only.
MRANK = {"scheduled": 0, "in_progress": 1, "verifying": 2, "completed": 3}


@kind("statuspage-maintenance-status-behind-its-latest-update", ("statuspage", "incident_updates"))
def _(env, r):
    last = {}
    for u in r[("statuspage", "incident_updates")]:
        t = ts(u.get("created_at"))
        if t and (u.get("incident_id") not in last or t > last[u["incident_id"]][0]):
            last[u["incident_id"]] = (t, u.get("status"))
    n = 0
    for i in r[("statuspage", "incidents")]:
        if not i.get("scheduled_for") or i["id"] not in last:
            continue
        a, b = MRANK.get(i.get("status")), MRANK.get(last[i["id"]][1])
        if a is not None and b is not None and b > a:
            n += 1
    return n


# Salesforce: a case comment naming a company other than the one its case stands for, where the case's own
# subject and description name none and the company is its nearest ancestor's (the by-company rule reads the
# case's own text only).
@kind("salesforce-case-comment-of-another-company-than-its-case-tree", ("salesforce", "case_comments"))
def _(env, r):
    cases = {c["id"]: c for c in r[("salesforce", "cases")]}

    def company(cid, seen=()):
        c = cases.get(cid)
        if not c or cid in seen:
            return None
        s = cos((c.get("subject") or "") + " " + (c.get("description") or ""))
        if s:
            return s
        return company(c.get("parent_id"), seen + (cid,))
    n = 0
    for cm in r[("salesforce", "case_comments")]:
        c = cases.get(cm.get("parent_id"))
        if not c or cos((c.get("subject") or "") + " " + (c.get("description") or "")):
            continue
        mine = cos(cm.get("CommentBody"))
        up = company(c.get("parent_id"))
        if mine and up and not (mine & up):
            n += 1
    return n


# Google Chat: one member holding two memberships of one space.
@kind("google-chat-member-twice-in-one-space", ("google_chat", "memberships"))
def _(env, r):
    c = collections.Counter((m.get("space"), m.get("member_email")) for m in r[("google_chat", "memberships")])
    return sum(v for v in c.values() if v > 1)


# Box: a task on a file named for one company that speaks of another ("Confirm the Hooli Health kickoff date" on
# "Blue Harbor Inc launch plan 2").
@kind("box-task-naming-another-company-than-its-file", ("box", "tasks"))
def _(env, r):
    files = {f["id"]: f for f in r[("box", "files")]}
    n = 0
    for t in r[("box", "tasks")]:
        f = files.get(t.get("file_id"))
        if not f:
            continue
        fc, tc = cos(f.get("name")), cos(t.get("message"))
        if fc and tc and not (fc & tc):
            n += 1
    return n


# Box: a comment addressed to a person and signed as checked by the same person ("Xavier, ... look right to
# me. Checked by Xavier Whitcombe.").
SELF = re.compile(r"^(\w+), .*\b(?:Checked|Approved|Signed off|Reviewed) by \1\b")


@kind("box-comment-addressed-to-and-signed-by-one-person", ("box", "comments"))
def _(env, r):
    return sum(1 for c in r[("box", "comments")] if SELF.search(c.get("message") or ""))


# Stripe (second reading's K6, K7 and the third's refunded flag): text quoting a cents integer as dollars;
# a refund above its charge; a charge refunded in full yet `refunded: false`.
@kind("stripe-text-quoting-cents-as-dollars", ("stripe", "customers"))
def _(env, r):
    n = 0
    for coll, field in (("customers", "balance"), ("charges", "amount"), ("invoices", "amount_due"),
                        ("invoices", "amount_paid"), ("payment_intents", "amount")):
        for x in r[("stripe", coll)]:
            v = x.get(field)
            if isinstance(v, int) and v > 0 and ("$%s.00" % format(v, ",")) in (x.get("description") or ""):
                n += 1
    return n


@kind("stripe-refund-above-its-charge", ("stripe", "refunds"))
def _(env, r):
    ch = {c["id"]: c for c in r[("stripe", "charges")]}
    return sum(1 for x in r[("stripe", "refunds")]
               if x.get("charge") in ch and isinstance(x.get("amount"), (int, float))
               and x["amount"] > (ch[x["charge"]].get("amount") or 0))


@kind("stripe-charge-refunded-in-full-yet-not-refunded", ("stripe", "charges"))
def _(env, r):
    return sum(1 for c in r[("stripe", "charges")]
               if c.get("amount") and c.get("amount_refunded") == c.get("amount") and c.get("refunded") is False)


# Statuspage: a resolved incident (or completed maintenance) whose text still looks ahead ("Customers such as
# Oscorp Systems may see delays until then." after "This incident has been resolved").
@kind("statuspage-resolved-incident-text-looking-ahead", ("statuspage", "incidents"))
def _(env, r):
    return sum(1 for i in r[("statuspage", "incidents")] if i.get("status") in ("resolved", "completed")
               and re.search(r"until then|next update follows|we are (?:investigating|monitoring|working)", i.get("body") or ""))


# Zoho Desk: a ticket created after the date its own text gives ("Raised by Liam Singh of Acme Health on 30
# January", created 20 February) - the second reading's pattern needs "Raised on"; this one reads any "on D Month"
# or "first asked on D Month" in the description.
@kind("zoho-desk-ticket-created-after-its-texts-date", ("zoho_desk", "tickets"))
def _(env, r):
    n = 0
    for t in r[("zoho_desk", "tickets")]:
        c = ts(t.get("created_at"))
        m = re.search(r"\bon (\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December))\b", t.get("description") or "")
        if not (c and m):
            continue
        d = datetime.strptime("%s %d" % (m.group(1), c.year), "%d %B %Y").date()
        if d > c.date():
            d = d.replace(year=c.year - 1)
        if 1 < (c.date() - d).days < 200:
            n += 1
    return n


# ---- run
envs = [e for e in json.load(open(ENVS))["envs"] if e.get("verdict") == "verified"]
atoms = collections.defaultdict(list)
for e in envs:
    atoms[e["data"]].append(e)
names = [k for k in K if not WANT or k in WANT]
res = {k: [0, 0, set(), 0] for k in names}
for a, es in atoms.items():
    p = os.path.join(LIB, "data", a + ".yaml")
    if not os.path.exists(p):
        continue
    r = load(p)
    r = collections.defaultdict(list, r)
    for k in names:
        coll, f = K[k]
        if coll not in r:
            continue
        for e in es:
            res[k][1] += 1
            c = f(e, r)
            if c:
                res[k][0] += 1
                if a not in res[k][2]:
                    res[k][2].add(a)
                    res[k][3] += c
print("envs %d, data atoms used %d" % (len(envs), len(atoms)))
for k in names:
    x = res[k]
    print("%s: envs %d of %d, atoms %d, records %d" % (k, x[0], x[1], len(x[2]), x[3]))
