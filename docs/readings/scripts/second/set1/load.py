# Parse every data atom of a build once into a pickle: {atom_id: doc}
# usage: load.py LIBDIR OUT.pickle
import os, sys, pickle, yaml
lib, out = sys.argv[1], sys.argv[2]
d = os.path.join(lib, 'data'); res = {}
for fn in sorted(os.listdir(d)):
    if not fn.endswith('.yaml'): continue
    doc = yaml.load(open(os.path.join(d, fn)), Loader=yaml.CSafeLoader)
    res[doc['id']] = {k: doc.get(k) for k in ('clock', 'description', 'records', 'handles')}
pickle.dump(res, open(out, 'wb'), protocol=4)
print(len(res))
