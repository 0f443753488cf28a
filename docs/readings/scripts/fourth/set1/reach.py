#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the s56 reading (h56r1), over a build's data atoms.

usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Loader and run section as in docs/readings/scripts/third/set3/kinds3.py (which execs the second reading's
scripts/second/set3/kinds.py); of kinds3's kinds only the LinkedIn ones are kept, the rest are added here.
For each kind: envs showing it / envs holding the kind's collection, data atoms, records.
"""
import os, sys

_here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "third", "set3", "kinds3.py")
_src = open(_here).read().split("# ---- " + "run")[0]
_src = _src.replace('os.path.dirname(os.path.abspath(__file__))', repr(os.path.dirname(_here)))
exec(compile(_src, "kinds3.py", "exec"))
for _k in list(K):
    if not _k.startswith("linkedin-"):
        del K[_k]

STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay", "Soylent",
         "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor", "Cedar Peak", "Silver Lake",
         "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside", "Ironclad", "Bluebird", "Granite", "Harbor Point",
         "Maple", "Orion", "Polaris", "Quantum", "Halcyon"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics",
            "Holdings", "Consulting", "Ventures", "Worldwide", "International", "Co-op", "Soft"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")


def letters(s):
    return re.sub(r"[^a-z0-9]", "", (s or "").lower())


def dom(e):
    return e.split("@", 1)[1].lower() if isinstance(e, str) and "@" in e else None


def wsname(meta):
    m = re.search(r" at (.+?) on \w+day ", meta.get("description", ""))
    return m.group(1) if m else None


def tsx(s):
    try:
        return datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except Exception:
        return None


# ---- staff look-alikes: Asana's own people (assignees, project owners at the workspace's domain) written of
# as a customer's contact: "Called <Name>:", "<Name> at <Company> is the contact", "Call <First> at <Company>"
# on the task the person is assigned.
def _asana_staff(r):
    out = {}
    for t in r[("asana", "tasks")]:
        a = t.get("assignee") or ""
        if "@" in a:
            f, _, l = a.split("@")[0].partition(".")
            out[(f.capitalize() + " " + l.capitalize()) if l else f.capitalize()] = a
    for p in r[("asana", "projects")]:
        a = p.get("owner") or ""
        if "@" in a:
            f, _, l = a.split("@")[0].partition(".")
            out[(f.capitalize() + " " + l.capitalize()) if l else f.capitalize()] = a
    return out


@kind("asana-staff-written-of-as-a-customers-contact", ("asana", "tasks"))
def _(meta, r):
    staff = _asana_staff(r)
    n = 0
    for rec, field in [(t, "notes") for t in r[("asana", "tasks")]] + [(p, "notes") for p in r[("asana", "projects")]]:
        txt = rec.get(field) or ""
        if any(re.search(r"(Called %s:|%s at [A-Z][\w ]+ is the contact)" % (re.escape(nm), re.escape(nm)), txt) for nm in staff):
            n += 1
    tasks = {t.get("id"): t for t in r[("asana", "tasks")]}
    for s in r[("asana", "stories")]:
        t = tasks.get(s.get("task"))
        a = (t or {}).get("assignee") or ""
        first = a.split("@")[0].split(".")[0].capitalize() if "@" in a else None
        if first and re.search(r"\bCall %s at " % re.escape(first), s.get("text") or ""):
            n += 1
    return n


@kind("asana-system-story-naming-a-project-or-section-not-held", ("asana", "stories"))
def _(meta, r):
    projects = {p.get("name") for p in r[("asana", "projects")]}
    sections = {s.get("name") for s in r[("asana", "sections")]}
    n = 0
    for s in r[("asana", "stories")]:
        if s.get("type") != "system":
            continue
        t = s.get("text") or ""
        m = re.search(r"to the (.+) project\.?$", t)
        if m and m.group(1) not in projects:
            n += 1; continue
        m = re.search(r"to the (.+) section\.?$", t)
        if m and m.group(1) not in sections:
            n += 1
    return n


@kind("freshbooks-invoice-outstanding-against-status", ("freshbooks", "invoices"))
def _(meta, r):
    n = 0
    for i in r[("freshbooks", "invoices")]:
        st, amt, out = i.get("v3_status"), i.get("amount"), i.get("outstanding")
        if not isinstance(out, (int, float)) or not isinstance(amt, (int, float)):
            continue
        if st == "paid" and out > 0:
            n += 1
        elif st in ("draft", "sent", "viewed", "resent") and abs(out - amt) > 0.01:
            n += 1
    return n


# FreshBooks: a client's address at another company's domain than its organization's. An address at the
# organization's own domain or an office subdomain of it (eu.<org>.example) is the organization's.
@kind("freshbooks-client-email-of-another-company", ("freshbooks", "clients"))
def _(meta, r):
    n = 0
    for c in r[("freshbooks", "clients")]:
        d, org = dom(c.get("email")), c.get("organization")
        own = letters(org) + ".example" if org else ""
        if d and org and d != own and not d.endswith("." + own):
            n += 1
    return n


@kind("freshbooks-invoice-notes-naming-another-company-than-its-client", ("freshbooks", "invoices"))
def _(meta, r):
    org = {c.get("id"): c.get("organization") for c in r[("freshbooks", "clients")]}
    n = 0
    for i in r[("freshbooks", "invoices")]:
        o = org.get(i.get("customerid"))
        names = set(CO.findall(i.get("notes") or ""))
        if o and names and any(letters(x) != letters(o) for x in names):
            n += 1
    return n


# A person's fit of a request's summary to its type's name (narrower than the rule's five kinds).
JSM_FIT = [
    (r"arrived damaged", {"Report a delivery problem", "Request a refund", "Report a damaged item", "Return an item"}),
    (r"^Refund request", {"Request a refund", "Ask a billing question", "Ask about an invoice"}),
    (r"Duplicate charge|shows the wrong amount", {"Ask a billing question", "Ask about an invoice", "Request a refund", "Dispute a charge"}),
    (r"Shipping address change", {"Change a shipping address", "Report a delivery problem"}),
    (r"SSO setup question", {"Ask a question", "Get IT help", "Request access", "Report a bug", "Report an error"}),
    (r"asks about the annual plan", {"Ask a question", "Ask about pricing", "Ask a billing question", "Ask about an invoice"}),
    (r"cannot add new seats|Login fails|Webhook deliveries failing|API rate limit errors|stopped working|Cannot export|Data export missing", {"Report a bug", "Report an error", "Get IT help", "Report a problem", "Report an outage"}),
]


@kind("jsm-request-under-a-type-a-person-finds-unfit", ("jira_service_management", "requests"))
def _(meta, r):
    t = {x.get("id"): x.get("name") for x in r[("jira_service_management", "request_types")]}
    n = 0
    for q in r[("jira_service_management", "requests")]:
        name = t.get(q.get("requestTypeId"))
        if not name:
            continue
        for pat, fit in JSM_FIT:
            if re.search(pat, q.get("summary") or ""):
                if name not in fit:
                    n += 1
                break
    return n


@kind("confluence-personal-space-named-for-a-team-or-customer", ("confluence", "spaces"))
def _(meta, r):
    return sum(1 for s in r[("confluence", "spaces")] if s.get("type") == "personal" and (
        re.match(r"^(proj|team|deal)-|.*-(support|launch)(-\d+)?$", s.get("name") or "") or CO.search(s.get("description") or "")))


@kind("helpscout-conversation-email-not-its-customers", ("helpscout", "conversations"))
def _(meta, r):
    em = {c.get("id"): c.get("email") for c in r[("helpscout", "customers")]}
    return sum(1 for c in r[("helpscout", "conversations")] if c.get("customer_id") in em and c.get("customer_email") != em[c["customer_id"]])


@kind("salesforce-account-domain-of-another-company", ("salesforce", "accounts"))
def _(meta, r):
    n = 0
    for a in r[("salesforce", "accounts")]:
        d = a.get("domain") or dom(a.get("email"))
        if d and a.get("account_name") and letters(d.split(".")[0]) != letters(a["account_name"]):
            n += 1
    return n


@kind("salesforce-case-or-contact-naming-another-company-than-its-account", ("salesforce", "accounts"))
def _(meta, r):
    acc = {a.get("id"): a.get("account_name") for a in r[("salesforce", "accounts")]}
    n = 0
    for c in r[("salesforce", "cases")]:
        o = acc.get(c.get("account_id"))
        names = set(CO.findall((c.get("subject") or "") + " " + (c.get("description") or "")))
        if o and names and any(letters(x) != letters(o) for x in names):
            n += 1
    for c in r[("salesforce", "contacts")]:
        o = acc.get(c.get("account_id")) or c.get("account_name")
        names = set(CO.findall((c.get("description") or "") + " " + (c.get("notes") or "")))
        if o and names and any(letters(x) != letters(o) for x in names):
            n += 1
    return n


@kind("salesforce-case-comment-naming-another-company-than-its-case", ("salesforce", "case_comments"))
def _(meta, r):
    cs = {c.get("id"): c for c in r[("salesforce", "cases")]}
    n = 0
    for m in r[("salesforce", "case_comments")]:
        c = cs.get(m.get("parent_id"))
        if not c:
            continue
        own = set(CO.findall((c.get("subject") or "") + " " + (c.get("description") or "")))
        names = set(CO.findall(m.get("CommentBody") or ""))
        if own and names and not (names & own):
            n += 1
    return n


@kind("salesforce-contact-just-joined-yet-years-at-company", ("salesforce", "contacts"))
def _(meta, r):
    n = 0
    for c in r[("salesforce", "contacts")]:
        t = (c.get("description") or "") + " " + (c.get("notes") or "")
        y = c.get("years_at_company")
        if isinstance(y, (int, float)) and y >= 2 and re.search(r"\b(joined|moved to) [A-Z]", t):
            n += 1
    return n


@kind("salesforce-case-of-the-workspace-company-itself", ("salesforce", "cases"))
def _(meta, r):
    w = wsname(meta)
    if not w:
        return 0
    pat = re.compile(r"\b(of|at|from|for) %s\b|\(%s\)" % (re.escape(w), re.escape(w)))
    return sum(1 for c in r[("salesforce", "cases")] if pat.search((c.get("subject") or "") + " " + (c.get("description") or "")))


@kind("recruitee-offer-titled-as-a-customer-matter", ("recruitee", "offers"))
def _(meta, r):
    return sum(1 for o in r[("recruitee", "offers")] if CO.search(o.get("title") or ""))


@kind("recruitee-candidate-placed-twice-on-one-offer", ("recruitee", "placements"))
def _(meta, r):
    c = collections.Counter((p.get("candidate_id"), p.get("offer_id")) for p in r[("recruitee", "placements")])
    return sum(1 for p in r[("recruitee", "placements")] if c[(p.get("candidate_id"), p.get("offer_id"))] > 1)


@kind("linkedin-post-failed-or-requested-yet-published", ("linkedin", "posts"))
def _(meta, r):
    return sum(1 for p in r[("linkedin", "posts")] if p.get("published_at") and p.get("lifecycle_state") in ("PUBLISH_FAILED", "PUBLISH_REQUESTED", "DRAFT"))


@kind("statuspage-completed-maintenance-text-still-ahead", ("statuspage", "incidents"))
def _(meta, r):
    AHEAD = re.compile(r"next update follows|may be briefly unavailable|We are upgrading|stays available for most of the window|during this window|will post an update", re.I)
    return sum(1 for i in r[("statuspage", "incidents")] if i.get("status") == "completed" and AHEAD.search(i.get("body") or ""))


@kind("tiktok-ad-or-adgroup-live-under-a-deleted-parent", ("tiktok_ads", "ads"))
def _(meta, r):
    camp = {c.get("campaign_id"): c.get("operation_status") for c in r[("tiktok_ads", "campaigns")]}
    ag = {}
    n = 0
    for g in r[("tiktok_ads", "adgroups")]:
        dead = g.get("operation_status") == "DELETE" or camp.get(g.get("campaign_id")) == "DELETE"
        ag[g.get("adgroup_id")] = dead
        if g.get("operation_status") != "DELETE" and camp.get(g.get("campaign_id")) == "DELETE":
            n += 1
    n += sum(1 for a in r[("tiktok_ads", "ads")] if a.get("operation_status") != "DELETE" and ag.get(a.get("adgroup_id")))
    return n


@kind("sage-bank-or-ledger-account-named-as-a-company", ("sage_accounting", "bank_accounts"))
def _(meta, r):
    return sum(1 for a in r[("sage_accounting", "bank_accounts")] + r[("sage_accounting", "ledger_accounts")] if CO.fullmatch(a.get("name") or ""))


@kind("sage-purchase-invoice-from-a-customer-contact", ("sage_accounting", "purchase_invoices"))
def _(meta, r):
    ct = {c.get("id"): c.get("contact_type") for c in r[("sage_accounting", "contacts")]}
    return sum(1 for p in r[("sage_accounting", "purchase_invoices")] if ct.get(p.get("contact_id")) == "CUSTOMER")


@kind("instagram-comment-on-media-not-yet-published", ("instagram", "comments"))
def _(meta, r):
    md = {m.get("id"): m for m in r[("instagram", "media")]}
    n = 0
    for c in r[("instagram", "comments")]:
        m = md.get(c.get("media_id"))
        if not m:
            continue
        pub = tsx(m.get("published_at"))
        if m.get("status") not in (None, "published") or (pub and tsx(c.get("timestamp")) and tsx(c["timestamp"]) < pub):
            n += 1
    return n


exec(compile(open(_here).read().split("# ---- " + "run")[1], "kinds3.py(run)", "exec"))
