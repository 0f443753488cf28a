#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 1 of the tenth reading, over a build's data atoms and intents.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl. Data atoms are read by the second reading's line-based loader
(docs/readings/scripts/second/set2/load.py); handles and intents line by line, as the ninth reading's set 4 does
(standard library only). Per kind: environments showing the kind, of those holding its collection (for the task
kind: of those whose intent sets the status it names); records counts the records hit in the data atoms some
environment uses (for the task kind: environments).

Kinds:
- freshbooks-disputed-invoice-with-no-open-questions: a FreshBooks invoice whose `v3_status` is `disputed` (the
  client disputes it: https://www.freshbooks.com/api/invoices, v3_status) while its notes say the client "has no
  open questions" on it.
- convertkit-subscriber-twice-in-one-sequence: one subscriber holds two subscriptions to one sequence whose
  `repeat` is false. A Kit subscriber goes through a sequence once unless the sequence lets subscribers repeat it
  (the sequence's `repeat` field: https://developers.kit.com/v4#list-sequences; adding a subscriber to a sequence:
  https://developers.kit.com/v4#add-subscriber-to-sequence-by-email-address).
- wave-invoice-memo-naming-another-company: a Wave invoice's memo names a company other than its customer's (the
  company of the customer's email domain) and other than the business's own (Wave's Invoice.memo and
  Invoice.customer: https://developer.waveapps.com/hc/en-us/articles/360019968212-API-Reference).
- task-setting-a-statuspage-incident-scheduled-after-its-window-began: the intent's goal asks that the Statuspage
  record its task names be `scheduled`, and the record is a maintenance whose `scheduled_for` is already past at
  the world's clock (it is in progress, verifying or completed), or no maintenance at all (no `scheduled_for`).
  Statuspage's `scheduled` is the state of a maintenance not yet begun
  (https://developer.statuspage.io/#operation/patchPagesPageIdIncidentsIncidentId, status).
- gmail-owner-mail-in-its-recipients-name: mail the mailbox's owner wrote (`from_: user@gmail.com`) whose
  `from_name` is the name of one of its recipients (to, cc, bcc), the name spelled as mail spells it (lower case,
  letters, digits and hyphens, umlauts and accents folded: "Ivan O'Brien" is ivan.obrien@, "Maya Müller"
  maya.mueller@). Gmail's mailbox rule (server atom gmail.yaml, `mailbox: {from_name: from_name}`) says the
  owner's mail is not sent in its recipient's name (Gmail's From is the account's own send-as address and name:
  https://developers.google.com/gmail/api/reference/rest/v1/users.settings.sendAs); its check compares the name
  with the address's words as written, so a name with an apostrophe or a letter beyond ASCII escapes it. The
  count also gives how many hits the literal comparison would have found (none where the check holds).
"""
import collections, json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)
K1 = "freshbooks-disputed-invoice-with-no-open-questions"
K2 = "convertkit-subscriber-twice-in-one-sequence"
K3 = "wave-invoice-memo-naming-another-company"
K4 = "task-setting-a-statuspage-incident-scheduled-after-its-window-began"
K5 = "gmail-owner-mail-in-its-recipients-name"
COLL = {K1: ("freshbooks", "invoices"), K2: ("convertkit", "sequence_subscriptions"), K3: ("wave", "invoices"),
        K5: ("gmail", "messages")}
FOLD = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e", "ê": "e", "á": "a", "à": "a", "â": "a",
        "ã": "a", "å": "a", "í": "i", "ì": "i", "ó": "o", "ò": "o", "ô": "o", "õ": "o", "ø": "o", "ú": "u", "ù": "u",
        "ñ": "n", "ç": "c", "ł": "l", "ś": "s", "ź": "z", "ż": "z", "ć": "c", "ń": "n", "ğ": "g", "ş": "s", "ı": "i"}
SUFFIX = "Inc|LLC|Labs|Group|Partners|Systems|Health|Industries|Logistics|Analytics|Holdings"
COMPANY = re.compile(r"\b((?:[A-Z][a-z]+ )?[A-Z][a-z]+ (?:%s))\b" % SUFFIX)


def handles(path):
    """The data atom's handles: name -> (app, collection, key), inline or block form."""
    out, cur, on = {}, None, False
    with open(path) as fh:
        for line in fh:
            if line.startswith("handles:"):
                on = True; continue
            if not on:
                continue
            if line and not line.startswith(" "):
                break
            m = re.match(r"^  (\w+):\s*\{(.*)\}\s*$", line)
            if m:
                f = dict(re.findall(r"(\w+):\s*\"?([^,\"}]+)\"?", m.group(2)))
                out[m.group(1)] = (f.get("app"), f.get("collection"), (f.get("key") or "").strip())
                continue
            m = re.match(r"^  (\w+):\s*$", line)
            if m:
                cur = m.group(1); out[cur] = [None, None, None]; continue
            m = re.match(r"^    (app|collection|key):\s*\"?([^\"]*)\"?\s*$", line)
            if m and cur:
                out[cur][["app", "collection", "key"].index(m.group(1))] = m.group(2).strip()
    return {k: tuple(v) for k, v in out.items()}


def scheduled_marks(path):
    """Slots whose record the goal asks to be statuspage.incidents with status scheduled."""
    text = open(path).read()
    slots = dict(re.findall(r"^  (\w+): \{handle: (\w+)\}", text, re.M))
    out = []
    for blk in re.split(r"\n  - ", text.split("\ngoal:", 1)[-1]):
        m = re.match(r"exists: statuspage\.incidents\n    where:\n((?:      .*\n?)+)", blk)
        if not m:
            continue
        f = dict(re.findall(r"^      (\w+): \{equals: (.+)\}\s*$", m.group(1), re.M))
        sid = re.fullmatch(r"'\{\{(\w+)\}\}'", f.get("id", "").strip())
        if sid and f.get("status", "").strip("'\" ") == "scheduled":
            out.append(slots.get(sid.group(1)))
    return out


def disputed_no_questions(meta, r):
    n = 0
    for x in r[COLL[K1]]:
        if x.get("v3_status") == "disputed" and re.search(r"has no open questions", x.get("notes") or ""):
            n += 1; SHOW[K1 + " (first)"][f"{meta.get('id')} {x.get('invoice_number')}"] += 1
    return n


def twice_in_sequence(meta, r):
    repeat = {s.get("id"): s.get("repeat") for s in r[("convertkit", "sequences")]}
    pairs = collections.Counter((s.get("sequence_id"), s.get("subscriber_id")) for s in r[COLL[K2]])
    n = 0
    for (seq, sub), c in pairs.items():
        if c > 1:
            n += c; SHOW[K2 + " (repeat of the sequence)"][str(repeat.get(seq, "sequence not listed"))] += c
    return n


def memo_of_another_company(meta, r):
    home = domain_of(company(meta))
    cust = {c.get("id"): (c.get("email") or "").rsplit("@", 1)[-1] for c in r[("wave", "customers")]}
    n = 0
    for x in r[COLL[K3]]:
        dom = cust.get(x.get("customer_id"))
        if not dom:
            continue
        others = [c for c in COMPANY.findall(x.get("memo") or "") if domain_of(c) not in (dom, home)]
        if others:
            n += 1; SHOW[K3 + " (first)"][f"{meta.get('id')} {x.get('invoice_number')} {dom}: {others[0]}"] += 1
    return n


def mail_spelling(word):
    return "".join(c if re.match(r"[a-z0-9-]", c) else FOLD.get(c, "") for c in word.lower())


def in_recipients_name(meta, r):
    n = 0
    for x in r[COLL[K5]]:
        name = (x.get("from_name") or "").split()
        if x.get("from_") != "user@gmail.com" or not name:
            continue
        rcpt = [a for f in ("to", "cc", "bcc") for a in (x.get(f) or [] if isinstance(x.get(f), list) else [x.get(f)])
                if isinstance(a, str) and "@" in a]
        local = {a.lower().split("@")[0]: a for a in rcpt}
        folded = ".".join(mail_spelling(w) for w in name)
        if folded in local:
            n += 1; literal = ".".join(w.lower() for w in name) in local
            SHOW[K5 + " (the literal comparison finds it)"][str(literal)] += 1
            SHOW[K5 + " (first)"][f"{meta.get('id')} {x.get('id')} {x.get('from_name')} -> {local[folded]}"] += 1
    return n


CHECK = {K1: disputed_no_questions, K2: twice_in_sequence, K3: memo_of_another_company, K5: in_recipients_name}
envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
dd, idir = os.path.join(lib, "data"), os.path.join(lib, "intents")
hits, holds, hand, meta = {}, {}, {}, {}
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]
    if a in hits:
        continue
    p = os.path.join(dd, a + ".yaml")
    m, r = load(p); r = collections.defaultdict(list, r)
    meta[a] = (m, {x.get("id"): x for x in r[("statuspage", "incidents")]})
    hand[a] = handles(p) if r[("statuspage", "incidents")] else {}
    holds[a] = {k: bool(r[c]) for k, c in COLL.items()}
    hits[a] = {k: (f(m, r) if holds[a][k] else 0) for k, f in CHECK.items()}
marks = {}
res = collections.defaultdict(lambda: [0, 0, 0])
for a in hits:
    for k in CHECK:
        res[k][2] += hits[a][k]
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]
    for k in CHECK:
        res[k][0] += holds[a][k]; res[k][1] += bool(hits[a][k])
    i = e["recipe"]["intent"].split("@")[0]
    if i not in marks:
        p = os.path.join(idir, i + ".yaml")
        marks[i] = scheduled_marks(p) if os.path.exists(p) else []
    if not marks[i]:
        continue
    res[K4][0] += 1
    m, inc = meta[a]; clock = m.get("clock", "")
    for h in marks[i]:
        x = inc.get((hand[a].get(h) or (None, None, ""))[2])
        if x is None:
            continue
        sf = x.get("scheduled_for")
        if not sf or sf < clock:
            res[K4][1] += 1; res[K4][2] += 1
            SHOW[K4 + " (status before the task)"][("maintenance " if sf else "incident ") + str(x.get("status"))] += 1
            SHOW[K4 + " (first)"][e["id"]] += 1
            break
print(f"envs {len(envlist)}, data atoms {len(hits)}, intents {len(marks)}")
for k in (K1, K2, K3, K4, K5):
    if not only or k in only:
        print(f"{k}: envs {res[k][1]} of {res[k][0]}, records {res[k][2]}")
for t, c in SHOW.items():
    if not only or any(t.startswith(k) for k in only):
        print(f"{t}: {dict(c.most_common(8))}")
