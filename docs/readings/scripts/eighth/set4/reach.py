#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 4 of the eighth reading, over a build's data atoms.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl. Loader: the second reading's line-based one (docs/readings/scripts/second/set2/load.py): each
record is one JSON object a line under "  app:" / "    collection:" headings; the world's company is read from the
atom's description ("... at Ironclad Group on Thursday ..."). Per kind: environments whose data atom shows the kind,
of those whose atom holds the kind's collection; atoms and records count the data atoms some environment uses.
An atom naming none of the kinds' apps is skipped unparsed (it cannot hold their collections).
Standard library only.
"""
import collections, datetime, json, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load, company

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)

K = {}
APPS = set()
def kind(name, app, coll):
    APPS.add(app)
    def deco(f): K[name] = (lambda meta, r: bool(r.get((app, coll))), f); return f
    return deco

def day(s):
    try: return datetime.date.fromisoformat(str(s)[:10])
    except ValueError: return None

def stamp(s):
    try: return datetime.datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except ValueError: return None

# Jira: a sub-task is always the child of another issue; creating one needs the parent
# (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-post:
# "parent" ... "required when the issue type is a subtask"; https://support.atlassian.com/jira-cloud-administration/
# docs/what-are-issue-types/: "Subtask ... a piece of work ... part of a larger issue"). A Sub-task with no
# parent_key is an orphan no Jira site holds.
@kind("jira-sub-task-with-no-parent", "jira", "issues")
def _(meta, r):
    n = 0
    for x in r[("jira", "issues")]:
        if x.get("issuetype") == "Sub-task":
            if not x.get("parent_key"):
                n += 1; SHOW["jira sub-task parent"]["none"] += 1
            else:
                SHOW["jira sub-task parent"]["named"] += 1
    return n

# LinkedIn Conversions API: an event reports a conversion that has happened
# (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/conversions-api:
# "conversionHappenedAt: Epoch timestamp in milliseconds at which the conversion event happened"); the server atom's
# create sets created_at to the moment it is sent. An event created before its conversion happened reports the future.
@kind("linkedin-conversions-event-created-before-its-conversion", "linkedin_conversions", "events")
def _(meta, r):
    n = 0
    for x in r[("linkedin_conversions", "events")]:
        c, h = stamp(x.get("created_at")), stamp(x.get("conversion_happened_at"))
        if c and h and c < h:
            n += 1; SHOW["linkedin days created before the conversion"][min((h - c).days // 30, 3)] += 1
    return n

# LinkedIn Conversions API: an event is sent for a conversion rule of the advertiser's ad account
# (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/conversions-api: the conversion
# rule's "account", urn:li:sponsoredAccount); the person converting has a "company" of their own. An event whose
# account is the converting person's company (another firm than the world's) names the lead as the advertiser.
@kind("linkedin-conversions-event-account-the-leads-company", "linkedin_conversions", "events")
def _(meta, r):
    home = (company(meta) or "").lower()
    n = 0
    for x in r[("linkedin_conversions", "events")]:
        a, c = str(x.get("account") or "").lower(), str(x.get("company") or "").lower()
        if a and a == c and a != home:
            n += 1
        SHOW["linkedin event account"]["the lead's company" if a and a == c else "other"] += 1
    return n

# Rippling: a leave request is taken by an employee's role
# (https://developer.rippling.com/documentation/base-api/reference/leave-requests: "role", "startDate");
# the employee's start date is their first day (https://developer.rippling.com/documentation/base-api/reference/
# employees: "startDate"). Leave that begins before the employee starts is leave from a job not yet held.
@kind("rippling-leave-starting-before-the-employee-starts", "rippling", "leave_requests")
def _(meta, r):
    emp = {x.get("id"): x for x in r[("rippling", "employees")]}
    n = 0
    for x in r[("rippling", "leave_requests")]:
        e = emp.get(x.get("role_id"))
        s, hired = day(x.get("start_date")), day((e or {}).get("start_date"))
        if s and hired and s < hired:
            n += 1; SHOW["rippling leave before start (status)"][x.get("status")] += 1
    return n

# Mailboxes (build.md, Coherence: "its opening, where it greets someone ("Hi Oscar,", "Dear Hannah Foster,"), greets
# one of its recipients, in every mailbox"; coherence/greeting.go). Mail the owner wrote (from the owner's address)
# that opens "Dear Laura O'Brien," to gabriela.patel@ greets a third person; the rule's pattern reads a last name
# only as a capital and lower-case letters, so a last name with an apostrophe or an inner capital (O'Brien,
# McAllister) hides the greeting from it. Counted: such openings whose first name is no recipient's.
MAIL = {  # app: (collection, owner or None for the identities' addresses, from, [to fields], [text fields])
    "yahoo_mail": ("messages", "me@yahoo.example", "sender", ["recipients"], ["text"]),
    "proton_mail": ("messages", "me@proton.example", "sender", ["to_list", "cc_list"], ["body"]),
    "gmail": ("messages", "user@gmail.com", "from_", ["to", "cc", "bcc"], ["body_plain", "snippet"]),
    "outlook": ("messages", "me@contoso.example", "from", ["toRecipients", "ccRecipients", "bccRecipients"],
                ["body", "bodyPreview"]),
    "zoho_mail": ("messages", "me@zoho.example", "fromAddress", ["toAddress", "ccAddress"], ["content"]),
    "fastmail": ("emails", None, "from", ["to", "cc"], ["textBody", "preview"]),
}
HIDDEN = re.compile(r"^(?:Hi|Hello|Dear|Hey|Morning|Good morning) ([A-Z][a-z]+) ([A-Z][a-z]*['-]?[A-Z][A-Za-z'-]*),")
def addresses(v):
    vs = v if isinstance(v, list) else [v]
    out = []
    for x in vs:
        if isinstance(x, dict): x = x.get("email") or x.get("address") or ""
        out += [a.strip().lower() for a in re.split(r"[,;]", str(x or "")) if "@" in a]
    return out
def hidden_greetings(meta, r):
    n = 0
    for app, (coll, owner, frm, tos, texts) in MAIL.items():
        owners = {owner} if owner else {str(i.get("email", "")).lower() for i in r[(app, "identities")]}
        for x in r[(app, coll)]:
            if not set(addresses(x.get(frm))) & owners: continue
            to = addresses(sum((x.get(f) if isinstance(x.get(f), list) else [x.get(f)] for f in tos), []))
            firsts = {re.split(r"[._-]", a.split("@")[0])[0] for a in to}
            for f in texts:
                m = HIDDEN.match(str(x.get(f) or ""))
                if m and m.group(1).lower() not in firsts:
                    n += 1; SHOW["greeting hidden from the rule (app)"][app] += 1
                    break
    return n
K["mail-greeting-a-third-person-by-a-name-the-rule-does-not-read"] = (
    lambda meta, r: any(r.get((a, v[0])) for a, v in MAIL.items()), hidden_greetings)
APPS.update(MAIL)

names = [k for k in K if not only or k in only]
envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
for e in envlist: e["atom"] = e["recipe"]["data"].split("@")[0]
used = {e["atom"] for e in envlist}
heads = tuple(f"  {a}:\n" for a in APPS)
dd = os.path.join(lib, "data")
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    path = os.path.join(dd, fn)
    with open(path) as fh:
        text = fh.read()
    if not any(h in text for h in heads): continue
    meta, recs = load(path)
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
print(f"envs {len(envlist)}, data atoms holding the kinds' apps {len(atoms)} (those some env uses)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {len(atoms_hit[k])}, records {recs_hit[k]}")
for t, c in SHOW.items():
    print(f"{t}: {dict(c.most_common(12))}")
