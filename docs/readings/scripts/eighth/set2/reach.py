#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the eighth reading, over a build's data atoms and recipes.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py); standard library only.
Per kind: environments showing it, of those whose data atom holds its collection; data atoms; records.
SAMPLES=N prints up to N records of each kind."""
import json, os, re, sys, collections
from datetime import datetime
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
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco
def note(k, m, *s):
    if len(samples[k]) < NS: samples[k].append((m.get("id"),) + s)

# Gmail: a system label is one Gmail makes and is named by its id ("INBOX", "SENT"), with no colour of its own;
# a label of type system whose id is another (Label_44500 "INBOX").
# https://developers.google.com/gmail/api/guides/labels
@kind("gmail-system-label-not-named-by-its-id", ("gmail", "labels"))
def _(m, r):
    n = 0
    for x in r[("gmail", "labels")]:
        if x.get("label_type") == "system" and x.get("id") != x.get("name"):
            n += 1; note("gmail-system-label-not-named-by-its-id", m, x.get("id"), x.get("name"))
    return n

# Calendly: a scheduled event whose text says it is "hosted by NAME" while none of its hosts (host_ids, users
# the atom holds) is NAME. https://developer.calendly.com/api-docs (Scheduled Event `event_memberships`)
HOSTED = re.compile(r"hosted by ([A-Z][\w'\u00c0-\u017f-]+(?: [A-Z][\w'\u00c0-\u017f-]+)+)")
@kind("calendly-event-text-naming-another-host", ("calendly", "scheduled_events"))
def _(m, r):
    users = {u.get("id"): u.get("name") for u in r[("calendly", "users")]}
    n = 0
    for e in r[("calendly", "scheduled_events")]:
        hosts = [users[h] for h in e.get("host_ids") or [] if h in users]
        if not hosts: continue
        text = " ".join(str(e.get(f) or "") for f in ("description", "location_additional_info"))
        named = [g.rstrip(".") for g in HOSTED.findall(text)]
        if named and not any(x in hosts for x in named):
            n += 1; note("calendly-event-text-naming-another-host", m, e.get("id"), named, hosts)
    return n

# Calendly: an invitee of an event named for one company ("Executive sync with Brightline Group") whose address
# is at another company (not the event's, not the account's own).
@kind("calendly-invitee-of-another-company-than-its-event", ("calendly", "invitees"))
def _(m, r):
    ev = {e.get("id"): e for e in r[("calendly", "scheduled_events")]}
    home = domain_of(company(m))
    n = 0
    for i in r[("calendly", "invitees")]:
        e = ev.get(i.get("event_id"))
        if not e: continue
        names = COMPANY.findall(str(e.get("name") or ""))
        dom = str(i.get("email") or "").split("@")[-1]
        if names and dom and dom != home and dom not in {domain_of(c) for c in names}:
            n += 1; note("calendly-invitee-of-another-company-than-its-event", m, i.get("id"), e.get("name"), dom)
    return n

# Calendly: an event type lasting under a quarter of an hour (a "Strategy Session" of 6 minutes): left open by the
# seventh reading (durations drawn as counts).
@kind("calendly-event-type-of-a-few-minutes", ("calendly", "event_types"))
def _(m, r):
    n = 0
    for t in r[("calendly", "event_types")]:
        if isinstance(t.get("duration"), int) and t["duration"] < 15:
            n += 1; note("calendly-event-type-of-a-few-minutes", m, t.get("id"), t.get("name"), t["duration"])
    return n

# LinkedIn Conversions: a conversion event recorded (created_at) or sent (event_time) before the conversion it
# reports happened (conversion_happened_at). https://learn.microsoft.com/en-us/linkedin/marketing/conversions
@kind("linkedin-conversion-event-recorded-before-it-happened", ("linkedin_conversions", "events"))
def _(m, r):
    n = 0
    for x in r[("linkedin_conversions", "events")]:
        h = ts(x.get("conversion_happened_at"))
        if h and any(ts(x.get(f)) and ts(x.get(f)) < h for f in ("created_at", "event_time")):
            n += 1; note("linkedin-conversion-event-recorded-before-it-happened", m, x.get("id"), x.get("created_at"), x.get("event_time"), x.get("conversion_happened_at"))
    return n

# Zendesk: a ticket assigned to an end-user; only agents and admins are assignees.
# https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/ (assignee_id: "The agent currently assigned")
@kind("zendesk-ticket-assigned-to-an-end-user", ("zendesk", "tickets"))
def _(m, r):
    role = {u.get("id"): u.get("role") for u in r[("zendesk", "users")]}
    n = 0
    for t in r[("zendesk", "tickets")]:
        if role.get(t.get("assignee_id")) == "end-user":
            n += 1; note("zendesk-ticket-assigned-to-an-end-user", m, t.get("id"), t.get("assignee_id"))
    return n

names = [k for k in K if not only or k in only]
used = collections.defaultdict(list)
for line in open(envs_path):
    e = json.loads(line); used[e["recipe"]["data"].split("@")[0]].append(e["recipe"]["intent"].split("@")[0])
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn)); r = collections.defaultdict(list, recs)
    n_env = len(used[fn[:-5]])
    for k in names:
        coll, f = K[k]
        if not r.get(coll): continue
        env_has[k] += n_env
        v = f(meta, r)
        if v: env_hit[k] += n_env; recs_hit[k] += v; atoms_hit[k] += 1
print(f"envs {sum(len(v) for v in used.values())}, data atoms used {len(used)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
    for s in samples[k]: print("    e.g.", s)
