#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the s55 reading (h55r1), over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Line-based parse (each record one JSON line), by the second reading's loader (../../second/set2/load.py).
"""
import json, os, re, sys, collections
from datetime import datetime

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load  # the second reading's loader

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

def ts(s):
    try: return datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except Exception: return None

def dom(e):
    return e.split("@", 1)[1].lower() if isinstance(e, str) and "@" in e else None

STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUFFIXES = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics"]
COMPANY_RE = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

@kind("fastmail-received-mail-in-drafts-or-sent", ("fastmail", "emails"))
def _(meta, r):
    role = {m.get("id"): m.get("role") for m in r[("fastmail", "mailboxes")]}
    own = {i.get("email") for i in r[("fastmail", "identities")]}
    return sum(1 for e in r[("fastmail", "emails")]
               if any(role.get(b) in ("drafts", "sent") for b in e.get("mailboxIds") or []) and e.get("from") not in own)

@kind("confluence-draft-with-version-history", ("confluence", "pages"))
def _(meta, r):
    return sum(1 for p in r[("confluence", "pages")] if p.get("status") == "draft" and (p.get("version") or 0) > 1)

@kind("confluence-personal-space-for-a-team-or-key-spa", ("confluence", "spaces"))
def _(meta, r):
    return sum(1 for s in r[("confluence", "spaces")] if s.get("type") == "personal" or re.match(r"^spa_\d+$", s.get("key") or ""))

@kind("adobe-sign-authoring-agreement-signed-or-reminded", ("adobe_sign", "agreements"))
def _(meta, r):
    ev = collections.defaultdict(set)
    for e in r[("adobe_sign", "events")]: ev[e.get("agreement_id")].add(e.get("type"))
    rem = {x.get("agreement_id") for x in r[("adobe_sign", "reminders")]}
    n = 0
    for a in r[("adobe_sign", "agreements")]:
        if a.get("status") in ("AUTHORING", "DRAFT") and (ev[a.get("id")] & {"ESIGNED", "SIGNED", "ACTION_COMPLETED", "APPROVED", "DIGSIGNED"} or a.get("id") in rem):
            n += 1
    return n

@kind("adobe-sign-cancellation-comment-on-uncancelled-agreement", ("adobe_sign", "agreements"))
def _(meta, r):
    return sum(1 for a in r[("adobe_sign", "agreements")] if a.get("cancellation_comment") and a.get("status") not in ("CANCELLED", "ABORTED"))

@kind("adobe-sign-active-reminder-due-in-the-past", ("adobe_sign", "reminders"))
def _(meta, r):
    c = ts(meta.get("clock"))
    return sum(1 for x in r[("adobe_sign", "reminders")] if x.get("status") == "ACTIVE" and ts(x.get("next_sent_date")) and c and ts(x["next_sent_date"]) < c)

@kind("discord-every-channel-its-own-guild", ("discord", "channels"))
def _(meta, r):
    ch = r[("discord", "channels")]
    return len(ch) if len(ch) >= 3 and len({c.get("guild_id") for c in ch}) == len(ch) else 0

@kind("zendesk-users-sharing-an-external-id", ("zendesk", "users"))
def _(meta, r):
    c = collections.Counter(u.get("external_id") for u in r[("zendesk", "users")] if u.get("external_id"))
    return sum(1 for u in r[("zendesk", "users")] if u.get("external_id") and c[u["external_id"]] > 1)

MONTHS = {m: i for i, m in enumerate(["January","February","March","April","May","June","July","August","September","October","November","December"], 1)}
@kind("zendesk-ticket-raised-before-created", ("zendesk", "tickets"))
def _(meta, r):
    n = 0
    for t in r[("zendesk", "tickets")]:
        c = ts(t.get("created_at")); d = t.get("description") or ""
        m = re.search(r"(?:[Rr]aised by .+? on|first asked on|created on|first saw this on|sent the figures behind .+? on) (\d{1,2}) (" + "|".join(MONTHS) + r")\b", d)
        if not (c and m): continue
        day, mon = int(m.group(1)), MONTHS[m.group(2)]
        y = c.year if mon <= c.month else c.year - 1
        try: when = datetime(y, mon, day, tzinfo=c.tzinfo)
        except ValueError: continue
        if "first saw this on" in m.group(0) or "sent the figures" in m.group(0): continue
        if (c - when).days >= 1: n += 1
    return n

@kind("whereby-participants-or-recordings-of-meeting-not-yet-held", ("whereby", "meetings"))
def _(meta, r):
    c = ts(meta.get("clock")); st = {m.get("meetingId"): ts(m.get("startDate")) for m in r[("whereby", "meetings")]}
    return sum(1 for coll in ("participants", "recordings") for x in r[("whereby", coll)] if st.get(x.get("meetingId")) and c and st[x["meetingId"]] > c)

@kind("whereby-recording-room-name-other-than-its-meeting", ("whereby", "recordings"))
def _(meta, r):
    nm = {m.get("meetingId"): m.get("roomNamePrefix") for m in r[("whereby", "meetings")]}
    return sum(1 for x in r[("whereby", "recordings")] if x.get("meetingId") in nm and x.get("roomName") and x["roomName"] != nm[x["meetingId"]])

@kind("basecamp-several-company-hq-projects", ("basecamp3", "projects"))
def _(meta, r):
    hq = [p for p in r[("basecamp3", "projects")] if p.get("purpose") == "company_hq"]
    return len(hq) if len(hq) > 1 else 0

@kind("basecamp-comment-on-no-record", ("basecamp3", "comments"))
def _(meta, r):
    ids = set()
    for (a, c), rows in r.items():
        if a == "basecamp3": ids.update(x.get("id") for x in rows)
    return sum(1 for c in r[("basecamp3", "comments")] if c.get("recording_id") not in ids)

@kind("teams-channel-email-is-a-persons-mailbox", ("microsoft_teams", "channels"))
def _(meta, r):
    return sum(1 for c in r[("microsoft_teams", "channels")] if re.match(r"^[a-z'-]+\.[a-z'-]+@", c.get("email") or ""))

@kind("comment-blocked-on-its-own-record", None)
def _(meta, r):
    n = 0
    names = collections.defaultdict(dict)
    for (a, c), rows in r.items():
        for p in rows:
            k = p.get("id") or p.get("gid") or p.get("key")
            if k is not None: names[a][k] = p.get("name") or p.get("title")
    for (app, coll), rows in r.items():
        for c in rows:
            text = c.get("comment_text") or c.get("text") or c.get("body") or c.get("content") or c.get("message") or ""
            m = re.search(r"Blocked on the (?:task|story|issue|card|ticket|file) (.+?) for now", text)
            if not m: continue
            pid = c.get("task_id") or c.get("story_id") or c.get("task") or c.get("issueId") or c.get("card_id") or c.get("file_key")
            if names[app].get(pid) == m.group(1): n += 1
    return n

@kind("freshservice-ticket-filed-by-an-outsider", ("freshservice", "tickets"))
def _(meta, r):
    ds = collections.Counter(dom(q.get("primary_email")) for q in r[("freshservice", "requesters")] if dom(q.get("primary_email")))
    if not ds: return 0
    home = ds.most_common(1)[0][0]
    return sum(1 for t in r[("freshservice", "tickets")] if dom(t.get("email")) and dom(t.get("email")) != home)

@kind("freshservice-asset-named-as-a-customer-matter", ("freshservice", "assets"))
def _(meta, r):
    return sum(1 for a in r[("freshservice", "assets")] if COMPANY_RE.search(a.get("name") or ""))

@kind("freshservice-asset-user-naming-no-requester", ("freshservice", "assets"))
def _(meta, r):
    ids = {q.get("id") for q in r[("freshservice", "requesters")]}
    return sum(1 for a in r[("freshservice", "assets")] if a.get("user_id") and a["user_id"] not in ids)

@kind("linear-team-key-issue-style", ("linear", "teams"))
def _(meta, r):
    return sum(1 for t in r[("linear", "teams")] if re.match(r"^[A-Z]+-\d+$", t.get("key") or ""))

def handle_name(h):
    h = (h or "").split("@")[0]
    return " ".join(w.capitalize() for w in h.split(".")) if "." in h else None
def norm(s):
    return (s or "").replace("ü", "ue").replace("ö", "oe").replace("ä", "ae").replace("'", "").lower()
@kind("comment-whose-author-copies-or-addresses-himself", None)
def _(meta, r):
    n = 0
    for rows in r.values():
        for c in rows:
            who = handle_name(c.get("author") or c.get("user_handle") or c.get("creator") or c.get("author_email"))
            if not who: continue
            text = c.get("content") or c.get("message") or c.get("body") or c.get("text") or c.get("comment_text") or ""
            if not isinstance(text, str): continue
            m = re.search(r"Copying ([A-Z][\w'\u00c0-\u017f-]+ [A-Z][\w'\u00c0-\u017f-]+)", text)
            if m and norm(m.group(1)).replace(" ", "") == norm(who).replace(" ", ""): n += 1
    return n

@kind("zoho-folder-system-type-on-custom-name", ("zoho_mail", "folders"))
def _(meta, r):
    n = 0
    for f in r[("zoho_mail", "folders")]:
        t, nm = f.get("folderType"), f.get("folderName")
        if t and t != "Custom" and nm and nm.lower() not in (t.lower(), t.lower() + "s", "draft", "junk"): n += 1
    return n

@kind("mattermost-post-root-id-naming-no-post", ("mattermost", "posts"))
def _(meta, r):
    ids = {p.get("id") for p in r[("mattermost", "posts")]}
    return sum(1 for p in r[("mattermost", "posts")] if p.get("root_id") and p["root_id"] not in ids)

@kind("statuspage-maintenance-with-outage-impact-or-update", ("statuspage", "incidents"))
def _(meta, r):
    up = collections.defaultdict(set)
    for u in r[("statuspage", "incident_updates")]: up[u.get("incident_id")].add(u.get("status"))
    return sum(1 for i in r[("statuspage", "incidents")] if i.get("scheduled_for") and
               (i.get("impact") in ("minor", "major", "critical") or up[i.get("id")] & {"investigating", "identified", "monitoring"}))

@kind("statuspage-maintenance-update-with-incident-status", ("statuspage", "incidents"))
def _(meta, r):
    mt = {i.get("id") for i in r[("statuspage", "incidents")] if i.get("scheduled_for")}
    return sum(1 for u in r[("statuspage", "incident_updates")] if u.get("incident_id") in mt and u.get("status") in ("investigating", "identified", "monitoring"))

UNFIT = {'Book a meeting room', 'Fix a printer', 'Order new hardware', 'Request a mobile phone', 'Request a new laptop',
         'Onboard a new employee', 'Offboard an employee', 'Update payroll details', 'Request a new email alias',
         'Ask a legal question', 'Request a purchase'}
@kind("jsm-request-under-unfit-type", ("jira_service_management", "requests"))
def _(meta, r):
    t = {x.get("id"): x.get("name") for x in r[("jira_service_management", "request_types")]}
    return sum(1 for q in r[("jira_service_management", "requests")] if t.get(q.get("requestTypeId")) in UNFIT)

@kind("asana-system-story-with-a-person-sentence", ("asana", "stories"))
def _(meta, r):
    return sum(1 for s in r[("asana", "stories")] if s.get("type") == "system" and re.search(r"\b(I|I am|I will|my|me)\b|^Call |Copying |Checked by |Blocked on |^Confirm ", s.get("text") or ""))

GREET = re.compile(r"^(?:(?:Hi|Hello|Dear|Morning|Hey) )?([A-Z][a-z]+)(?: [A-Z][a-z]+)?,")
def _greets_other(text, rcpts):
    m = GREET.match(text or "")
    if not m or not rcpts: return False
    firsts = {x.split("@")[0].split(".")[0].lower() for x in rcpts if isinstance(x, str) and "@" in x}
    if any(x.startswith("me@") for x in rcpts): return False
    return m.group(1).lower() not in firsts and m.group(1) not in ("Thanks", "Following", "Here", "Hi", "Team", "All", "Everyone")
@kind("own-mail-greeting-someone-other-than-its-recipients", None)
def _(meta, r):
    n = 0
    for x in r[("yahoo_mail", "messages")]:
        if x.get("sender", "").startswith("me@") and _greets_other(x.get("text"), (x.get("recipients") or [])): n += 1
    for x in r[("proton_mail", "messages")]:
        if x.get("sender", "").startswith("me@") and _greets_other(x.get("body"), (x.get("to_list") or [])): n += 1
    return n

# ---- run
atoms = {}
dd = os.path.join(lib, "data")
names = [k for k in K if not only or k in only]
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if (K[k][0] is None and (k != "own-mail-greeting-someone-other-than-its-recipients" or r.get(("yahoo_mail","messages")) or r.get(("proton_mail","messages")))) or (K[k][0] and r.get(K[k][0]))}
    cnt = {k: K[k][1](meta, r) for k in names if k in has}
    atoms[meta.get("id", fn[:-5])] = (has, cnt)
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
used = set(); nenv = 0; envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
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
