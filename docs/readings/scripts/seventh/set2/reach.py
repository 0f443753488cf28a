#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the seventh reading, over a build's data atoms and recipes.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py) and the handles and
intents beside them line by line; standard library only.
Per kind: environments showing it, of those whose data atom holds its collection (task kinds: of those whose
intent is of the kind's family); data atoms; records. SAMPLES=N prints up to N records of each kind."""
import json, os, re, sys, collections
from datetime import datetime, timedelta
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
NS = int(os.environ.get("SAMPLES", "0"))
samples = collections.defaultdict(list)
def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00")).replace(tzinfo=None)
    except Exception: return None
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUFFIXES = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics","Holdings","International","Ventures","Worldwide","Consulting","Co-op"]
COMPANY = re.compile(r"\b(?:%s) (?:%s)(?![\w-])" % ("|".join(STEMS), "|".join(re.escape(s) for s in SUFFIXES)))
K = {}
def kind(name, coll, task=False):
    def deco(f): K[name] = (coll, f, task); return f
    return deco
def note(k, m, *s):
    if len(samples[k]) < NS: samples[k].append((m.get("id"),) + s)

def handles(path):
    """The handles section of a data atom: name -> (app, collection, key)."""
    out, cur, on = {}, None, False
    with open(path) as fh:
        for line in fh:
            if line.startswith("handles:"): on = True; continue
            if not on: continue
            m = re.match(r"^  (\w+):\s*\{app: (\w+), collection: (\w+), key: (.+)\}\s*$", line)
            if m: out[m.group(1)] = (m.group(2), m.group(3), m.group(4).strip().strip('"')); continue
            m = re.match(r"^  (\w+):\s*$", line)
            if m: cur = m.group(1); out[cur] = ["", "", ""]; continue
            m = re.match(r"^    (app|collection|key): (.+)$", line)
            if m and cur: out[cur][["app", "collection", "key"].index(m.group(1))] = m.group(2).strip().strip('"')
    return {k: tuple(v) for k, v in out.items()}
def handled(r, h):
    if not h: return None
    for rec in r.get((h[0], h[1]), []):
        if h[2] in [str(v) for v in rec.values()]: return rec
    return None

# Calls and texts from the number they are to (Plivo calls eba53b9e-67678 from and to +1-253-555-1375). RingCentral
# declares it away (`differs`); other apps' pairs of phone fields are read the same way.
PAIRS = [("from_number", "to_number"), ("src", "dst"), ("from_phone", "to_phone"), ("from_phone", "to_phones"), ("from", "to")]
PHONE = re.compile(r"^\+?[\d][\d -]{6,}$")
@kind("call-or-text-from-the-number-it-is-to", None)
def _(m, r):
    n = 0
    for (app, coll), recs in r.items():
        for x in recs:
            for a, b in PAIRS:
                f, t = x.get(a), x.get(b)
                t = t if isinstance(t, list) else [t]
                if isinstance(f, str) and PHONE.match(f) and f in t:
                    n += 1; note("call-or-text-from-the-number-it-is-to", m, app, coll, f); break
    return n
def has_pairs(r):
    return any(any(x.get(a) and isinstance(x.get(a), str) and PHONE.match(x.get(a)) and x.get(b) for a, b in PAIRS) for recs in r.values() for x in recs[:1])

# Plivo: a call that was never answered (queued, ringing, busy, failed, no-answer, cancel) carries a billed duration;
# Plivo bills answered time only (https://www.plivo.com/docs/voice/api/call).
@kind("plivo-unanswered-call-billed", ("plivo", "calls"))
def _(m, r):
    n = 0
    for c in r[("plivo", "calls")]:
        if c.get("call_state") in ("queued", "ringing", "busy", "failed", "no-answer", "cancel") and (c.get("bill_duration") or 0) > 0:
            n += 1; note("plivo-unanswered-call-billed", m, c.get("call_uuid"), c.get("call_state"), c.get("bill_duration"))
    return n

# Plivo: a call still live (queued, ringing, in-progress) a day or more after it was placed.
@kind("plivo-call-live-for-days", ("plivo", "calls"))
def _(m, r):
    n, clock = 0, ts(m.get("clock"))
    for c in r[("plivo", "calls")]:
        t = ts(c.get("initiation_time"))
        if c.get("call_state") in ("queued", "ringing", "in-progress") and t and clock and clock - t > timedelta(days=1):
            n += 1; note("plivo-call-live-for-days", m, c.get("call_uuid"), c.get("call_state"), c.get("initiation_time"))
    return n

# Plivo: an owned number that is no phone number ("num_53977").
@kind("plivo-number-not-a-phone-number", ("plivo", "numbers"))
def _(m, r):
    n = 0
    for x in r[("plivo", "numbers")]:
        if not PHONE.match(str(x.get("number") or "")):
            n += 1; note("plivo-number-not-a-phone-number", m, x.get("number"))
    return n

# Front: a conversation `unassigned` with an assignee, or `assigned` with none
# (https://dev.frontapp.com/reference/conversations: status follows the assignee).
@kind("front-conversation-status-against-its-assignee", ("front", "conversations"))
def _(m, r):
    n = 0
    for c in r[("front", "conversations")]:
        s, a = c.get("status"), c.get("assignee_id")
        if (s == "unassigned" and a) or (s == "assigned" and not a):
            n += 1; note("front-conversation-status-against-its-assignee", m, c.get("id"), s, a)
    return n

# Shopify: two products of one store sharing a handle (the handle is unique in a store:
# https://shopify.dev/docs/api/admin-rest/latest/resources/product). Counts the records beyond the first.
@kind("shopify-products-sharing-a-handle", ("shopify", "products"))
def _(m, r):
    c = collections.Counter(p.get("handle") for p in r[("shopify", "products")] if p.get("handle"))
    n = sum(v - 1 for v in c.values() if v > 1)
    if n: note("shopify-products-sharing-a-handle", m, [h for h, v in c.items() if v > 1])
    return n

# Shopify: a successful fulfillment on an order that is unfulfilled (or voided and unfulfilled).
@kind("shopify-fulfillment-done-on-an-unfulfilled-order", ("shopify", "fulfillments"))
def _(m, r):
    o = {x.get("id"): x for x in r[("shopify", "orders")]}
    n = 0
    for f in r[("shopify", "fulfillments")]:
        x = o.get(f.get("order_id"))
        if f.get("status") == "success" and x is not None and x.get("fulfillment_status") in (None, "unfulfilled"):
            n += 1; note("shopify-fulfillment-done-on-an-unfulfilled-order", m, f.get("id"), x.get("name"), x.get("financial_status"))
    return n

# A record whose parent reference names itself (salesforce.cases 500Dn0000010064 parent_id 500Dn0000010064).
PARENTS = ("parent_id", "parentId", "ParentId", "parent", "parent_case_id")
@kind("record-naming-itself-as-its-parent", None)
def _(m, r):
    n = 0
    for (app, coll), recs in r.items():
        for x in recs:
            own = x.get("id")
            if own is None: continue
            for p in PARENTS:
                if x.get(p) is not None and str(x.get(p)) == str(own):
                    n += 1; note("record-naming-itself-as-its-parent", m, app, coll, own); break
    return n

# Salesforce: an account whose description names another company than the account ("Wonka Consulting":
# "Jonas is our main contact at Wonka LLC."); a contact whose description names another company than its account.
@kind("salesforce-account-text-naming-another-company", ("salesforce", "accounts"))
def _(m, r):
    n = 0
    for a in r[("salesforce", "accounts")]:
        other = [c for c in COMPANY.findall(a.get("description") or "") if c != a.get("account_name")]
        if other:
            n += 1; note("salesforce-account-text-naming-another-company", m, a.get("id"), a.get("account_name"), other)
    return n
@kind("salesforce-contact-text-naming-another-company-than-its-account", ("salesforce", "contacts"))
def _(m, r):
    n = 0
    for a in r[("salesforce", "contacts")]:
        other = [c for c in COMPANY.findall(a.get("description") or "") if a.get("account_name") and c != a.get("account_name")]
        if other:
            n += 1; note("salesforce-contact-text-naming-another-company-than-its-account", m, a.get("id"), a.get("account_name"), other)
    return n

# Two texts of one world giving one person's joining a company different days ("Florian joined Ironclad Logistics
# on 21 April" on a Stripe customer, "... on 11 May" on a payment intent). Counts the records of such groups.
JOINED = re.compile(r"\b([A-Z][a-z]+) joined ((?:%s) (?:%s)) on (\d{1,2} [A-Z][a-z]+)" % ("|".join(STEMS), "|".join(re.escape(s) for s in SUFFIXES)))
@kind("texts-giving-one-joining-two-dates", None)
def _(m, r):
    g = collections.defaultdict(list)
    for (app, coll), recs in r.items():
        for x in recs:
            for v in x.values():
                if isinstance(v, str):
                    for who, co, d in JOINED.findall(v): g[(who, co)].append((app, coll, d))
    n = 0
    for k, v in g.items():
        if len({d for _, _, d in v}) > 1:
            n += len(v); note("texts-giving-one-joining-two-dates", m, k, v)
    return n

# Constant Contact: a campaign sent from an address at another company than the account's own
# (a sender is a verified address of the account: https://developer.constantcontact.com/api_reference/index.html#!/Email_Campaigns).
@kind("constant-contact-campaign-from-another-companys-address", ("constant_contact", "email_campaigns"))
def _(m, r):
    dom, n = domain_of(company(m)), 0
    for c in r[("constant_contact", "email_campaigns")]:
        f = c.get("from_email") or ""
        if dom and f and not f.endswith("@" + dom) and not f.endswith("." + dom):
            n += 1; note("constant-contact-campaign-from-another-companys-address", m, c.get("campaign_id"), f)
    return n

# Reconcile tasks (rc.*): the pair the goal holds as matching (handles *_rfx / *_rtx) differs in the reconciled field
# (Constant Contact "Initech Inc" beside Salesforce "Initech Holdings"); the "later message" changing the sync rule
# (*_rcupd) made before the rule (*_rcrule).
DATES = ["created_at", "create_at", "created", "createdAt", "created_date", "createTime", "timestamp", "date",
         "sent_at", "receivedDateTime", "receivedAt", "time", "message_time", "post_at", "ts"]
def intent_fields(iid):
    p = os.path.join(lib, "intents", iid + ".yaml")
    if not os.path.exists(p): return None, None
    s = open(p).read()
    fx = re.search(r"\{\{fx\.(\w+)\}\}", s); t1 = re.search(r"\{\{t1\.(\w+)\}\}", s)
    return (fx.group(1) if fx else None), (t1.group(1) if t1 else None)
def low(v): return str(v).strip().lower() if v is not None else None
@kind("rc-matching-pair-that-differs", "rc", task=True)
def _(m, r, h, iid):
    fa, fb = intent_fields(iid)
    fx = handled(r, next((v for k, v in h.items() if k.endswith("_rfx")), None))
    tx = handled(r, next((v for k, v in h.items() if k.endswith("_rtx")), None))
    if not (fa and fb and fx and tx): return 0
    if low(fx.get(fa)) != low(tx.get(fb)):
        note("rc-matching-pair-that-differs", m, iid, fx.get(fa), tx.get(fb)); return 1
    return 0
@kind("rc-rule-change-made-before-the-rule", "rc", task=True)
def _(m, r, h, iid):
    rule = handled(r, next((v for k, v in h.items() if k.endswith("_rcrule")), None))
    upd = handled(r, next((v for k, v in h.items() if k.endswith("_rcupd")), None))
    if not (rule and upd): return 0
    for f in DATES:
        a, b = ts(rule.get(f)), ts(upd.get(f))
        if a and b:
            if b < a: note("rc-rule-change-made-before-the-rule", m, iid, f, rule.get(f), upd.get(f)); return 1
            return 0
    return 0
def rc_has(iid, h): return iid.startswith("rc.") and any(k.endswith("_rcupd") for k in h)

# Tasks writing a sentence into a code field ("tracking number 'Follow up after the security review.'"): the goal
# sets a *number/code/sku field to a value with spaces; and tasks that fulfil a Shopify order and then cancel it
# (Shopify refuses to cancel a fulfilled order; the atom's own `only_when` error says so).
CODEF = re.compile(r"^\s+(\w*(?:number|code|sku|serial)\w*): \{equals: ([^'{][^}]*\s[^}]*)\}\s*$")
def code_sentence(iid):
    p = os.path.join(lib, "intents", iid + ".yaml")
    if not os.path.exists(p): return None
    for line in open(p):
        mm = CODEF.match(line)
        if mm: return mm.group(1), mm.group(2)
    return None
@kind("task-writing-a-sentence-into-a-code-field", "create_under", task=True)
def _(m, r, h, iid):
    c = code_sentence(iid)
    if c: note("task-writing-a-sentence-into-a-code-field", m, iid, c); return 1
    return 0
@kind("shopify-task-fulfilling-then-cancelling-an-order", "create_under", task=True)
def _(m, r, h, iid):
    p = os.path.join(lib, "intents", iid + ".yaml")
    s = open(p).read() if os.path.exists(p) else ""
    if iid.startswith("shopify.fulfillments.") and "cancel_reason" in s: return 1
    return 0
def create_under_has(iid, h): return ".create_under." in iid

# ---- run (as the sixth reading's set 2 script, with the intent-level kinds per environment)
names = [k for k in K if not only or k in only]
used = collections.defaultdict(list)
for line in open(envs_path):
    e = json.loads(line); used[e["recipe"]["data"].split("@")[0]].append(e["recipe"]["intent"].split("@")[0])
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    path = os.path.join(dd, fn); meta, recs = load(path); r = collections.defaultdict(list, recs)
    intents = used[fn[:-5]]; h = None
    for k in names:
        coll, f, task = K[k]
        if task:
            h = h if h is not None else handles(path)
            fam = rc_has if coll == "rc" else create_under_has
            hit_atom = False
            for iid in intents:
                if not fam(iid, h): continue
                env_has[k] += 1
                v = f(meta, r, h, iid)
                if v: env_hit[k] += 1; recs_hit[k] += v; hit_atom = True
            atoms_hit[k] += hit_atom
            continue
        if coll is None:
            holds = has_pairs(r) if k.startswith("call-") else True
        else:
            holds = bool(r.get(coll))
        if not holds: continue
        v = f(meta, r)
        env_has[k] += len(intents)
        if v: env_hit[k] += len(intents); recs_hit[k] += v; atoms_hit[k] += 1
print(f"envs {sum(len(v) for v in used.values())}, data atoms used {len(used)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
    for s in samples[k]: print("    e.g.", s)
