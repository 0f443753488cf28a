#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the s56 reading (h56r3), over a build's data atoms.
usage: reach3.py LIBDIR ENVS.jsonl [KIND ...]
Same frame as docs/readings/scripts/third/set1/reach.py: line-based parse by the second reading's loader;
per kind, environments whose data atom shows the kind, of those whose atom holds the kind's collection,
and records hit in the data atoms some environment uses. Pattern checks: estimates.
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

def ws(meta):
    m = re.search(r" at (.+?) on \w+day ", meta.get("description", ""))
    return m.group(1) if m else None

def wsdom(meta):
    w = ws(meta)
    return re.sub(r"[^a-z0-9]", "", w.lower()) + ".example" if w else None

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

@kind("jira-project-key-in-issue-form-or-issue-key-not-its-projects", ("jira", "projects"))
def _(meta, r):
    n = sum(1 for p in r[("jira", "projects")] if re.match(r"^[A-Z]+-\d+$", p.get("key") or ""))
    n += sum(1 for i in r[("jira", "issues")] if i.get("project_key") and not str(i.get("key", "")).startswith(i["project_key"] + "-"))
    return n

@kind("statuspage-maintenance-update-ahead-of-its-window", ("statuspage", "incident_updates"))
def _(meta, r):
    sf = {i["id"]: ts(i.get("scheduled_for")) for i in r[("statuspage", "incidents")] if i.get("scheduled_for")}
    return sum(1 for u in r[("statuspage", "incident_updates")]
               if u.get("incident_id") in sf and u.get("status") in ("in_progress", "verifying", "completed")
               and ts(u.get("created_at")) and sf[u["incident_id"]] and ts(u["created_at"]) < sf[u["incident_id"]])

RANK = {"investigating": 0, "identified": 1, "monitoring": 2, "resolved": 3}
@kind("statuspage-incident-status-behind-its-latest-update", ("statuspage", "incident_updates"))
def _(meta, r):
    last = {}
    for u in r[("statuspage", "incident_updates")]:
        t = ts(u.get("created_at"))
        if t and (u.get("incident_id") not in last or t > last[u["incident_id"]][0]): last[u["incident_id"]] = (t, u.get("status"))
    n = 0
    for i in r[("statuspage", "incidents")]:
        if i.get("scheduled_for") or i["id"] not in last: continue
        a, b = RANK.get(i.get("status")), RANK.get(last[i["id"]][1])
        if a is not None and b is not None and b > a: n += 1
    return n

@kind("ashby-hired-application-interviewed-later-or-twice-for-one-job", ("ashby", "applications"))
def _(meta, r):
    clock = ts(meta.get("clock")); apps = {a["id"]: a for a in r[("ashby", "applications")]}
    n = sum(1 for s in r[("ashby", "interview_schedules")] if apps.get(s.get("applicationId"), {}).get("status") == "Hired"
            and (s.get("status") == "Scheduled" or (ts(s.get("startTime")) and clock and ts(s["startTime"]) > clock)))
    pair = collections.Counter((a.get("candidateId"), a.get("jobId")) for a in apps.values())
    return n + sum(v for v in pair.values() if v > 1)

@kind("mattermost-teams-sharing-a-name", ("mattermost", "teams"))
def _(meta, r):
    c = collections.Counter(t.get("name") for t in r[("mattermost", "teams")])
    return sum(v for v in c.values() if v > 1)

@kind("hubspot-contact-csm-at-another-company", ("hubspot", "contacts"))
def _(meta, r):
    d = wsdom(meta)
    return sum(1 for c in r[("hubspot", "contacts")] if c.get("csm_email") and d and dom(c["csm_email"]) != d
               and not dom(c["csm_email"]).endswith("." + d))

@kind("ringcentral-non-user-extension-named-as-a-person", ("ringcentral", "extensions"))
def _(meta, r):
    return sum(1 for x in r[("ringcentral", "extensions")] if x.get("type") not in ("User", None)
               and re.match(r"^[A-Z][\w'-]+ [A-Z][\w'-]+$", x.get("name") or "") and x.get("email"))

@kind("google-chat-group-chat-or-dm-with-a-display-name", ("google_chat", "spaces"))
def _(meta, r):
    return sum(1 for s in r[("google_chat", "spaces")] if s.get("spaceType") in ("GROUP_CHAT", "DIRECT_MESSAGE") and s.get("displayName"))

@kind("confluence-personal-space-named-for-a-team-or-customer", ("confluence", "spaces"))
def _(meta, r):
    return sum(1 for s in r[("confluence", "spaces")] if s.get("type") == "personal"
               and re.search(r"^(proj|team|deal)-|-(launch|support)$", s.get("name") or ""))

DOCNAME = re.compile(r"agreement|proposal|handbook|questionnaire|statement of work|launch plan|remediation|fixes for|plan \(|policy", re.I)
@kind("google-drive-document-stored-as-image-json-or-csv", ("google_drive", "files"))
def _(meta, r):
    return sum(1 for f in r[("google_drive", "files")] if f.get("mime_type") in ("image/png", "image/jpeg", "application/json", "text/csv")
               and (DOCNAME.search(f.get("name") or "") or len(f.get("description") or "") > 150))

@kind("handover-notes-written-by-someone-other-than-the-leaver", None)
def _(meta, r):
    txt = json.dumps({str(k): v for k, v in r.items()})
    m = re.search(r"([A-Z][a-z]+) is finishing this one himself|([A-Z][a-z]+) is finishing this one herself", txt)
    if not m: return 0
    leaver = (m.group(1) or m.group(2)).lower(); n = 0
    for (app, coll), rs in r.items():
        for x in rs:
            if "Before I hand over" not in json.dumps(x) or not re.search(r"hand over", str(x.get("subject") or x.get("title") or x.get("name") or x.get("topic") or "")): continue
            w = None
            for f in ("sender_email", "sender", "from", "author", "user_email", "owner", "owned_by", "created_by", "from_email", "user"):
                if isinstance(x.get(f), str): w = x[f]; break
            if w and re.split(r"[.@]", w)[0].lower() != leaver: n += 1
    return n

@kind("freshservice-conversation-writing-to-the-company-as-a-customer", ("freshservice", "conversations"))
def _(meta, r):
    w = ws(meta)
    return sum(1 for c in r[("freshservice", "conversations")] if w and re.search(r"(everyone at|hello to everyone at|for) " + re.escape(w) + r"\b|" + re.escape(w) + r"'s request", c.get("body") or ""))

@kind("pipedrive-record-joining-people-and-deals-of-different-organizations", ("pipedrive", "persons"))
def _(meta, r):
    per = {p["id"]: p for p in r[("pipedrive", "persons")]}; deals = {d["id"]: d for d in r[("pipedrive", "deals")]}
    n = 0
    for x in r[("pipedrive", "notes")] + r[("pipedrive", "activities")]:
        p = per.get(x.get("person_id")); org = x.get("org_id") or deals.get(x.get("deal_id"), {}).get("org_id")
        if p and org and p.get("org_id") and p["org_id"] != org: n += 1
    byname = {p.get("name"): p.get("org_id") for p in per.values()}
    for d in deals.values():
        for nm, o in byname.items():
            if nm and nm in (d.get("lost_reason") or "") and o and d.get("org_id") and o != d["org_id"]: n += 1
    return n

@kind("pipedrive-people-count-below-its-persons", ("pipedrive", "organizations"))
def _(meta, r):
    cnt = collections.Counter(p.get("org_id") for p in r[("pipedrive", "persons")])
    return sum(1 for o in r[("pipedrive", "organizations")] if isinstance(o.get("people_count"), int) and o["people_count"] < cnt[o["id"]])

def workspace_as_counterpart(meta, r, phrases):
    """Records of the workspace's own people whose text treats the workspace as another party, by phrases
    naming it (each a %s for the workspace's name)."""
    w = ws(meta)
    if not w: return 0
    e = re.escape(w)
    pat = re.compile("|".join(p % e for p in phrases))
    d = wsdom(meta); n = 0
    for rows in r.values():
        for x in rows:
            if not pat.search(" ".join(str(v) for v in x.values() if isinstance(v, str))): continue
            if any(dom(x.get(f)) and dom(x.get(f)) != d for f in ("author", "user_handle", "sender", "sender_email", "from", "owner", "owned_by", "user", "email")): continue
            n += 1
    return n

@kind("workspace-company-as-the-other-party-of-a-call-kickoff-or-delivery", None)
def _(meta, r):
    return workspace_as_counterpart(meta, r, [r"Send %s the ", r"from the %s call\b", r"notes from the %s call", r"Confirm the %s kickoff date"])

@kind("workspace-company-sent-figures-or-kickoff-by-itself", None)
def _(meta, r):
    return workspace_as_counterpart(meta, r, [r"Send %s the ", r"Confirm the %s kickoff date"])

names = [k for k in K if not only or k in only]
atoms = {}
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if K[k][0] is None or r.get(K[k][0])}
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
