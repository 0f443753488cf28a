#!/usr/bin/env python3
"""Environments whose instruction says the policy's correction came "last week" while the
correction record (handle *_wfupd) is dated more than 14 days before the clock (or after it).
usage: lastweek.py DATA.pickle ENVS.jsonl LIBDIR"""
import json, os, pickle, re, sys, collections, datetime as dt
D = pickle.load(open(sys.argv[1], 'rb')); lib = sys.argv[3]
def ts(v):
    if v is None or v == '': return None
    if isinstance(v, (int, float)): return dt.datetime.fromtimestamp(v/1000 if v > 10**11 else v, dt.timezone.utc)
    s = str(v); s = s + 'T00:00:00Z' if len(s) == 10 else s
    try: return dt.datetime.fromisoformat(s.replace('Z', '+00:00'))
    except ValueError: return None
F = ['date', 'time', 'created_at', 'createdAt', 'created', 'created_time', 'timestamp', 'posted_at', 'sentDateTime',
     'receivedDateTime', 'date_created', 'created_on', 'createTime', 'create_at', 'created_date', 'date_updated', 'updated_at']
instr = {}
n_lw = bad = undated = 0; ages = collections.Counter(); ex = []
for line in open(sys.argv[2]):
    e = json.loads(line); iid = e['recipe']['intent'].split('@')[0]; aid = e['recipe']['data'].split('@')[0]
    if iid not in instr:
        p = os.path.join(lib, 'intents', iid + '.yaml')
        t = open(p).read() if os.path.exists(p) else ''
        m = re.search(r"^instruction: (.*)$", t, re.M); instr[iid] = m.group(1) if m else ''
    if 'last week' not in instr[iid]: continue
    n_lw += 1; doc = D[aid]; clock = ts(doc['clock'])
    when = None
    for k, v in (doc['handles'] or {}).items():
        if not k.endswith('_wfupd'): continue
        for r in ((doc['records'] or {}).get(v['app']) or {}).get(v['collection']) or []:
            if str(v['key']) in {str(r.get(x)) for x in ('id', 'key', 'issueKey', 'name', 'gid', 'messageId', 'ts')}:
                for f in F:
                    if r.get(f): when = ts(r[f]); break
    if when is None: undated += 1; continue
    age = (clock - when).days; ages[age // 7] += 1
    if age > 14 or age < 0:
        bad += 1
        if len(ex) < 3: ex.append((e['id'], aid, age))
print(f"envs whose instruction says 'last week': {n_lw}; correction more than 14 days old (or after the clock): {bad}; undated: {undated}")
print('age in weeks:', sorted(ages.items())); print('e.g.', ex)
