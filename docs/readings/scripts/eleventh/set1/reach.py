#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the eleventh reading, over a build's data atoms.

usage: reach.py LIBDIR ENVS [KIND ...]
Data atoms are read by the second reading's line-based loader (docs/readings/scripts/second/set2/load.py; standard
library only). Per kind: environments showing the kind, of those holding its collection; records counts the records
hit in the data atoms some environment uses.

Kinds:
- expensify-expense-comment-naming-another-report: an Expensify expense whose comment names a report (REP-nnnn)
  other than the report it is kept in (`reportID`'s `reportName`). expensify.yaml says an expense's comment speaks of
  its report as its own, never as another (an expense belongs to one report:
  https://integrations.expensify.com/Integration-Server/doc/#expense-creator).
- pipedrive-note-placing-its-person-at-another-company: a Pipedrive note whose content places someone "at" a
  company other than the note's organization (`org_id`'s name). A note is attached to one deal, person and
  organization (https://developers.pipedrive.com/docs/api/v1/Notes#addNote).
- zoho-sign-request-in-progress-past-its-expiry: a Zoho Sign request `inprogress` whose `created_time` plus its
  `expiration_days` is before the world's clock. A request not signed within its expiration days becomes `expired`
  (https://www.zoho.com/sign/api/#request-status; expiration_days: https://www.zoho.com/sign/api/#create-document).
  The request was sent no earlier than it was created, so the bound is a floor.
- ashby-interview-after-the-withdrawal-its-application-archives: an Ashby application `Archived` whose
  archiveReason says the candidate withdrew after a day, holding an interview schedule `Completed` (or `Scheduled`)
  that starts after that day (https://developers.ashbyhq.com/reference/applicationchangestage,
  https://developers.ashbyhq.com/reference/interviewschedulelist).
- magento-invoice-above-its-order-total: a Magento invoice not canceled (state 1 open or 2 paid) whose grand_total
  is above its order's grand_total; an order is invoiced for at most what it is
  (https://developer.adobe.com/commerce/webapi/rest/tutorials/orders/order-create-invoice/).
"""
import collections, json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
K1 = "expensify-expense-comment-naming-another-report"
K2 = "pipedrive-note-placing-its-person-at-another-company"
COLL = {K1: ("expensify", "expenses"), K2: ("pipedrive", "notes")}
SUFFIX = "Inc|LLC|Labs|Group|Partners|Systems|Health|Industries|Logistics|Analytics|Holdings|Ventures"
AT = re.compile(r"\bat ((?:[A-Z][a-z]+ )?[A-Z][a-z]+ (?:%s))\b" % SUFFIX)
SHOW = collections.defaultdict(collections.Counter)


def other_report(meta, r):
    name = {x.get("reportID"): x.get("reportName") for x in r[("expensify", "reports")]}
    n = 0
    for x in r[COLL[K1]]:
        own = name.get(x.get("reportID"))
        named = re.findall(r"\bREP-\d+\b", x.get("comment") or "")
        if own and any(v != own for v in named):
            n += 1; SHOW[K1 + " (first)"][f"{meta.get('id')} {x.get('transactionID')} in {own}: {named}"] += 1
    return n


def note_elsewhere(meta, r):
    org = {x.get("id"): x.get("name") for x in r[("pipedrive", "organizations")]}
    n = 0
    for x in r[COLL[K2]]:
        own = org.get(x.get("org_id"))
        others = [c for c in AT.findall(x.get("content") or "") if own and c != own]
        if others:
            n += 1; SHOW[K2 + " (first)"][f"{meta.get('id')} {x.get('id')} org {own}: {others[0]}"] += 1
    return n


K3 = "zoho-sign-request-in-progress-past-its-expiry"
K4 = "ashby-interview-after-the-withdrawal-its-application-archives"
K5 = "magento-invoice-above-its-order-total"
COLL.update({K3: ("zoho_sign", "requests"), K4: ("ashby", "applications"), K5: ("magento", "invoices")})
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def past_expiry(meta, r):
    import datetime
    clock = meta.get("clock", "")
    n = 0
    for x in r[COLL[K3]]:
        c, d = x.get("created_time"), x.get("expiration_days")
        if x.get("request_status") != "inprogress" or not c or not isinstance(d, int) or not clock:
            continue
        end = datetime.datetime.fromisoformat(c.replace("Z", "+00:00")) + datetime.timedelta(days=d)
        if end.isoformat()[:19] < clock[:19]:
            n += 1; SHOW[K3 + " (first)"][f"{meta.get('id')} {x.get('request_id')} {c[:10]}+{d}d"] += 1
    return n


def interview_after_withdrawal(meta, r):
    year = (meta.get("clock") or "2026")[:4]
    sched = collections.defaultdict(list)
    for s in r[("ashby", "interview_schedules")]:
        sched[s.get("applicationId")].append(s)
    n = 0
    for x in r[COLL[K4]]:
        m = re.search(r"withdrew after the (\d+) (%s)" % "|".join(MONTHS), x.get("archiveReason") or "")
        if x.get("status") != "Archived" or not m:
            continue
        day = f"{year}-{MONTHS.index(m.group(2)) + 1:02d}-{int(m.group(1)):02d}"
        late = [s for s in sched[x.get("id")] if s.get("status") in ("Completed", "Scheduled")
                and (s.get("startTime") or "")[:10] > day]
        if late:
            n += 1; SHOW[K4 + " (first)"][f"{meta.get('id')} {x.get('id')} withdrew {day}: {late[0].get('status')} {late[0].get('startTime')}"] += 1
    return n


def invoice_above_order(meta, r):
    total = {o.get("entity_id"): o.get("grand_total") for o in r[("magento", "orders")]}
    n = 0
    for x in r[COLL[K5]]:
        t = total.get(x.get("order_id"))
        if x.get("state") in (1, 2) and isinstance(t, (int, float)) and (x.get("grand_total") or 0) > t + 0.005:
            n += 1; SHOW[K5 + " (first)"][f"{meta.get('id')} {x.get('id')} {x.get('grand_total')} > order {t}"] += 1
    return n


CHECK = {K1: other_report, K2: note_elsewhere, K3: past_expiry, K4: interview_after_withdrawal, K5: invoice_above_order}
envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
dd = os.path.join(lib, "data")
hits, holds = {}, {}
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]
    if a in hits:
        continue
    m, r = load(os.path.join(dd, a + ".yaml")); r = collections.defaultdict(list, r)
    holds[a] = {k: bool(r[c]) for k, c in COLL.items()}
    hits[a] = {k: (f(m, r) if holds[a][k] else 0) for k, f in CHECK.items()}
res = collections.defaultdict(lambda: [0, 0, 0])
for a in hits:
    for k in CHECK:
        res[k][2] += hits[a][k]
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]
    for k in CHECK:
        res[k][0] += holds[a][k]; res[k][1] += bool(hits[a][k])
print(f"envs {len(envlist)}, data atoms {len(hits)}")
for k in CHECK:
    if not only or k in only:
        print(f"{k}: envs {res[k][1]} of {res[k][0]}, records {res[k][2]}")
for t, c in SHOW.items():
    if not only or any(t.startswith(k) for k in only):
        print(f"{t}: {dict(c.most_common(6))}")
