# peratom.py LIB KIND... : which data atoms show each kind (imports kinds3.py's kinds without running its report)
import sys, os, collections, runpy
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'kinds3.py')
src = open(path).read().split("# ---- run")[0]
sys.argv = [sys.argv[0], sys.argv[1], "x"] + sys.argv[2:]
g = {"__file__": path}
exec(compile(src, "kinds3", "exec"), g)
lib = sys.argv[1]
for fn in sorted(os.listdir(os.path.join(lib, "data"))):
    meta, recs = g["load"](os.path.join(lib, "data", fn))
    r = collections.defaultdict(list, recs)
    for k in sys.argv[3:]:
        coll, f = g["K"][k]
        if coll is None or r.get(coll):
            v = f(meta, r)
            if v:
                print(k, meta["id"], v)
