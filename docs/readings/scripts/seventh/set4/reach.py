#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 4 of the seventh reading, over a build's data atoms.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl. Loader: the second reading's line-based one (docs/readings/scripts/second/set2/load.py): each
record is one JSON object a line under "  app:" / "    collection:" headings; the world's company is read from the
atom's description ("... at Ironclad Group on Thursday ..."). Per kind: environments whose data atom shows the kind,
of those whose atom holds the kind's collection; atoms and records count the data atoms some environment uses.
Standard library only.
"""
import collections, datetime, json, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)

K = {}
def kind(name, holds):
    def deco(f): K[name] = (holds, f); return f
    return deco

def has(app, coll):
    return lambda meta, r: bool(r.get((app, coll)))

def stem(host):
    """The company part of a host: www.hoolilogistics.example -> hoolilogistics."""
    parts = (host or "").lower().split(".")
    return parts[-2] if len(parts) >= 2 else (parts[0] if parts else "")

def day(s):
    try: return datetime.date.fromisoformat(str(s)[:10])
    except ValueError: return None

# BambooHR: a time-off request's amount is the days requested
# (https://documentation.bamboohr.com/reference/time-off-requests-create; the server atom: "Days requested");
# a request from start to end asks for no more days than the span holds.
@kind("bamboohr-time-off-amount-beyond-its-days", has("bamboohr", "time_off_requests"))
def _(meta, r):
    n = 0
    for x in r[("bamboohr", "time_off_requests")]:
        s, e, a = day(x.get("start")), day(x.get("end")), x.get("amount")
        if s and e and isinstance(a, (int, float)) and a > (e - s).days + 1:
            n += 1; SHOW["bamboohr amount over span (amount, days)"][(a, (e - s).days + 1)] += 1
    return n

# BambooHR: an employee reports to a supervisor (https://documentation.bamboohr.com/reference/get-employee);
# a chief officer (CTO, CFO, ...) under an office manager, a vice president under a recruiter, is a
# manager below the employee (rank read from the title's words, as atom.TitleRank does for Rippling's `senior`).
def rank(t):
    t = (t or "").strip()
    if re.match(r"^(C[A-Z]O\b|Chief\b|President\b|Founder\b|Owner\b|Co-founder\b)", t): return 3
    if re.match(r"^(VP\b|Vice President\b|SVP\b|EVP\b)", t): return 2
    if re.match(r"^(Head of\b|Director\b)", t): return 1
    return 0
@kind("bamboohr-supervisor-below-the-employee", has("bamboohr", "employees"))
def _(meta, r):
    emp = {x.get("id"): x for x in r[("bamboohr", "employees")]}
    n = 0
    for x in emp.values():
        s = emp.get(x.get("supervisorId"))
        if s and rank(x.get("jobTitle")) > rank(s.get("jobTitle")):
            n += 1; SHOW["bamboohr employee title under supervisor title"][(x.get("jobTitle"), s.get("jobTitle"))] += 1
    return n

# Facebook Lead Ads: an ad's link is where the advertiser sends the people it reaches
# (https://developers.facebook.com/docs/marketing-api/reference/ad-creative-link-data/: "link"); the world's ads
# are its company's, so a link on another company's site ("www.hoolilogistics.example/ad/3467") is another's ad.
@kind("facebook-lead-ads-ad-linking-to-another-companys-site", has("facebook_lead_ads", "ads"))
def _(meta, r):
    home = stem(domain_of(company(meta)))
    n = 0
    for x in r[("facebook_lead_ads", "ads")]:
        m = re.match(r"^https?://([^/]+)", str(x.get("link", "")))
        if not m: continue
        if stem(m.group(1)) != home:
            n += 1; SHOW["facebook link host"]["other company" if home else "no home company"] += 1
        else:
            SHOW["facebook link host"]["home"] += 1
    return n

# Freshsales: a deal's closed date is the day it was won or lost
# (https://developers.freshworks.com/crm/api/#deals: "closed_date"); a deal still at New, Demo or Negotiation has
# none, least of all one before its expected close.
@kind("freshsales-open-deal-with-a-closed-date", has("freshsales", "deals"))
def _(meta, r):
    n = 0
    for x in r[("freshsales", "deals")]:
        if x.get("closed_date") and x.get("deal_stage") not in ("Won", "Lost"):
            n += 1; SHOW["freshsales open stage with closed_date"][x.get("deal_stage")] += 1
    return n

# BigCommerce: an order's status moves to Shipped (2) or Partially Shipped (3) when a shipment is made
# (https://developer.bigcommerce.com/docs/rest-management/orders/order-status); an order still Pending, Awaiting
# Payment, Awaiting Shipment or Fulfillment, Cancelled or Declined has no shipment with a tracking number.
NOT_SHIPPED = {0: "incomplete", 1: "pending", 5: "cancelled", 6: "declined", 7: "awaiting payment",
               8: "awaiting pickup", 9: "awaiting shipment", 11: "awaiting fulfillment", 12: "manual verification"}
@kind("bigcommerce-order-not-shipped-yet-holding-a-shipment", has("bigcommerce", "shipments"))
def _(meta, r):
    orders = {x.get("id"): x for x in r[("bigcommerce", "orders")]}
    n = 0
    for s in r[("bigcommerce", "shipments")]:
        o = orders.get(s.get("order_id"))
        if o and o.get("status_id") in NOT_SHIPPED:
            n += 1; SHOW["bigcommerce shipped order status"][NOT_SHIPPED[o["status_id"]]] += 1
    return n

# Fastmail (JMAP): a mailbox's totalEmails is the count of emails in it
# (https://www.rfc-editor.org/rfc/rfc8621#section-2: "totalEmails: The number of Emails in this Mailbox"); it is
# never below the emails the world holds there. unreadEmails likewise counts those without $seen.
@kind("fastmail-mailbox-counting-fewer-emails-than-it-holds", has("fastmail", "mailboxes"))
def _(meta, r):
    held = collections.Counter(); unread = collections.Counter()
    for e in r[("fastmail", "emails")]:
        for m in e.get("mailboxIds") or []:
            held[m] += 1
            if "$seen" not in (e.get("keywords") or []): unread[m] += 1
    n = 0
    for m in r[("fastmail", "mailboxes")]:
        t, u = m.get("totalEmails"), m.get("unreadEmails")
        bad = (isinstance(t, int) and t < held[m.get("id")]) or (isinstance(u, int) and u < unread[m.get("id")])
        if bad:
            n += 1; SHOW["fastmail mailbox role counting below"][m.get("role")] += 1
    return n

# Jira Service Management: a customer's organization is the customer's company
# (https://developer.atlassian.com/cloud/jira/service-desk/rest/api-group-organization/); a customer at
# waynepartners.example in the organization "Lakeside Consulting" is in another company's organization.
@kind("jsm-customer-at-another-company-than-its-organization",
      lambda meta, r: any(c.get("organizationId") for c in r.get(("jira_service_management", "customers"), [])))
def _(meta, r):
    orgs = {o.get("id"): o.get("name") for o in r[("jira_service_management", "organizations")]}
    n = 0
    for c in r[("jira_service_management", "customers")]:
        o = orgs.get(c.get("organizationId"))
        if not o: continue
        mail = str(c.get("emailAddress", ""))
        if "@" in mail and stem(mail.split("@")[1]) != stem(domain_of(o)):
            n += 1
    return n

# GitLab: a note names its issue or merge request by iid, a number within the note's project
# (https://docs.gitlab.com/ee/api/notes.html#create-new-issue-note: /projects/:id/issues/:issue_iid/notes).
# A note whose iid only another project's issue or merge request holds names a record that is not there
# (set 4: gitlab.notes 329063811 on issue 25 of 480029014, which issue 25 of 480077667 is).
@kind("gitlab-note-naming-another-projects-record", has("gitlab", "notes"))
def _(meta, r):
    coll = {"Issue": "issues", "MergeRequest": "merge_requests"}
    held = collections.defaultdict(set)  # (type, iid) -> projects
    for t, c in coll.items():
        for x in r[("gitlab", c)]:
            held[(t, str(x.get("iid")))].add(str(x.get("project_id")))
    n = 0
    for x in r[("gitlab", "notes")]:
        ps = held.get((x.get("noteable_type"), str(x.get("noteable_iid"))))
        if ps and str(x.get("project_id")) not in ps:
            n += 1
    return n

names = [k for k in K if not only or k in only]
envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
for e in envlist: e["atom"] = e["recipe"]["data"].split("@")[0]
used = {e["atom"] for e in envlist}
dd = os.path.join(lib, "data")
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    atoms[meta.get("id", fn[:-5])] = {k: K[k][1](meta, r) for k in names if K[k][0](meta, r)}
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.defaultdict(set)
for aid, cnt in atoms.items():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k].add(aid)
for e in envlist:
    cnt = atoms.get(e["atom"], {})
    for k, v in cnt.items():
        env_has[k] += 1
        if v: env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms read {len(atoms)} (those some env uses)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {len(atoms_hit[k])}, records {recs_hit[k]}")
for t, c in SHOW.items():
    print(f"{t}: {dict(c.most_common(12))}")
