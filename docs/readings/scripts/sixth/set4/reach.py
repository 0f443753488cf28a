#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 4 of the sixth reading, over a build's data atoms.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl, or the output of `legoenv envs --envs out/envs.jsonl --json` (which also gives each
environment's instruction; the hand-over kind needs it and counts nothing without it).
Loader: the second reading's line-based one (docs/readings/scripts/second/set2/load.py): each record is one JSON
object a line under "  app:" / "    collection:" headings. Per kind: environments whose data atom shows the kind,
of those whose atom holds the kind's collection; atoms and records count the data atoms some environment uses.
Pattern checks: estimates. Standard library only.
"""
import collections, json, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)

K = {}
def kind(name, holds):
    def deco(f): K[name] = (holds, f); return f
    return deco

def has(app, coll):
    return lambda env, r: bool(r.get((app, coll)))

# Confluence: a space's homepage is the page the space opens on, published with the space
# (https://developer.atlassian.com/cloud/confluence/rest/v1/api-group-space/#api-wiki-rest-api-space-post:
# "homepage" is created with the space); a draft or a trashed page is no space's homepage.
@kind("confluence-space-homepage-not-a-current-page",
      lambda env, r: any(s.get("homepage_id") for s in r.get(("confluence", "spaces"), [])))
def _(env, r):
    pages = {p.get("id"): p for p in r[("confluence", "pages")]}
    n = 0
    for s in r[("confluence", "spaces")]:
        p = pages.get(s.get("homepage_id"))
        if p and p.get("status") != "current":
            n += 1; SHOW["homepage status"][p.get("status")] += 1
    return n

# Klaviyo: a metric is a kind of event a profile does (Placed Order, Opened Email, Viewed Product;
# https://developers.klaviyo.com/en/reference/get_metrics), not a meeting with a customer.
MEETING = re.compile(r"^(Renewal call with|Onboarding session for|Kickoff with|Quarterly business review with|"
                     r"Pricing workshop with|Security review with|Executive sync with|Budget workshop for|"
                     r"Demo for|Check-in with)\b|\b(with|for) [A-Z][a-z]+ [A-Z][a-z]+$")
@kind("klaviyo-event-metric-named-as-a-meeting", has("klaviyo", "events"))
def _(env, r):
    n = 0
    for x in r[("klaviyo", "events")]:
        m = str(x.get("metric_name", ""))
        SHOW["klaviyo metric (first words)"][" ".join(m.split()[:2])] += 1
        if MEETING.search(m): n += 1
    return n

# Mattermost: a channel's name is its URL handle, unique in its team
# (https://developers.mattermost.com/api-documentation/#/operations/CreateChannel).
@kind("mattermost-channels-sharing-a-name-in-one-team", has("mattermost", "channels"))
def _(env, r):
    c = collections.Counter((x.get("team_id"), x.get("name")) for x in r[("mattermost", "channels")] if x.get("name"))
    return sum(1 for x in r[("mattermost", "channels")] if x.get("name") and c[(x.get("team_id"), x["name"])] > 1)

# Hand-over notes "written by the outgoing owner" kept (owned, sent, authored) by someone other than the
# leaver the instruction names ("Jonas leaves on Friday ... His notes (...) say what to settle first").
LEAVER = re.compile(r"\b([A-Z][a-z]+) leaves on \w+day\b")
WRITER = ("owner", "owned_by", "from", "sender", "sender_email", "author", "created_by", "user_email", "from_email",
          "fromAddress", "organizer", "creator")
@kind("handover-notes-of-the-outgoing-owner-kept-by-someone-else", lambda env, r: bool(LEAVER.search(env.get("instruction", ""))))
def _(env, r):
    leaver = LEAVER.search(env.get("instruction", "")).group(1).lower()
    n = 0
    for (app, coll), rows in r.items():
        for x in rows:
            # the notes themselves, not a comment quoting them
            if "written by the outgoing owner" not in json.dumps({f: v for f, v in x.items() if f != "quoted_text"}): continue
            w = next((x[f] for f in WRITER if isinstance(x.get(f), str) and x[f]), None)
            if w is None:
                SHOW["hand-over notes with no writer field"][f"{app}.{coll}"] += 1; continue
            if re.split(r"[.@ ]", w.strip())[0].lower() != leaver:
                n += 1; SHOW["hand-over notes kept by another"][f"{app}.{coll}"] += 1
            else:
                SHOW["hand-over notes kept by the leaver"][f"{app}.{coll}"] += 1
    return n

names = [k for k in K if not only or k in only]
with open(envs_path) as fh:
    txt = fh.read()
if txt.lstrip().startswith("{\"envs\"") or txt.lstrip().startswith("{\n"):
    envlist = json.loads(txt)["envs"]
    for e in envlist: e["atom"] = e["data"].split("@")[0]
else:
    envlist = [json.loads(l) for l in txt.splitlines() if l.strip()]
    for e in envlist: e["atom"] = e["recipe"]["data"].split("@")[0]
used = {e["atom"] for e in envlist}
dd = os.path.join(lib, "data")
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    atoms[meta.get("id", fn[:-5])] = collections.defaultdict(list, recs)
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.defaultdict(set)
seen = set(); cache = {}
for e in envlist:
    r = atoms.get(e["atom"])
    if r is None: continue
    for k in names:
        if not K[k][0](e, r): continue
        env_has[k] += 1
        key = (k, e["atom"]) if k != "handover-notes-of-the-outgoing-owner-kept-by-someone-else" else (k, e["atom"], e.get("instruction"))
        if key not in seen:
            seen.add(key); cache[key] = K[k][1](e, r)
            if cache[key]: recs_hit[k] += cache[key]
        v = cache[key]
        if v: env_hit[k] += 1; atoms_hit[k].add(e["atom"])
print(f"envs {len(envlist)}, data atoms read {len(atoms)} (those some env uses)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {len(atoms_hit[k])}, records {recs_hit[k]}")
for t, c in SHOW.items():
    print(f"{t}: {dict(c.most_common(12))}")
