#!/usr/bin/env python3
"""Reach of the kinds found in set 1 of the ninth reading that no earlier script counts.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/eighth/set1/reach.py: the second reading's line-based loader
(second/set2/load.py) and a reader of the atom's handles; per kind, environments whose data atom shows the
kind, of those whose atom holds the kind's collection (or, for a task kind, of the environments whose intent
changes that collection), and records hit in the data atoms some environment uses. Standard library only.
"""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

def handles(path):
    """The atom's handles in their one-line form: name -> (app, collection, key)."""
    out, inh = {}, False
    with open(path) as fh:
        for line in fh:
            if line.startswith("handles:"): inh = True; continue
            if not inh: continue
            m = re.match(r"^  (\w+): \{app: (\w+), collection: (\w+), key: \"?([^\"}]+)\"?\}", line)
            if m: out[m.group(1)] = (m.group(2), m.group(3), m.group(4).strip())
            elif not line.startswith(" "): break
    return out

def calendars(r):
    return {c.get("id"): c for c in r.get(("google_calendar", "calendars"), [])}

NOT_WRITABLE = {"reader", "freeBusyReader"}

def hiw_events(r):
    """The Google Calendar events a workflow task changes (handles *_hiwN)."""
    evs = {e.get("id"): e for e in r.get(("google_calendar", "events"), [])}
    return [evs[k] for h, (app, coll, k) in r["__handles"].items()
            if re.search(r"_hiw\d*$", h) and (app, coll) == ("google_calendar", "events") and k in evs]

# Google Calendar: a task that changes an event on a calendar whose access_role for the user is reader or
# freeBusyReader. Such a user cannot modify events there (events.update needs writer or owner:
# https://developers.google.com/calendar/api/v3/reference/calendarList#accessRole).
def task_on_read_only_calendar(meta, r):
    cals = calendars(r)
    return sum(1 for e in hiw_events(r) if cals.get(e.get("calendarid"), {}).get("access_role") in NOT_WRITABLE)

# Google Calendar: an event whose title, description or attendees are listed on a calendar the user holds
# as freeBusyReader, which gives free/busy times only (same page: "freeBusyReader - Provides read access to
# free/busy information").
def details_on_free_busy_calendar(meta, r):
    cals = calendars(r)
    return sum(1 for e in r.get(("google_calendar", "events"), [])
               if cals.get(e.get("calendarid"), {}).get("access_role") == "freeBusyReader"
               and (e.get("summary") or e.get("description") or e.get("attendees")))

# Stripe: a refund (of any status) on a charge that never succeeded (failed or pending). Only a succeeded
# charge can be refunded: https://docs.stripe.com/api/refunds/create, https://docs.stripe.com/refunds
def refund_on_unsucceeded_charge(meta, r):
    ch = {c.get("id"): c for c in r.get(("stripe", "charges"), [])}
    return sum(1 for x in r.get(("stripe", "refunds"), [])
               if x.get("charge") in ch and ch[x["charge"]].get("status") in ("failed", "pending"))

def changes_calendar_events(e):
    return e["recipe"]["intent"].startswith("wf.google_calendar.events.")

# name -> (holds: (app, coll) or a predicate of the atom, env filter or None, count)
K = {
    "google-calendar-task-changes-an-event-on-a-calendar-it-cannot-write":
        (lambda meta, r: bool(hiw_events(r)), changes_calendar_events, task_on_read_only_calendar),
    "google-calendar-event-details-on-a-free-busy-calendar":
        (("google_calendar", "events"), None, details_on_free_busy_calendar),
    "stripe-refund-on-a-charge-that-did-not-succeed":
        (("stripe", "refunds"), None, refund_on_unsucceeded_charge),
}

def holds(k, meta, r):
    c = K[k][0]
    return c(meta, r) if callable(c) else bool(r.get(c))

names = [k for k in K if not only or k in only]
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e); used.add(e["recipe"]["data"].split("@")[0])
atoms = {}
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    path = os.path.join(dd, fn)
    meta, recs = load(path)
    r = collections.defaultdict(list, recs)
    r["__handles"] = handles(path)
    has = {k for k in names if holds(k, meta, r)}
    atoms[meta.get("id", fn[:-5])] = (has, {k: K[k][2](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter()
atoms_hit = collections.Counter(); hit_ids = collections.defaultdict(list)
for has, cnt in atoms.values():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k] += 1
for e in envlist:
    a = atoms.get(e["recipe"]["data"].split("@")[0])
    if not a: continue
    for k in a[0]:
        if K[k][1] and not K[k][1](e): continue
        env_has[k] += 1
        if a[1].get(k): env_hit[k] += 1; hit_ids[k].append(e["id"][4:12])
print(f"envs {len(envlist)}, data atoms used by an env {len(atoms)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
    print("  e.g. " + " ".join(sorted(hit_ids[k])[:8]))
