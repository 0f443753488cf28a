#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 1 of the s57 reading (h57r1), over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/fourth/set3/reach3.py: the second reading's line-based loader; per kind,
environments whose data atom shows the kind, of those whose atom holds the kind's collection (None: all),
and records hit in the data atoms some environment uses. Pattern checks: estimates.
"""
import json, os, re, sys, collections
from datetime import datetime
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
BREAK = collections.Counter()

def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except Exception: return None

def handle(name):
    s = name.lower()
    for a, b in (("ü", "ue"), ("ö", "oe"), ("ä", "ae"), ("'", ""), ("é", "e")):
        s = s.replace(a, b)
    return ".".join(s.split())

TEXT = ("body", "text", "message", "content", "comment_text", "html", "notes", "description", "details")
CREATED = ("created_at", "created", "createdAt", "created_time", "createdDateTime", "posted_at", "date", "timestamp", "create_at")
NAMEF = ("subject", "title", "name", "summary")
TEXTCOLLS = {"comments", "conversations", "messages", "updates", "notes", "posts", "replies", "channel_messages", "chat_messages", "stories", "case_comments"}

def texts(r):
    for (app, coll), rows in r.items():
        for x in rows:
            for f in TEXT:
                v = x.get(f)
                if isinstance(v, str) and v:
                    yield app, coll, x, v

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

@kind("front-inboxes-sharing-an-address", ("front", "inboxes"))
def _(meta, r):
    c = collections.Counter(x.get("address") for x in r[("front", "inboxes")])
    return sum(1 for x in r[("front", "inboxes")] if x.get("address") and c[x["address"]] > 1)

def empty_body(r, only_coll=None):
    n = 0
    for (app, coll), rows in r.items():
        if coll not in TEXTCOLLS or (only_coll and (app, coll) != only_coll): continue
        for x in rows:
            for f in ("body", "text", "message", "content", "comment_text"):
                if f in x and isinstance(x[f], str) and not x[f].strip():
                    n += 1; BREAK[f"empty {app}.{coll}"] += 1; break
    return n

def has_textcoll(r):
    return any(coll in TEXTCOLLS and rows for (app, coll), rows in r.items())

@kind("comment-or-reply-with-an-empty-body", has_textcoll)
def _(meta, r): return empty_body(r)

@kind("freshservice-conversation-with-an-empty-body", ("freshservice", "conversations"))
def _(meta, r): return sum(1 for x in r[("freshservice", "conversations")] if "body" in x and not str(x["body"]).strip())

@kind("jsm-comment-with-an-empty-body", ("jira_service_management", "comments"))
def _(meta, r): return sum(1 for x in r[("jira_service_management", "comments")] if "body" in x and not str(x["body"]).strip())

HAND = re.compile(r"Handing this to ([A-Z][\w'\u00C0-\u017F]+(?: [A-Z][\w'\u00C0-\u017F]+)+) while I am out")
def has_hand(r):
    return any(HAND.search(v) for _, _, _, v in texts(r))

@kind("work-handed-over-to-a-customers-person", has_hand)
def _(meta, r):
    ws = company(meta); wsd = domain_of(ws)
    alltext = " ".join(v for _, _, _, v in texts(r))
    emails = set()
    for rows in r.values():
        for x in rows:
            for v in x.values():
                for e in (v if isinstance(v, list) else [v]):
                    if isinstance(e, str) and "@" in e and " " not in e: emails.add(e.lower())
    n = 0
    for _, _, x, v in texts(r):
        for m in HAND.finditer(v):
            name = m.group(1); h = handle(name)
            outside = any(e.split("@")[0] == h and e.split("@")[1] != wsd for e in emails)
            mm = re.search(re.escape(name) + r" (?:of|from|at) ([A-Z][\w ]+?)(?:[ .,;]|$)", alltext)
            if mm and ws and not mm.group(1).startswith(ws): outside = True
            if outside: n += 1
    return n

TIES = re.compile(r"ties in with the (ticket|task|issue|conversation|request|case|story|page|thread) (.+?)\.(?:\s|$)")
def has_ties(r):
    return any(TIES.search(v) for _, _, _, v in texts(r))

@kind("text-naming-a-record-made-after-it", has_ties)
def _(meta, r):
    n = 0
    for app, coll, x, v in texts(r):
        t0 = next((ts(x[f]) for f in CREATED if f in x and ts(x[f])), None)
        if not t0: continue
        for m in TIES.finditer(v):
            nm = m.group(2)
            for (a2, c2), rows in r.items():
                if a2 != app: continue
                for y in rows:
                    if any(y.get(f) == nm for f in NAMEF):
                        t1 = next((ts(y[f]) for f in CREATED if f in y and ts(y[f])), None)
                        if t1 and t1 > t0: n += 1; BREAK[f"later {app}.{coll}"] += 1
    return n

@kind("zoho-books-invoice-status-against-balance", ("zoho_books", "invoices"))
def _(meta, r):
    n = 0
    for x in r[("zoho_books", "invoices")]:
        s, b, t = x.get("status"), x.get("balance"), x.get("total")
        if not isinstance(b, (int, float)) or not isinstance(t, (int, float)): continue
        if s == "paid" and b > 0: n += 1
        elif s == "partially_paid" and (b <= 0 or b >= t): n += 1
        elif s in ("sent", "overdue", "viewed") and 0 < b < t: n += 1
    return n

@kind("teams-message-among-own-people-naming-the-home-company", ("microsoft_teams", "channel_messages"))
def _(meta, r):
    ws = company(meta)
    if not ws: return 0
    p = re.compile(r"\b" + re.escape(ws) + r"\b")
    return sum(1 for x in r[("microsoft_teams", "channel_messages")] if p.search(str(x.get("subject", ""))) or p.search(str(x.get("body", ""))))

names = [k for k in K if not only or k in only]
atoms = {}
dd = os.path.join(lib, "data")
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    aid = meta.get("id", fn[:-5])
    def holds(k):
        c = K[k][0]
        if c is None: return True
        if callable(c): return c(r)
        return bool(r.get(c))
    has = {k for k in names if holds(k)}
    if aid in used:
        cnt = {k: K[k][1](meta, r) for k in names if k in has}
    else:
        cnt = {}
    atoms[aid] = (has, cnt)
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
nenv = 0
for aid, (has, cnt) in atoms.items():
    if aid not in used: continue
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k] += 1
for e in envlist:
    nenv += 1
    a = atoms.get(e["recipe"]["data"].split("@")[0])
    if not a: continue
    has, cnt = a
    for k in has:
        env_has[k] += 1
        if cnt.get(k): env_hit[k] += 1
print(f"envs {nenv}, data atoms {len(atoms)} ({len(used & set(atoms))} used by an env; atoms and records below count only those)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
if BREAK:
    print("by collection (empty bodies and later-made references, records in used atoms):", dict(BREAK.most_common(30)))
