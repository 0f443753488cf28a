#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the eighth reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/seventh/set1/reach.py: the second reading's line-based loader
(second/set2/load.py) and a reader of the atom's handles; per kind, environments whose data atom shows the
kind, of those whose atom holds the kind's collection, and records hit in the data atoms some environment
uses. Standard library only.
"""
import json, os, re, sys, collections, datetime
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

def ts(v):
    """An ISO date or date-time as a UTC datetime; None when it is not one."""
    if not isinstance(v, str) or not re.match(r"^\d{4}-\d\d-\d\d", v): return None
    s = v[:19] if len(v) >= 19 else v[:10] + "T00:00:00"
    try: return datetime.datetime.fromisoformat(s).replace(tzinfo=datetime.timezone.utc)
    except ValueError: return None

def dom(e): return e.split("@")[-1].lower() if isinstance(e, str) and "@" in e else None

def handles(path):
    """The atom's handles: name -> (app, collection, key), in both the one-line and the block form."""
    out, cur, inh = {}, None, False
    with open(path) as fh:
        for line in fh:
            if line.startswith("handles:"): inh = True; continue
            if not inh: continue
            m = re.match(r"^  (\w+): \{app: ([\w]+), collection: ([\w]+), key: \"?([^\"}]+)\"?\}", line)
            if m: out[m.group(1)] = (m.group(2), m.group(3), m.group(4).strip()); continue
            m = re.match(r"^  (\w+):\s*$", line)
            if m: cur = m.group(1); out[cur] = [None, None, None]; continue
            m = re.match(r"^    (app|collection|key): \"?([^\"]+)\"?\s*$", line)
            if m and cur:
                out[cur][("app", "collection", "key").index(m.group(1))] = m.group(2).strip()
            elif not line.startswith(" "): break
    return {k: tuple(v) for k, v in out.items()}

def keyed(r, app, coll, key):
    """The record of app.collection whose key (any field named like an id holding KEY) is KEY."""
    for x in r.get((app, coll), []):
        for f in ("id", "key", "name", "signature_request_id", "invoice_id", "ticket_id", "gid"):
            if str(x.get(f)) == key: return x
    return None

WITHDRAWN = {"cancelled", "canceled", "deleted", "trashed"}
def state_of(x):
    for f in ("status", "state", "workflow_state", "state_name"):
        v = x.get(f)
        if isinstance(v, str): return v.lower()
    if x.get("trashed") is True or x.get("is_deleted") is True or x.get("deleted") is True: return "deleted"
    return None

def withdrawn(role):
    """A workflow's policy (handle *_wfpol) or its correction (*_wfupd) held in a record whose state withdraws it."""
    def f(meta, r):
        return sum(1 for h, (app, coll, key) in r["__handles"].items() if h.endswith("_" + role)
                   and (x := keyed(r, app, coll, key)) is not None and state_of(x) in WITHDRAWN)
    return f
def has_handle(role):
    return lambda meta, r: any(h.endswith("_" + role) for h in r["__handles"])

# A workflow's correction ("Update: X", "X - correction") that the task tells the agent to follow, held in a
# Wrike task, Linear issue, Jira request ... that is cancelled, deleted or trashed (the update withdrawn).
K["workflow-correction-held-in-a-withdrawn-record"] = (has_handle("wfupd"), withdrawn("wfupd"))
# The same for the policy itself (the second reading's policy_closed, recounted here).
K["workflow-policy-held-in-a-withdrawn-record"] = (has_handle("wfpol"), withdrawn("wfpol"))

# Zendesk: a closed ticket the task changes (a workflow's hiw record). Closed tickets cannot be updated:
# https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/#update-ticket
@kind("zendesk-task-changes-a-closed-ticket", ("zendesk", "tickets"))
def _(meta, r):
    return sum(1 for h, (app, coll, key) in r["__handles"].items()
               if app == "zendesk" and coll == "tickets" and re.search(r"_hiw\d+$", h)
               and (x := keyed(r, app, coll, key)) is not None and x.get("status") == "closed")

# Salesforce: a case whose contact belongs to another account than the case's account.
# https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_case.htm
@kind("salesforce-case-contact-of-another-account", ("salesforce", "cases"))
def _(meta, r):
    acc = {a.get("id"): a.get("account_name") for a in r[("salesforce", "accounts")]}
    con = {c.get("id"): c for c in r[("salesforce", "contacts")]}
    n = 0
    for c in r[("salesforce", "cases")]:
        a, p = acc.get(c.get("account_id")), con.get(c.get("contact_id"))
        if not a or not p: continue
        pa = p.get("account_name") or acc.get(p.get("account_id"))
        if pa and pa != a: n += 1
    return n

# Google Ads: a campaign's monthly budget below four weeks of its daily budget (Google Ads charges up to
# 30.4 times the average daily budget in a month: https://support.google.com/google-ads/answer/2375423).
@kind("google-ads-monthly-budget-below-a-month-of-its-daily", ("google_ads", "campaigns"))
def _(meta, r):
    return sum(1 for c in r[("google_ads", "campaigns")]
               if isinstance(c.get("daily_budget"), (int, float)) and isinstance(c.get("monthly_budget"), (int, float))
               and c["monthly_budget"] < 28 * c["daily_budget"])

# Google Ads: an uploaded conversion recorded (created_at) before it happened (conversion_time).
# https://developers.google.com/google-ads/api/docs/conversions/upload-clicks
@kind("google-ads-conversion-recorded-before-it-happened", ("google_ads", "conversions"))
def _(meta, r):
    return sum(1 for c in r[("google_ads", "conversions")]
               if ts(c.get("created_at")) and ts(c.get("conversion_time")) and ts(c["created_at"]) < ts(c["conversion_time"]))

# Dropbox Sign: a request not is_declined that holds a declined signature (a request is declined once a
# signer declines: https://developers.hellosign.com/api/reference/schema/SignatureRequestResponse/).
@kind("dropbox-sign-declined-signature-on-a-request-not-declined", ("dropbox_sign", "signatures"))
def _(meta, r):
    req = {q.get("signature_request_id"): q for q in r[("dropbox_sign", "signature_requests")]}
    return sum(1 for s in r[("dropbox_sign", "signatures")] if s.get("status_code") == "declined"
               and (q := req.get(s.get("signature_request_id"))) is not None and not q.get("is_declined"))

# Dropbox Sign: a signature by a signer the request does not list among its signer_emails.
@kind("dropbox-sign-signature-by-a-signer-not-on-the-request", ("dropbox_sign", "signatures"))
def _(meta, r):
    req = {q.get("signature_request_id"): q for q in r[("dropbox_sign", "signature_requests")]}
    n = 0
    for s in r[("dropbox_sign", "signatures")]:
        q = req.get(s.get("signature_request_id"))
        if q is None or not q.get("signer_emails") or not s.get("signer_email_address"): continue
        if s["signer_email_address"].lower() not in {e.lower() for e in q["signer_emails"]}: n += 1
    return n

# Acuity Scheduling: an appointment lasting other than its appointment type's duration (minutes).
# https://developers.acuityscheduling.com/reference/get-appointments
@kind("acuity-appointment-length-other-than-its-types", ("acuity_scheduling", "appointments"))
def _(meta, r):
    dur = {t.get("id"): t.get("duration") for t in r[("acuity_scheduling", "appointment_types")]}
    n = 0
    for a in r[("acuity_scheduling", "appointments")]:
        d, s, e = dur.get(a.get("appointmentTypeID")), ts(a.get("datetime")), ts(a.get("endTime"))
        if isinstance(d, int) and s and e and (e - s).total_seconds() != 60 * d: n += 1
    return n

# The company's own people: a chief title (CEO, CFO, CTO ...) held by two users of one directory.
CHIEF = re.compile(r"^(?:C[A-Z]{1,3}O|Chief\b.*)$")
TITLE = ("position", "title", "job_title", "jobTitle")
def chiefs_twice(app_only=None):
    def f(meta, r):
        home = domain_of(company(meta)); n = 0
        for k, rows in r.items():
            if not isinstance(k, tuple): continue
            app, coll = k
            if app_only and app != app_only: continue
            c = collections.Counter()
            for x in rows:
                mail = x.get("email") or x.get("email_address") or x.get("work_email")
                t = next((x[f] for f in TITLE if isinstance(x.get(f), str)), None)
                if t and CHIEF.match(t) and home and dom(mail) == home and not x.get("is_deleted") and not x.get("deleted"):
                    c[t] += 1
            n += sum(v for v in c.values() if v > 1)
        return n
    return f
K["mattermost-chief-title-held-twice"] = (("mattermost", "users"), chiefs_twice("mattermost"))
K["home-chief-title-held-twice-in-any-directory"] = (lambda meta, r: bool(company(meta)), chiefs_twice())

def holds(k, meta, r):
    c = K[k][0]
    return c(meta, r) if callable(c) else bool(r.get(c))

names = [k for k in K if not only or k in only]
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
atoms = {}
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    path = os.path.join(dd, fn)
    meta, recs = load(path)
    r = collections.defaultdict(list, recs)
    r["__handles"] = handles(path)
    has = {k for k in names if holds(k, meta, r)}
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
