#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 3 of the seventh reading (and one the first reading saw that no
script counted), with kinds the reading left open that no script counted alone (meeting lengths of a few
minutes, Zoom recordings of meetings not held), over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/sixth/set3/reach.py: the second reading's line-based loader
(scripts/second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose
atom holds the kind's collection, and records hit in the data atoms some environment uses.
"""
import json, os, re, sys, collections, datetime
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

def day(v):
    return str(v)[:10] if v else ""

def letters(s):
    return re.sub(r"[^a-z0-9]", "", str(s).lower())

@kind("activecampaign-contact-in-automation-before-created", ("activecampaign", "contact_automations"))
def _(meta, r):
    """Contacts added to an automation (adddate) before the contact was created (cdate)."""
    c = {x.get("id"): x for x in r[("activecampaign", "contacts")]}
    return sum(1 for a in r[("activecampaign", "contact_automations")]
               if c.get(a.get("contact")) and a.get("adddate") and c[a["contact"]].get("cdate")
               and a["adddate"] < c[a["contact"]]["cdate"])

def payments_before_invoice(r, app, coll, inv_coll):
    inv = {x.get("invoice_id"): x for x in r[(app, inv_coll)]}
    return sum(1 for p in r[(app, coll)]
               if inv.get(p.get("invoice_id")) and day(p.get("date")) and day(inv[p["invoice_id"]].get("date"))
               and day(p["date"]) < day(inv[p["invoice_id"]]["date"]))

@kind("xero-payment-before-its-invoice", ("xero", "payments"))
def _(meta, r):
    """Xero payments dated before the invoice they pay."""
    return payments_before_invoice(r, "xero", "payments", "invoices")

@kind("zoho-books-payment-before-its-invoice", ("zoho_books", "customer_payments"))
def _(meta, r):
    """The same for Zoho Books customer payments."""
    return payments_before_invoice(r, "zoho_books", "customer_payments", "invoices")

@kind("xero-payment-invoice-number-not-its-invoices", ("xero", "payments"))
def _(meta, r):
    """Xero payments whose invoice_number is not the number of the invoice (invoice_id) they pay."""
    inv = {x.get("invoice_id"): x for x in r[("xero", "invoices")]}
    return sum(1 for p in r[("xero", "payments")]
               if inv.get(p.get("invoice_id")) and p.get("invoice_number")
               and p["invoice_number"] != inv[p["invoice_id"]].get("invoice_number"))

@kind("xero-bank-transfer-to-its-own-account", ("xero", "bank_transfers"))
def _(meta, r):
    """Xero bank transfers whose from and to bank account are one account."""
    return sum(1 for t in r[("xero", "bank_transfers")]
               if t.get("from_bank_account_id") and t.get("from_bank_account_id") == t.get("to_bank_account_id"))

@kind("xero-contact-with-invoices-neither-customer-nor-supplier", ("xero", "contacts"))
def _(meta, r):
    """Xero contacts with a sales invoice (ACCREC) yet is_customer false, or a bill or purchase invoice
    (ACCPAY, bills) yet is_supplier false: Xero sets both from the contact's transactions."""
    rec, pay = set(), set()
    for i in r[("xero", "invoices")]:
        (rec if i.get("type") == "ACCREC" else pay if i.get("type") == "ACCPAY" else set()).add(i.get("contact_id"))
    for b in r[("xero", "bills")]:
        pay.add(b.get("contact_id"))
    return sum(1 for c in r[("xero", "contacts")]
               if (c.get("contact_id") in rec and c.get("is_customer") is False)
               or (c.get("contact_id") in pay and c.get("is_supplier") is False))

@kind("front-conversation-assignee-and-status-disagree", ("front", "conversations"))
def _(meta, r):
    """Front conversations with an assignee yet status unassigned, or status assigned with none."""
    return sum(1 for c in r[("front", "conversations")]
               if (c.get("assignee_id") and c.get("status") == "unassigned")
               or (not c.get("assignee_id") and c.get("status") == "assigned"))

@kind("zoho-books-payment-on-an-invoice-with-nothing-paid", ("zoho_books", "customer_payments"))
def _(meta, r):
    """Zoho Books customer payments on an invoice still draft, sent or overdue (balance the whole total)."""
    inv = {x.get("invoice_id"): x for x in r[("zoho_books", "invoices")]}
    return sum(1 for p in r[("zoho_books", "customer_payments")]
               if inv.get(p.get("invoice_id")) and inv[p["invoice_id"]].get("status") in ("draft", "sent", "overdue"))

@kind("bamboohr-time-off-amount-beyond-its-days", ("bamboohr", "time_off_requests"))
def _(meta, r):
    """BambooHR time off whose amount (days) exceeds the calendar days from start to end."""
    n = 0
    for t in r[("bamboohr", "time_off_requests")]:
        try:
            d = (datetime.date.fromisoformat(day(t.get("end"))) - datetime.date.fromisoformat(day(t.get("start")))).days + 1
        except ValueError:
            continue
        if isinstance(t.get("amount"), (int, float)) and t["amount"] > d:
            n += 1
    return n

PERSON_COMPANY = ("company_name", "company", "organization")

def home_people_named_elsewhere(meta, r, colls):
    """Person records at the world's own domain whose company field names another company."""
    home = company(meta)
    if not home:
        return 0
    dom, n = letters(home) + ".example", 0
    for key in colls:
        for x in r[key]:
            e = str(x.get("email") or x.get("email_address") or "")
            f = next((x[k] for k in PERSON_COMPANY if isinstance(x.get(k), str) and x.get(k)), None)
            if e.lower().endswith("@" + dom) and f and letters(f) != letters(home):
                n += 1
    return n

@kind("constant-contact-contact-on-the-home-domain-named-for-another-company", ("constant_contact", "contacts"))
def _(meta, r):
    """Constant Contact contacts at the world's own domain whose company_name is another company's."""
    return home_people_named_elsewhere(meta, r, [("constant_contact", "contacts")])

def person_colls(r):
    return [k for k, rows in r.items() if rows and any(("email" in x or "email_address" in x)
            and any(c in x for c in PERSON_COMPANY) for x in rows[:3])]

@kind("person-on-the-home-domain-named-for-another-company", lambda r: bool(person_colls(r)))
def _(meta, r):
    """The same over every collection of people holding an email and a company field."""
    return home_people_named_elsewhere(meta, r, person_colls(r))

# Kinds the reading left open, counted after it (build.md, Coherence: meeting lengths, recordings).
def when(v):
    """An ISO date or date-time as a UTC datetime; None when it is neither."""
    if not isinstance(v, str) or not re.match(r"^\d{4}-\d\d-\d\d", v): return None
    s = v[:19] if len(v) >= 19 else v[:10] + "T00:00:00"
    try: return datetime.datetime.fromisoformat(s).replace(tzinfo=datetime.timezone.utc)
    except ValueError: return None

# A meeting's length in minutes of a few minutes (under 5): Calendly event types, Zoom meetings and webinars,
# Acuity appointment types, Lever interviews. Calendly's is the seventh reading's ("durations drawn as counts").
LENGTHS = [("calendly", "event_types", "duration"), ("zoom", "meetings", "duration"), ("zoom", "meetings", "scheduled_duration"),
           ("zoom", "webinars", "duration"), ("zoom", "webinars", "scheduled_duration"),
           ("acuity_scheduling", "appointment_types", "duration"), ("lever", "interviews", "duration")]
def few_minutes(r, app):
    return sum(1 for a, c, f in LENGTHS if a == app for x in r[(a, c)]
               if isinstance(x.get(f), (int, float)) and not isinstance(x.get(f), bool) and x[f] < 5)

@kind("calendly-event-type-of-a-few-minutes", ("calendly", "event_types"))
def _(meta, r): return few_minutes(r, "calendly")

@kind("zoom-meeting-of-a-few-minutes", lambda r: r.get(("zoom", "meetings")) or r.get(("zoom", "webinars")))
def _(meta, r): return few_minutes(r, "zoom")

@kind("acuity-appointment-type-of-a-few-minutes", ("acuity_scheduling", "appointment_types"))
def _(meta, r): return few_minutes(r, "acuity_scheduling")

@kind("lever-interview-of-a-few-minutes", ("lever", "interviews"))
def _(meta, r): return few_minutes(r, "lever")

# Any of those lengths off the 5-minute steps the products offer (23 minutes), of every app together.
@kind("meeting-length-off-the-5-minute-steps", lambda r: any(r.get((a, c)) for a, c, f in LENGTHS))
def _(meta, r):
    return sum(1 for a, c, f in LENGTHS for x in r[(a, c)]
               if isinstance(x.get(f), (int, float)) and not isinstance(x.get(f), bool) and x[f] % 5)

# Zoom: a cloud recording of a meeting not yet held: the meeting still waiting or starting after the clock,
# or the recording begun before its meeting starts or after the clock (recordings alone; the second reading's
# zoom-participants-or-recordings-of-meeting-not-held counts participants beside them).
@kind("zoom-recording-of-a-meeting-not-held", ("zoom", "recordings"))
def _(meta, r):
    clock = when(meta.get("clock"))
    ms = {m.get("id"): m for m in r[("zoom", "meetings")]}
    n = 0
    for x in r[("zoom", "recordings")]:
        m = ms.get(x.get("meeting_id"))
        if not m: continue
        st, began = when(m.get("start_time")), when(x.get("recording_start"))
        if (m.get("status") == "waiting" or (st and clock and st > clock) or (began and clock and began > clock)
                or (began and st and began < st)):
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
    has = {k for k in names if (K[k][0](r) if callable(K[k][0]) else r.get(K[k][0]))}
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
