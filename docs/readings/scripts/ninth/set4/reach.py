#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 4 of the ninth reading, over a build's data atoms and intents.

usage: reach.py LIBDIR ENVS [KIND ...]
ENVS: out/envs.jsonl. Data atoms are read by the second reading's line-based loader
(docs/readings/scripts/second/set2/load.py); handles and intents are read line by line (standard library only).
Per kind: environments showing the kind, of those holding its collection (or, for the task kind, of those whose
intent asks for such a mark); records counts the records hit in the data atoms some environment uses (for the task
kind: environments, as the same record is a hit only through its task).

Kinds:
- dropbox-sign-signature-of-no-request: a Dropbox Sign signature is one signer's part of a signature request
  (https://developers.hellosign.com/api/reference/schema/SignatureRequestResponseSignatures/: the signatures of a
  SignatureRequestResponse); a signature naming no request, or a request the world does not hold, belongs to none.
- task-marks-a-record-with-the-value-it-already-holds: the intent's goal asks that the record its task names
  (`id: {equals: '{{slot}}'}`) hold a constant (`FIELD: {equals: VALUE}`), and the record holds it before the task:
  the instruction asks for a change the data has already made ("update its impact in Statuspage to 'none'" on an
  incident whose impact is none).
"""
import collections, json, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])
SHOW = collections.defaultdict(collections.Counter)


def handles(path):
    """The data atom's handles: name -> (app, collection, key), inline or block form."""
    out, cur, on = {}, None, False
    with open(path) as fh:
        for line in fh:
            if line.startswith("handles:"):
                on = True; continue
            if not on:
                continue
            if line and not line.startswith(" "):
                break
            m = re.match(r"^  (\w+):\s*\{(.*)\}\s*$", line)
            if m:
                f = dict(re.findall(r"(\w+):\s*\"?([^,\"}]+)\"?", m.group(2)))
                out[m.group(1)] = (f.get("app"), f.get("collection"), (f.get("key") or "").strip())
                continue
            m = re.match(r"^  (\w+):\s*$", line)
            if m:
                cur = m.group(1); out[cur] = [None, None, None]; continue
            m = re.match(r"^    (app|collection|key):\s*\"?([^\"]*)\"?\s*$", line)
            if m and cur:
                out[cur][["app", "collection", "key"].index(m.group(1))] = m.group(2).strip()
    return {k: tuple(v) for k, v in out.items()}


def scalar(v):
    v = v.strip()
    if len(v) > 1 and v[0] == v[-1] and v[0] in "'\"":
        return v[1:-1]
    return {"true": True, "false": False}.get(v, v)


def intent_marks(path):
    """(slot handles, marks): marks are (app, coll, slot, {field: value}) from goal `exists` blocks that pin the
    slot's own record (id equals '{{slot}}') and ask constant values of it."""
    text = open(path).read()
    slots = dict(re.findall(r"^  (\w+): \{handle: (\w+)\}", text, re.M))
    marks = []
    for blk in re.split(r"\n  - ", text.split("\ngoal:", 1)[-1]):
        m = re.match(r"exists: (\w+)\.(\w+)\n    where:\n((?:      .*\n?)+)", blk)
        if not m:
            continue
        fields = dict(re.findall(r"^      (\w+): \{equals: (.+)\}\s*$", m.group(3), re.M))
        sid = re.fullmatch(r"'\{\{(\w+)\}\}'", fields.pop("id", "").strip())
        const = {f: scalar(v) for f, v in fields.items() if "{{" not in v}
        if sid and const and len(const) == len(fields):
            marks.append((m.group(1), m.group(2), sid.group(1), const))
    return slots, marks


KEYS = {}
def key_field(app, coll):
    """The collection's key field, from its server atom (`- name: COLL` then `key: FIELD`)."""
    if (app, coll) not in KEYS:
        KEYS[(app, coll)] = "id"
        p = os.path.join(lib, "servers", app + ".yaml")
        if os.path.exists(p):
            m = re.search(r"^  - name: %s\n    key: (\w+)" % re.escape(coll), open(p).read(), re.M)
            if m: KEYS[(app, coll)] = m.group(1)
    return KEYS[(app, coll)]


def orphan_signatures(r):
    req = {q.get("signature_request_id") for q in r[("dropbox_sign", "signature_requests")]}
    n = 0
    for s in r[("dropbox_sign", "signatures")]:
        rid = s.get("signature_request_id")
        if not rid or rid not in req:
            n += 1; SHOW["orphan signature status"][s.get("status_code")] += 1
    return n


envlist = [json.loads(l) for l in open(envs_path) if l.strip()]
dd, idir = os.path.join(lib, "data"), os.path.join(lib, "intents")
atoms, hand = {}, {}
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]
    if a not in atoms:
        p = os.path.join(dd, a + ".yaml")
        atoms[a] = load(p)[1]; hand[a] = handles(p)
intents = {}
for e in envlist:
    i = e["recipe"]["intent"].split("@")[0]
    if i not in intents:
        p = os.path.join(idir, i + ".yaml")
        intents[i] = intent_marks(p) if os.path.exists(p) else ({}, [])

res = collections.defaultdict(lambda: [0, 0, 0])  # envs holding, envs showing, records
K1, K2 = "dropbox-sign-signature-of-no-request", "task-marks-a-record-with-the-value-it-already-holds"
orph = {a: orphan_signatures(collections.defaultdict(list, r)) for a, r in atoms.items()
        if r.get(("dropbox_sign", "signatures"))}
for a, n in orph.items():
    res[K1][2] += n
for e in envlist:
    a = e["recipe"]["data"].split("@")[0]; r = atoms[a]
    if a in orph:
        res[K1][0] += 1; res[K1][1] += bool(orph[a])
        if orph[a]: SHOW["orphan signatures (first environments)"][e["id"] + " " + a] += orph[a]
    slots, marks = intents[e["recipe"]["intent"].split("@")[0]]
    if not marks:
        continue
    res[K2][0] += 1; hit = 0
    for app, coll, slot, const in marks:
        h = hand[a].get(slots.get(slot, ""))
        if not h or h[0] != app or h[1] != coll:
            continue
        for x in r.get((app, coll), []):
            if str(x.get(key_field(app, coll))) == h[2] and \
                    all(x.get(f) == v or str(x.get(f)) == str(v) for f, v in const.items()):
                hit = 1; SHOW["already held (intent family)"][e.get("family")] += 1
                SHOW["already held (first environments)"][e["id"] + " " + e["intent"]] += 1
                SHOW["already held (field=value)"][", ".join(f"{f}={v}" for f, v in const.items())] += 1
                break
    res[K2][1] += hit; res[K2][2] += hit
print(f"envs {len(envlist)}, data atoms {len(atoms)}, intents {len(intents)}")
for k in (K1, K2):
    if not only or k in only:
        print(f"{k}: envs {res[k][1]} of {res[k][0]}, records {res[k][2]}")
for t, c in SHOW.items():
    print(f"{t}: {dict(c.most_common(30 if 'environments' in t else 12))}")
