#!/usr/bin/env python3
"""Reach of the NEW non-mild kinds found in set 2 of the ninth reading (two of the data, two of the task),
over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Parses atoms with the second reading's loader (docs/readings/scripts/second/set2/load.py); standard library only.
Per kind: environments showing it, of those whose data atom holds its collection (task kinds: of those whose
intent marks its record with a value); data atoms; records.
SAMPLES=N prints up to N records of each kind."""
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load
lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
NS = int(os.environ.get("SAMPLES", "0"))
samples = collections.defaultdict(list)
K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

# A Zoho Desk ticket is raised by its contact (https://desk.zoho.com/DeskAPIDocument#Tickets: `contactId`,
# "the contact who raised the ticket"); a description naming another person as the one who raised or asked it
# ("Raised by Nadia Garcia of Initech Logistics" on a ticket of contact Hiro Müller) contradicts it.
NAME = r"([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)"
WHO = [re.compile(p) for p in (r"^Raised by %s of " % NAME, r"^Question from %s at " % NAME,
       r"^Opened through Zoho Desk by %s;" % NAME, r"^Set up by %s of " % NAME,
       r"^%s at [A-Z][\w ]+ (?:first saw|wrote in)" % NAME, r"from %s at [A-Z]" % NAME,
       r"^%s from [A-Z][\w ]+ reports:" % NAME)]
@kind("zoho-desk-ticket-raised-by-another-than-its-contact", ("zoho_desk", "tickets"))
def _(m, r):
    contacts = {str(c.get("id")): c for c in r.get(("zoho_desk", "contacts"), [])}
    n = 0
    for t in r.get(("zoho_desk", "tickets"), []):
        c = contacts.get(str(t.get("contact_id")))
        if not c: continue
        first, last = str(c.get("first_name", "")), str(c.get("last_name", ""))
        text = " ".join(str(t.get(f, "")) for f in ("description", "subject"))
        for rx in WHO:
            w = rx.search(text)
            if not w: continue
            named = w.group(1).split()
            if named[0] != first or (len(named) > 1 and named[1] != last):
                n += 1; 
                if len(samples["zoho-desk-ticket-raised-by-another-than-its-contact"]) < NS:
                    samples["zoho-desk-ticket-raised-by-another-than-its-contact"].append((m.get("id"), t.get("id"), first + " " + last, w.group(0)))
            break
    return n

# Calendly cancels an event's invitees with it (https://developer.calendly.com/api-docs/eb8ee72701f99-list-event-invitees, status: the
# invitees' status becomes `canceled`); an `active` invitee of a `canceled` event (INV95358 on EV45488) contradicts it.
@kind("calendly-active-invitee-of-a-canceled-event", ("calendly", "invitees"))
def _(m, r):
    canceled = {str(e.get("id")) for e in r.get(("calendly", "scheduled_events"), []) if e.get("status") == "canceled"}
    n = 0
    for i in r.get(("calendly", "invitees"), []):
        if i.get("status") == "active" and str(i.get("event_id")) in canceled:
            n += 1
            if len(samples["calendly-active-invitee-of-a-canceled-event"]) < NS:
                samples["calendly-active-invitee-of-a-canceled-event"].append((m.get("id"), i.get("id"), i.get("event_id")))
    return n

# A task that asks to change a record's field to the value the record already holds ("Afterwards change the impact
# on the Statuspage record to 'none'" on incident p31zjtct2jer41327, `impact: none` already): the goal's `exists` on
# the task's record (a field equal to '{{slot}}') with a literal value the record holds before any step. Reach is
# of the environments whose intent has such a marking goal.
def intent_marks(lib, iid, cache={}):
    """[(slot, app, coll, keyfield, field, value)] of an intent's goals that mark its slot's record."""
    if iid in cache: return cache[iid]
    out, slots, block = [], {}, None
    path = os.path.join(lib, "intents", iid + ".yaml")
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    for line in lines + ["  - end"]:
        m = re.match(r"^  (\w+): \{handle: (\w+)\}", line)
        if m: slots[m.group(1)] = m.group(2); continue
        if line.startswith("  - "):
            if block and block[1]:
                keys = [(f, v) for f, v in block[1] if re.fullmatch(r"\{\{(\w+)\}\}", v)]
                lits = [(f, v) for f, v in block[1] if "{{" not in v]
                if len(keys) == 1 and lits:
                    slot = keys[0][1][2:-2]
                    for f, v in lits: out.append((slot, block[0], keys[0][0], f, v))
            m = re.match(r"^  - exists: (\w+)\.(\w+)\s*$", line)
            block = ((m.group(1), m.group(2)), []) if m else None
            continue
        m = re.match(r"^      (\w+): \{equals: (.+?)\}\s*$", line)
        if m and block is not None: block[1].append((m.group(1), m.group(2).strip().strip("'\"")))
    cache[iid] = [(s, slots.get(s), c, k, f, v) for s, c, k, f, v in out if slots.get(s)]
    return cache[iid]
def atom_handles(path):
    """The handles section of a data atom (one-line or block form): name -> (app, collection, key)."""
    out, cur, on = {}, None, False
    for line in open(path):
        if line.startswith("handles:"): on = True; continue
        if not on: continue
        m = re.match(r"^  (\w+):\s*\{app: (\w+), collection: (\w+), key: (.+)\}\s*$", line)
        if m: out[m.group(1)] = [m.group(2), m.group(3), m.group(4).strip().strip('"')]; continue
        m = re.match(r"^  (\w+):\s*$", line)
        if m: cur = m.group(1); out[cur] = ["", "", ""]; continue
        m = re.match(r"^    (app|collection|key): (.+)$", line)
        if m and cur: out[cur][["app", "collection", "key"].index(m.group(1))] = m.group(2).strip().strip('"')
    return {k: tuple(v) for k, v in out.items()}
def task_marks_what_is_held(lib, path, r, iid, hs):
    n = 0
    for slot, handle, (app, coll), keyf, field, value in intent_marks(lib, iid):
        h = hs.get(handle)
        if not h or (h[0], h[1]) != (app, coll): continue
        for rec in r.get((app, coll), []):
            if str(rec.get(keyf)) != h[2]: continue
            held = rec.get(field)
            if str(held).lower() == value.lower() or (isinstance(held, list) and value in [str(x) for x in held]):
                n += 1
                if len(samples["task-marking-a-record-with-what-it-holds"]) < NS:
                    samples["task-marking-a-record-with-what-it-holds"].append((iid, os.path.basename(path), h[2], field, value))
    return n

# A task whose end state breaks a declared rule: BambooHR's `senior` rule (bamboohr.yaml, employees: one who leads
# others by title is never an Intern or Contractor, https://documentation.bamboohr.com/reference/get-employee) and a
# bulk task setting Adaeze Bianchi, "Head of Partnerships" (4092776), to 'Contractor'. Reach is of the environments
# whose intent marks a BambooHR employee's employmentStatus.
LEADER = re.compile(r"\b(?:Chief|CEO|CFO|CTO|COO|CMO|VP|Vice President|Director|Head of)\b")
def task_makes_a_leader_junior(lib, path, r, iid, hs):
    n = 0
    for slot, handle, (app, coll), keyf, field, value in intent_marks(lib, iid):
        h = hs.get(handle)
        if (app, coll, field) != ("bamboohr", "employees", "employmentStatus") or value not in ("Intern", "Contractor"): continue
        if not h: continue
        for rec in r.get((app, coll), []):
            if str(rec.get(keyf)) == h[2] and LEADER.search(str(rec.get("jobTitle", ""))):
                n += 1
                if len(samples[LEADS]) < NS: samples[LEADS].append((iid, os.path.basename(path), h[2], rec.get("jobTitle"), value))
    return n
LEADS = "task-making-a-leader-an-intern-or-contractor"

TASK = "task-marking-a-record-with-what-it-holds"
K[TASK] = (None, None)
K[LEADS] = (None, None)
TASKS = {TASK: task_marks_what_is_held, LEADS: task_makes_a_leader_junior}
names = [k for k in K if not only or k in only]
used = collections.defaultdict(list)
for line in open(envs_path):
    e = json.loads(line); used[e["recipe"]["data"].split("@")[0]].append(e["recipe"]["intent"].split("@")[0])
env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
dd = os.path.join(lib, "data")
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml") or fn[:-5] not in used: continue
    meta, recs = load(os.path.join(dd, fn)); r = collections.defaultdict(list, recs)
    intents = used[fn[:-5]]
    for k in names:
        coll, f = K[k]
        if k in TASKS:
            hs = atom_handles(os.path.join(dd, fn)); hit_atom = False
            for iid in intents:
                marks = intent_marks(lib, iid)
                if not marks or (k == LEADS and not any(mk[2] == ("bamboohr", "employees") and mk[4] == "employmentStatus" for mk in marks)): continue
                env_has[k] += 1
                v = TASKS[k](lib, os.path.join(dd, fn), r, iid, hs)
                if v: env_hit[k] += 1; recs_hit[k] += v; hit_atom = True
            atoms_hit[k] += hit_atom
            continue
        if not r.get(coll): continue
        v = f(meta, r)
        env_has[k] += len(intents)
        if v: env_hit[k] += len(intents); recs_hit[k] += v; atoms_hit[k] += 1
print(f"envs {sum(len(v) for v in used.values())}, data atoms used {len(used)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
    for s in samples[k]: print("    e.g.", s)
