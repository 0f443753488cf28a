#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the tenth reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py); standard library only.
Per kind: environments showing it, of those whose data atom holds its collection; data atoms; records.
SAMPLES=N prints up to N records of the home-staff kind."""
import os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, env_atoms, company, domain_of
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
NS = int(os.environ.get("SAMPLES", "0"))
SAMPLES = []
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

# ServiceNow incident states (https://docs.servicenow.com/ Incident management states; Table API `incident.state`):
# 1 New, 2 In Progress, 3 On Hold, 6 Resolved, 7 Closed, 8 Canceled. `resolved_at` and `close_code` are set when
# an incident is resolved; an incident still New, In Progress or On Hold carries neither.
@kind("servicenow-open-incident-with-resolution", ("servicenow", "incident"))
def _(meta, r):
    return sum(1 for i in r.get(("servicenow", "incident"), [])
               if i.get("state") in (1, 2, 3) and (i.get("resolved_at") or i.get("close_code")))

# ServiceNow derives an incident's priority from its impact and urgency (the default priority lookup: 1-1 is
# 1 Critical, 1-2 and 2-1 are 2 High, 1-3, 2-2 and 3-1 are 3 Moderate, 2-3 and 3-2 are 4 Low, 3-3 is 5 Planning;
# https://docs.servicenow.com/ Incident management, "Priority lookup rules"): priority = impact + urgency - 1.
@kind("servicenow-incident-priority-off-its-impact-and-urgency", ("servicenow", "incident"))
def _(meta, r):
    return sum(1 for i in r.get(("servicenow", "incident"), [])
               if all(isinstance(i.get(k), int) for k in ("impact", "urgency", "priority"))
               and i["priority"] != i["impact"] + i["urgency"] - 1)

# Smartsheet `rowNumber` is the row's position in its sheet, 1-based, and `totalRowCount` the sheet's rows
# (https://smartsheet.redoc.ly/ Rows: rowNumber; Sheets: totalRowCount): no row's number exceeds its sheet's count.
@kind("smartsheet-row-number-beyond-its-sheets-row-count", ("smartsheet", "rows"))
def _(meta, r):
    total = {str(s.get("id")): s.get("totalRowCount") for s in r.get(("smartsheet", "sheets"), [])}
    return sum(1 for w in r.get(("smartsheet", "rows"), [])
               if isinstance(total.get(str(w.get("sheetId"))), int) and isinstance(w.get("rowNumber"), int)
               and w["rowNumber"] > total[str(w["sheetId"])])

# A Dropbox Sign signature's `order` is the signer's 0-based index when signer order is set
# (https://developers.hellosign.com/api/reference/operation/signatureRequestGet/ SignatureRequestResponseSignatures):
# it is below the number of signers its request lists.
@kind("dropbox-sign-signature-order-beyond-its-signers", ("dropbox_sign", "signatures"))
def _(meta, r):
    n = {str(q.get("signature_request_id")): len(q.get("signer_emails") or [])
         for q in r.get(("dropbox_sign", "signature_requests"), [])}
    return sum(1 for s in r.get(("dropbox_sign", "signatures"), [])
               if str(s.get("signature_request_id")) in n and isinstance(s.get("order"), int)
               and s["order"] >= n[str(s["signature_request_id"])])

# Square keeps money in the currency's smallest denomination, cents for USD
# (https://developer.squareup.com/reference/square/objects/Money, `amount`): a text quoting a record's `*_money_amount` N as
# "$N.00" (N dollars) names an amount a hundred times what it holds.
SQ = (("square", "catalog_items"), ("square", "payments"), ("square", "refunds"), ("square", "orders"))
@kind("square-amount-in-cents-quoted-as-dollars", ("square", "catalog_items"))
def _(meta, r):
    n = 0
    for key in SQ:
        for x in r.get(key, []):
            text = " ".join(str(v) for k, v in x.items() if isinstance(v, str) and not k.endswith("_id") and k != "id")
            for k, v in x.items():
                if k.endswith("money_amount") and isinstance(v, int) and v >= 100 and "$%s.00" % format(v, ",") in text:
                    n += 1; break
    return n

# A Square refund is of one payment, hence of that payment's customer: a `reason` naming another customer's company
# ("Orla at Cyberdyne Holdings moved the work in-house" on a payment of Noor Delacroix of Vortex Dynamics)
# contradicts it (https://developer.squareup.com/reference/square/objects/PaymentRefund: payment_id, reason).
@kind("square-refund-reason-naming-another-customers-company", ("square", "refunds"))
def _(meta, r):
    cust = {str(c.get("id")): c for c in r.get(("square", "customers"), [])}
    pay = {str(p.get("id")): p for p in r.get(("square", "payments"), [])}
    names = {str(c.get("company_name")) for c in cust.values() if c.get("company_name")}
    n = 0
    for f in r.get(("square", "refunds"), []):
        c = cust.get(str(pay.get(str(f.get("payment_id")), {}).get("customer_id")))
        if not c or not c.get("company_name"): continue
        reason = str(f.get("reason", ""))
        if any(m != c["company_name"] and m in reason and c["company_name"] not in reason for m in names): n += 1
    return n

# A Calendly one-on-one event (event type `kind: solo`) has one invitee, and cancelling it, by host or invitee,
# cancels the event (https://developer.calendly.com/api-docs/: Scheduled Event `status` active or canceled, Invitee
# `status` and `cancellation`). A `canceled` invitee with no active invitee beside it on an `active` solo event
# contradicts it.
@kind("calendly-canceled-sole-invitee-of-an-active-one-on-one-event", ("calendly", "invitees"))
def _(meta, r):
    kinds = {str(t.get("id")): t.get("kind") for t in r.get(("calendly", "event_types"), [])}
    ev = {str(e.get("id")): e for e in r.get(("calendly", "scheduled_events"), [])}
    inv = r.get(("calendly", "invitees"), [])
    active = {str(i.get("event_id")) for i in inv if i.get("status") == "active"}
    n = 0
    for i in inv:
        e = ev.get(str(i.get("event_id")))
        if (i.get("status") == "canceled" and e and e.get("status") == "active"
                and kinds.get(str(e.get("event_type_id"))) == "solo" and str(e.get("id")) not in active): n += 1
    return n

# A person of the workspace's own company (a record at its domain that names them: a Salesforce user, a staff
# member) written of in another record's text as a customer's person ("Raised by Laura Shah of Granite Labs" on a
# case, where Laura Shah is the workspace's Account Executive at ironcladanalytics). The company names are the
# pool's (the seventh reading's STEMS and SUFFIXES).
STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft"]
CO = r"((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b"
def _staff(x, home):
    for k in ("email", "emailAddress", "email_address"):
        v = x.get(k)
        if isinstance(v, str) and v.lower().endswith("@" + home):
            if isinstance(x.get("name"), str) and " " in x["name"]: return x["name"]
            if x.get("first_name") and x.get("last_name"): return "%s %s" % (x["first_name"], x["last_name"])
            if x.get("displayName"): return str(x["displayName"])
    return None
@kind("home-staff-named-as-a-customers-person-in-another-record", None)
def _(meta, r):
    home = domain_of(company(meta))
    if not home: return 0
    staff = {n for recs in r.values() for x in recs for n in [_staff(x, home)] if n}
    if not staff: return 0
    rx = re.compile("(" + "|".join(re.escape(n) for n in staff) + r") (?:of|at|from) " + CO)
    n = 0
    for recs in r.values():
        for x in recs:
            if _staff(x, home): continue
            text = " ".join(v for v in x.values() if isinstance(v, str))
            hit = [m.group(0) for m in rx.finditer(text) if domain_of(m.group(2)) != home]
            if hit:
                n += 1
                if len(SAMPLES) < NS: SAMPLES.append((meta.get("id"), x.get("id"), hit[0]))
    return n

atoms, _ = env_atoms(envs_path)
for name, (key, f) in K.items():
    app, coll = key if key else (None, None)
    if only and name not in only: continue
    envs = holding = datoms = recs = 0
    for d, n in atoms.items():
        p = os.path.join(lib, "data", d + ".yaml")
        if not os.path.exists(p): continue
        if app is not None:
            with open(p) as fh:
                if ("    %s:" % coll) not in fh.read(): continue
        meta, r = load(p)
        if app is not None and (app, coll) not in r: continue
        holding += n
        c = f(meta, r)
        if c: envs += n; datoms += 1; recs += c
    print("%s: envs %d of %d; data atoms %d; records %d" % (name, envs, holding, datoms, recs))
    for e in SAMPLES: print("    e.g.", e)
    del SAMPLES[:]
