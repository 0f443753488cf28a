#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the eleventh reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py); standard library only.
Per kind: environments showing it, of those whose data atom holds its collection; data atoms; records."""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, env_atoms
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

# A Whereby participant joins, and a recording is made, while its meeting runs
# (https://docs.whereby.com/reference/whereby-rest-api-reference/insights: participants' joinedAt/leftAt;
# recordings' startDate/endDate): a participant who joined, or a recording that started, after the world's clock
# is a record of a meeting that has not begun.
@kind("whereby-participant-or-recording-after-the-clock", ("whereby", "participants"))
def _(meta, r):
    clock = meta.get("clock", "")[:19]
    if not clock: return 0
    n = sum(1 for p in r.get(("whereby", "participants"), [])
            if str(p.get("joinedAt", ""))[:19] > clock)
    n += sum(1 for x in r.get(("whereby", "recordings"), [])
             if str(x.get("startDate", ""))[:19] > clock)
    return n

# The pool's company names (the seventh reading's STEMS and SUFFIXES).
STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon", "Vortex"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft", "Dynamics"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")
def dom(name):
    return re.sub(r"[^a-z0-9]", "", name.lower())

# A Zendesk ticket is raised by its requester (https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/:
# requester_id, description): a description that has the ticket raised at another company than the requester's
# ("Billing question from Tamsin Thibault at Wonka LLC" on a ticket requested by Florian Zielinski of
# silverlakeinc) contradicts it.
@kind("zendesk-ticket-text-naming-another-company-than-its-requester", ("zendesk", "tickets"))
def _(meta, r):
    users = {str(u.get("id")): u for u in r.get(("zendesk", "users"), [])}
    n = 0
    for t in r.get(("zendesk", "tickets"), []):
        u = users.get(str(t.get("requester_id")))
        if not u or "@" not in str(u.get("email", "")): continue
        home = str(u["email"]).split("@")[1].split(".example")[0].split(".")[-1]
        named = [m for m in CO.findall(str(t.get("description", "")))]
        if named and all(dom(m) != home for m in named): n += 1
    return n

# A Pipedrive deal's lost reason speaks of the deal's person (pipedrive.yaml declares `subject: true` on
# deals.person_id; https://developers.pipedrive.com/docs/api/v1/Deals: person_id, lost_reason): a reason that names,
# by first name, another person of the data atom and not the deal's person ("Tamsin at Globex Co-op moved the work
# in-house" on a deal of Carmen Larsen, Tamsin Mbeki being a person of Cyberdyne Holdings) contradicts it.
@kind("pipedrive-lost-reason-naming-another-person-than-its-deals", ("pipedrive", "deals"))
def _(meta, r):
    persons = {str(p.get("id")): str(p.get("name", "")) for p in r.get(("pipedrive", "persons"), [])}
    firsts = {v.split(" ")[0] for v in persons.values() if v}
    n = 0
    for d in r.get(("pipedrive", "deals"), []):
        reason = str(d.get("lost_reason") or "")
        own = persons.get(str(d.get("person_id")), "")
        m = re.match(r"([A-Z][a-z]+)(?: [A-Z][\w']+)? (?:at|left|from)\b", reason)
        if m and own and m.group(1) in firsts and m.group(1) != own.split(" ")[0]: n += 1
    return n

# A Pipedrive note on an organization (and on its deal and person, which `agrees` ties to it;
# https://developers.pipedrive.com/docs/api/v1/Notes: org_id, deal_id, content) is about that organization: a
# content that places its contact at another company and names the organization nowhere ("Fiona Quintero at Wayne
# Industries is the contact for this" on a note of Globex Co-op) contradicts it.
@kind("pipedrive-note-naming-another-company-than-its-organization", ("pipedrive", "notes"))
def _(meta, r):
    orgs = {str(o.get("id")): str(o.get("name", "")) for o in r.get(("pipedrive", "organizations"), [])}
    n = 0
    for x in r.get(("pipedrive", "notes"), []):
        org = orgs.get(str(x.get("org_id")))
        text = str(x.get("content", ""))
        if org and org not in text and any(m != org for m in CO.findall(text)): n += 1
    return n

# An Expensify expense is kept in its report (expensify.yaml: "its comment speaks of its report as its own, never as
# another"; https://integrations.expensify.com/Integration-Server/doc/#expense-creator, reportID): a comment naming
# another report by its name ("see the report REP-4681" on an expense of R0088017, REP-2482) contradicts it. The
# rule reads the report's id; the texts name the report by `reportName`.
@kind("expensify-expense-comment-naming-another-report", ("expensify", "expenses"))
def _(meta, r):
    name = {str(x.get("reportID")): str(x.get("reportName")) for x in r.get(("expensify", "reports"), [])}
    names = set(name.values())
    n = 0
    for e in r.get(("expensify", "expenses"), []):
        own = name.get(str(e.get("reportID")))
        said = [m for m in re.findall(r"REP-\d+", str(e.get("comment", ""))) if m in names]
        if own and said and own not in said: n += 1
    return n

atoms, _ = env_atoms(envs_path)
for name, (key, f) in K.items():
    app, coll = key
    if only and name not in only: continue
    envs = holding = datoms = recs = 0
    for d, n in atoms.items():
        p = os.path.join(lib, "data", d + ".yaml")
        if not os.path.exists(p): continue
        with open(p) as fh:
            if ("    %s:" % coll) not in fh.read(): continue
        meta, r = load(p)
        if (app, coll) not in r: continue
        holding += n
        c = f(meta, r)
        if c: envs += n; datoms += 1; recs += c
    print("%s: envs %d of %d; data atoms %d; records %d" % (name, envs, holding, datoms, recs))
