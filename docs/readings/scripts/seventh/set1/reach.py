#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the seventh reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/sixth/set1/reach.py: the second reading's line-based loader
(second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose atom holds
the kind's collection, and records hit in the data atoms some environment uses. Standard library only.
"""
import json, os, re, sys, collections, datetime
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft"]
CO = r"((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b"

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

def ts(v):
    """An ISO date or date-time, or an epoch number, as a UTC datetime; None when it is neither."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        x = float(v)
        x = x / 1e6 if x > 1e14 else x / 1e3 if x > 1e11 else x
        return datetime.datetime.fromtimestamp(x, datetime.timezone.utc) if 1e8 < x < 1e10 else None
    if not isinstance(v, str) or not re.match(r"^\d{4}-\d\d-\d\d", v): return None
    s = v[:19] if len(v) >= 19 else v[:10] + "T00:00:00"
    try: return datetime.datetime.fromisoformat(s).replace(tzinfo=datetime.timezone.utc)
    except ValueError: return None

def dom(e): return e.split("@")[-1].lower() if isinstance(e, str) and "@" in e else None

# Gusto: a payroll's check date (pay day) falls before the pay period it pays even begins.
# https://docs.gusto.com/app-integrations/reference/get-v1-companies-company_id-payrolls
@kind("gusto-payroll-paid-before-its-pay-period", ("gusto", "payrolls"))
def _(meta, r):
    return sum(1 for p in r[("gusto", "payrolls")]
               if ts(p.get("check_date")) and ts(p.get("pay_period_start")) and ts(p.get("check_date")) < ts(p.get("pay_period_start")))

# Gusto: a chief officer's title (CTO, CFO, CEO, COO ...) held by two employees of the one company.
CHIEF = re.compile(r"^(?:C[A-Z]O|Chief\b.*)$")
@kind("gusto-chief-title-held-twice", ("gusto", "employees"))
def _(meta, r):
    c = collections.Counter(e.get("job_title") for e in r[("gusto", "employees")]
                            if CHIEF.match(str(e.get("job_title", ""))) and not e.get("terminated"))
    return sum(n for n in c.values() if n > 1)

# Constant Contact: a contact whose address is at one company's domain and whose company_name is another's.
@kind("constant-contact-contact-address-of-another-company", ("constant_contact", "contacts"))
def _(meta, r):
    return sum(1 for c in r[("constant_contact", "contacts")]
               if c.get("company_name") and dom(c.get("email_address")) and dom(c.get("email_address")) != domain_of(c.get("company_name")))

# The same, where the address is the world's own company's (its own people given a customer's name).
@kind("constant-contact-home-address-given-another-company", ("constant_contact", "contacts"))
def _(meta, r):
    home = domain_of(company(meta))
    return sum(1 for c in r[("constant_contact", "contacts")]
               if home and dom(c.get("email_address")) == home and domain_of(c.get("company_name")) != home)

# Constant Contact: the account's campaign sent from (or replying to) another company's address. An address at an
# office subdomain of the account's own domain (eu.<home>, where a namesake holds the address at home) is the account's.
@kind("constant-contact-campaign-from-another-company", ("constant_contact", "email_campaigns"))
def _(meta, r):
    home = domain_of(company(meta))
    return sum(1 for c in r[("constant_contact", "email_campaigns")]
               if home and dom(c.get("from_email")) and dom(c.get("from_email")) != home
               and not dom(c.get("from_email")).endswith("." + home))

# Jira: two projects of one site with the same name (Jira refuses a project name already in use).
# https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-projects/#api-rest-api-3-project-post
@kind("jira-projects-sharing-a-name", ("jira", "projects"))
def _(meta, r):
    c = collections.Counter(str(p.get("name", "")).strip().lower() for p in r[("jira", "projects")])
    return sum(n for n in c.values() if n > 1)

# Front: a conversation `assigned` with no assignee, or `unassigned` with one.
# https://dev.frontapp.com/reference/conversations
@kind("front-conversation-status-against-assignee", ("front", "conversations"))
def _(meta, r):
    return sum(1 for c in r[("front", "conversations")]
               if (c.get("status") == "assigned" and not c.get("assignee_id"))
               or (c.get("status") == "unassigned" and c.get("assignee_id")))

# DocuSign: an envelope's stamps out of the order a sending takes (sent <= delivered <= completed; the last
# status change no earlier than the last stamp; last modified no earlier than sent), or stamps with no status.
# https://developers.docusign.com/docs/esign-rest-api/reference/envelopes/envelopes/get/
def _env_bad(e):
    s, d, c = ts(e.get("sent_date_time")), ts(e.get("delivered_date_time")), ts(e.get("completed_date_time"))
    ch, m = ts(e.get("status_changed_date_time")), ts(e.get("last_modified_date_time"))
    stamps = [x for x in (s, d, c) if x]
    return bool((s and d and d < s) or (d and c and c < d) or (s and c and c < s)
                or (ch and stamps and ch < max(stamps)) or (m and s and m < s))
@kind("docusign-envelope-stamps-out-of-order", ("docusign", "envelopes"))
def _(meta, r):
    return sum(1 for e in r[("docusign", "envelopes")] if _env_bad(e))

@kind("docusign-envelope-delivered-after-completed", ("docusign", "envelopes"))
def _(meta, r):
    return sum(1 for e in r[("docusign", "envelopes")]
               if ts(e.get("delivered_date_time")) and ts(e.get("completed_date_time"))
               and ts(e.get("completed_date_time")) < ts(e.get("delivered_date_time")))

@kind("docusign-envelope-completed-with-no-status", ("docusign", "envelopes"))
def _(meta, r):
    return sum(1 for e in r[("docusign", "envelopes")] if e.get("completed_date_time") and not e.get("status"))

# DocuSign: a recipient who declined, on an envelope stamped completed (a declined envelope is not completed).
@kind("docusign-completed-envelope-with-a-declined-recipient", ("docusign", "recipients"))
def _(meta, r):
    env = {e.get("id"): e for e in r[("docusign", "envelopes")]}
    return sum(1 for x in r[("docusign", "recipients")]
               if x.get("status") == "declined" and (env.get(x.get("envelope_id")) or {}).get("completed_date_time")
               and (env.get(x.get("envelope_id")) or {}).get("status") in (None, "completed"))

# Shopify: an order holding a refund whose financial_status is neither refunded nor partially_refunded.
# https://shopify.dev/docs/api/admin-rest/latest/resources/order (financial_status)
@kind("shopify-refunded-order-not-marked-refunded", ("shopify", "refunds"))
def _(meta, r):
    orders = {o.get("id"): o for o in r[("shopify", "orders")]}
    hit = {f.get("order_id") for f in r[("shopify", "refunds")]
           if f.get("order_id") in orders and orders[f.get("order_id")].get("financial_status") not in ("refunded", "partially_refunded")}
    return len(hit)

# Freshsales: a deal still open (not Won or Lost) with a closed date.
# https://developers.freshworks.com/crm/api/#deals
@kind("freshsales-open-deal-with-a-closed-date", ("freshsales", "deals"))
def _(meta, r):
    return sum(1 for d in r[("freshsales", "deals")] if d.get("closed_date") and d.get("deal_stage") not in ("Won", "Lost"))

# Calendly: a scheduled event lasting other than its event type's duration.
# https://developer.calendly.com/api-docs (Event Type `duration`; Scheduled Event `start_time`, `end_time`)
@kind("calendly-event-length-other-than-its-types", ("calendly", "scheduled_events"))
def _(meta, r):
    et = {t.get("id"): t for t in r[("calendly", "event_types")]}
    n = 0
    for e in r[("calendly", "scheduled_events")]:
        t, a, b = et.get(e.get("event_type_id")), ts(e.get("start_time")), ts(e.get("end_time"))
        if t and a and b and isinstance(t.get("duration"), int) and (b - a).total_seconds() != 60 * t["duration"]: n += 1
    return n

# Calendly: a user's organization_role is owner, admin or user; a job title is none.
@kind("calendly-user-role-a-job-title", ("calendly", "users"))
def _(meta, r):
    return sum(1 for u in r[("calendly", "users")] if u.get("organization_role") not in (None, "owner", "admin", "user"))

# Calendly: an invitee's text naming its own scheduled event as another ("Duplicate of the scheduled event X"
# on an invitee of X): the self-text rule, on a reference it does not read.
@kind("calendly-invitee-naming-its-own-event-as-another", ("calendly", "invitees"))
def _(meta, r):
    ev = {e.get("id"): str(e.get("name", "")) for e in r[("calendly", "scheduled_events")]}
    n = 0
    for i in r[("calendly", "invitees")]:
        name = ev.get(i.get("event_id"))
        if name and any(isinstance(v, str) and ("the scheduled event " + name) in v for v in i.values()): n += 1
    return n

# A change to a policy dated before the policy it changes, where the task sends the agent to the later word
# (reconcile tasks: "Change to the sync rule" before the "Sync rule for ..." message; workflow tasks: "Change from
# today: where the X says" or "Correction to the X" before the record titled X). Counted over atoms holding a change.
FIRST_KEYS = ("created_at", "create_at", "created", "createdAt", "created_time", "created_date", "date_created",
              "sentDateTime", "created_usec", "date", "post_at", "ts")
def _when(rec):
    for k in FIRST_KEYS:
        t = ts(rec.get(k))
        if t: return t
    return None
CHANGE = re.compile(r"^(?:Change to the sync rule\b|Change from today: where the (.+?) says|Correction to the (.+?):)")
def _changes(r):
    out = []
    for (app, coll), recs in r.items():
        for x in recs:
            for v in x.values():
                m = CHANGE.match(v) if isinstance(v, str) else None
                if m: out.append((x, m.group(1) or m.group(2))); break
    return out
def _has_change(meta, r): return bool(_changes(r))
@kind("policy-change-dated-before-the-policy", _has_change)
def _(meta, r):
    n = 0
    for x, title in _changes(r):
        t = _when(x)
        for recs in r.values():
            for p in recs:
                if p is x: continue
                vals = [v for v in p.values() if isinstance(v, str)]
                is_policy = any(v.startswith("Sync rule for ") for v in vals) if title is None else \
                    any(v.strip() == title for v in vals)
                if is_policy and t and _when(p) and t < _when(p): n += 1
    return n

# A record kept by one of the company's own people (an assignee, owner or user at the company's domain) whose
# text makes that person a customer's contact ("Renata Castellanos at Massive Partners is the contact for this"
# on Renata's own task at Ironclad Partners; "Called Leilani Whitcombe: Evergreen Analytics wants an update").
def _person(email):
    local = email.split("@")[0]
    return " ".join(w.capitalize() for w in local.split("."))
@kind("home-person-named-as-a-customers-contact", lambda meta, r: bool(company(meta)))
def _(meta, r):
    home = domain_of(company(meta))
    if not home: return 0
    n = 0
    for recs in r.values():
        for x in recs:
            people = {_person(v) for k, v in x.items() if isinstance(v, str) and dom(v) == home
                      and k in ("assignee", "owner", "owned_by", "author", "user", "email", "creator")}
            text = " ".join(v for v in x.values() if isinstance(v, str))
            for p in people:
                # The company named is a customer's: the person at the home company itself is in place.
                cos = re.findall(re.escape(p) + r" at " + CO, text) + re.findall(r"Called " + re.escape(p) + r": " + CO, text)
                if any(domain_of(c) != home for c in cos):
                    n += 1; break
    return n

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
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
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
