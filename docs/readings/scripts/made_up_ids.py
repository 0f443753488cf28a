# Count values in a made-up id form (the field's name clipped to two to
# four letters, an underscore, five digits) that are no record's key in
# their data atom: ids that read as invented rather than the product's.
# usage: made_up_ids.py LIBDIR
import os, re, sys, collections, yaml
if len(sys.argv) < 2 or not os.path.isdir(os.path.join(sys.argv[1], "data")):
    sys.exit("usage: made_up_ids.py LIBDIR (LIBDIR: a library with data/, such as a build's out/lib)")
lib = sys.argv[1]
keyf = {}
for fn in os.listdir(os.path.join(lib, 'servers')):
    s = yaml.load(open(os.path.join(lib, 'servers', fn)), Loader=yaml.CSafeLoader)
    for c in s.get('collections') or []:
        keyf[(s['id'], c['name'])] = c.get('key', 'id')
pat = re.compile(r'^[a-z]{2,4}_\d{5}$')
fields = collections.Counter(); envs = collections.defaultdict(set); atoms = set(); total = 0
d = os.path.join(lib, 'data')
for fn in sorted(os.listdir(d)):
    doc = yaml.load(open(os.path.join(d, fn)), Loader=yaml.CSafeLoader)
    recs = doc.get('records') or {}
    keys = set()
    for app, colls in recs.items():
        for c, rows in (colls or {}).items():
            k = keyf.get((app, c), 'id')
            for r in rows or []:
                if k in r: keys.add(str(r[k]))
    for app, colls in recs.items():
        for c, rows in (colls or {}).items():
            k = keyf.get((app, c), 'id')
            for r in rows or []:
                for f, v in r.items():
                    if f == k: continue
                    for x in (v if isinstance(v, list) else [v]):
                        if isinstance(x, str) and pat.match(x) and x not in keys:
                            fields[f"{app}.{c}.{f}"] += 1; atoms.add(doc['id']); total += 1
print("values", total, "fields", len(fields), "data atoms", len(atoms))
for k, n in fields.most_common(15):
    print(f"{n:7d} {k}")
