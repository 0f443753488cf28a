#!/usr/bin/env python3
"""Reach of the non-mild kinds found in set 2 of the s56 reading (h56r2), over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py)."""
import json, os, re, sys, collections
from datetime import datetime, timedelta
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company, domain_of
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00")).replace(tzinfo=None)
    except Exception: return None
def dom(e): return e.split("@", 1)[1].lower() if isinstance(e, str) and "@" in e else None
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUFFIXES = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics"]
CO = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

@kind("google-forms-response-with-no-form", ("google_forms", "responses"))
def _(m, r): return sum(1 for x in r[("google_forms", "responses")] if not x.get("formId"))

@kind("google-forms-watch-topic-a-sentence-or-expiry-past-7-days", ("google_forms", "watches"))
def _(m, r):
    c = ts(m.get("clock")); n = 0
    for w in r[("google_forms", "watches")]:
        t = w.get("target_topic") or ""; e = ts(w.get("expireTime"))
        if not t.startswith("projects/") or (e and c and e - c > timedelta(days=7)): n += 1
    return n

@kind("expensify-report-by-outside-employee", ("expensify", "reports"))
def _(m, r):
    d = domain_of(company(m)); return sum(1 for x in r[("expensify", "reports")] if d and not (dom(x.get("employee_email")) or "").endswith(d))

@kind("dropbox-sign-signature-signed-yet-not-signed-or-reminded-after", ("dropbox_sign", "signatures"))
def _(m, r):
    n = 0
    for s in r[("dropbox_sign", "signatures")]:
        sa, ra = ts(s.get("signed_at")), ts(s.get("last_reminded_at"))
        if sa and (s.get("status_code") != "signed" or (ra and ra > sa)): n += 1
    return n

@kind("teamwork-time-entry-over-a-day-or-before-project-start", ("teamwork", "time_entries"))
def _(m, r):
    st = {p.get("id"): p.get("start_date") for p in r[("teamwork", "projects")]}
    return sum(1 for t in r[("teamwork", "time_entries")] if (t.get("hours") or 0) >= 24 or (st.get(t.get("project_id")) and str(t.get("date")) < st[t.get("project_id")]))

@kind("chatgpt-vector-store-expiry-contradicts-status-or-activity", ("chatgpt", "vector_stores"))
def _(m, r):
    c = ts(m.get("clock")); n = 0
    for v in r[("chatgpt", "vector_stores")]:
        ea, la, d = v.get("expires_at"), v.get("last_active_at"), v.get("expires_after_days")
        if not ea: continue
        e = datetime.utcfromtimestamp(ea)
        bad = (v.get("status") == "expired" and c and e > c) or (v.get("status") != "expired" and c and e <= c)
        if la and d and abs(ea - (la + d * 86400)) > 86400: bad = True
        n += bad
    return n

@kind("microsoft-ads-keyword-written-as-a-sentence", ("microsoft_ads", "keywords"))
def _(m, r): return sum(1 for k in r[("microsoft_ads", "keywords")] if re.search(r"[.!?,]", k.get("Text") or "") or len((k.get("Text") or "").split()) > 8)

OWNTXT = re.compile(r"Where (.+?) and our team coordinate|a short note for (.+?) before we talk|everyone at (.+?)[.,]", re.I)
@kind("workspace-company-written-as-its-own-counterpart", None)
def _(m, r):
    c = company(m); n = 0
    if not c: return 0
    for (app, coll), recs in r.items():
        for x in recs:
            for v in x.values():
                if isinstance(v, str) and any(c == (g or "").strip() for mm in OWNTXT.finditer(v) for g in mm.groups()):
                    n += 1; break
    return n

@kind("asana-assignee-written-as-a-customers-contact", ("asana", "tasks"))
def _(m, r):
    n = 0
    for t in r[("asana", "tasks")]:
        a = t.get("assignee") or ""
        if "@" not in a: continue
        loc = a.split("@")[0]
        for mm in re.finditer(r"([A-Z][a-z]+) ([A-Z][a-z']+) at (" + CO.pattern[3:-3] + r")", t.get("notes") or ""):
            if (mm.group(1) + "." + mm.group(2)).lower().replace("'", "") == loc: n += 1; break
    return n

@kind("google-chat-invited-membership-in-dm-or-group-chat", ("google_chat", "memberships"))
def _(m, r):
    ty = {s.get("name"): s.get("spaceType") for s in r[("google_chat", "spaces")]}
    return sum(1 for x in r[("google_chat", "memberships")] if x.get("state") == "INVITED" and ty.get(x.get("space")) in ("GROUP_CHAT", "DIRECT_MESSAGE"))

@kind("google-chat-invited-member-posting", ("google_chat", "memberships"))
def _(m, r):
    inv = {(x.get("space"), (x.get("member_email") or "").split("@")[0]) for x in r[("google_chat", "memberships")] if x.get("state") == "INVITED"}
    return sum(1 for x in r[("google_chat", "messages")] if (x.get("space"), x.get("sender")) in inv)

@kind("mattermost-teams-sharing-a-name", ("mattermost", "teams"))
def _(m, r):
    c = collections.Counter(t.get("name") for t in r[("mattermost", "teams")])
    return sum(v for v in c.values() if v > 1)

@kind("salesforce-customer-case-under-a-case-naming-no-company", ("salesforce", "cases"))
def _(m, r):
    by = {c.get("id"): c for c in r[("salesforce", "cases")]}; n = 0
    for c in r[("salesforce", "cases")]:
        p = by.get(c.get("parent_id"))
        if p and not CO.search((p.get("subject") or "") + " " + (p.get("description") or "")) and CO.search((c.get("subject") or "") + " " + (c.get("description") or "")): n += 1
    return n

@kind("salesforce-customer-case-under-an-internal-slug-case", ("salesforce", "cases"))
def _(m, r):
    by = {c.get("id"): c for c in r[("salesforce", "cases")]}; n = 0
    for c in r[("salesforce", "cases")]:
        p = by.get(c.get("parent_id"))
        if p and re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", p.get("subject") or "") and CO.search((c.get("subject") or "") + " " + (c.get("description") or "")): n += 1
    return n

@kind("salesforce-case-comment-of-another-company-than-its-case", ("salesforce", "case_comments"))
def _(m, r):
    by = {c.get("id"): c for c in r[("salesforce", "cases")]}; n = 0
    for x in r[("salesforce", "case_comments")]:
        p = by.get(x.get("parent_id"))
        if not p: continue
        pc = set(CO.findall((p.get("subject") or "") + " " + (p.get("description") or "")))
        cc = set(CO.findall(x.get("CommentBody") or ""))
        if pc and cc and not (cc & pc): n += 1
    return n

@kind("bamboohr-time-off-requested-before-hire", ("bamboohr", "time_off_requests"))
def _(m, r):
    h = {e.get("id"): e.get("hireDate") for e in r[("bamboohr", "employees")]}
    return sum(1 for t in r[("bamboohr", "time_off_requests")] if h.get(t.get("employeeId")) and str(t.get("created"))[:10] < h[t.get("employeeId")])

CLEVEL = re.compile(r"^(CTO|CFO|CEO|COO|CMO|VP\b|Head of)")
@kind("bamboohr-c-level-intern", ("bamboohr", "employees"))
def _(m, r): return sum(1 for e in r[("bamboohr", "employees")] if CLEVEL.match(e.get("jobTitle") or "") and e.get("employmentStatus") == "Intern")

@kind("linear-team-key-not-from-its-name", ("linear", "teams"))
def _(m, r):
    n = 0
    for t in r[("linear", "teams")]:
        k, nm = t.get("key") or "", t.get("name") or ""
        if k and nm and k[0].upper() != nm[0].upper(): n += 1
    return n

# ---- run (as the third reading's set 1 script)
atoms = {}; dd = os.path.join(lib, "data"); names = [k for k in K if not only or k in only]
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    meta, recs = load(os.path.join(dd, fn)); r = collections.defaultdict(list, recs)
    has = {k for k in names if K[k][0] is None or r.get(K[k][0])}
    atoms[meta.get("id", fn[:-5])] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
used = set(); envlist = []
for line in open(envs_path):
    e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
for aid, (has, cnt) in atoms.items():
    if aid in used:
        for k, v in cnt.items():
            if v: recs_hit[k] += v; atoms_hit[k] += 1
for e in envlist:
    a = atoms.get(e["recipe"]["data"].split("@")[0])
    if not a: continue
    for k in a[0]:
        env_has[k] += 1
        if a[1].get(k): env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms {len(atoms)} ({len(used & set(atoms))} used by an env)")
for k in names: print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
