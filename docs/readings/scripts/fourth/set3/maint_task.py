# envs whose task names a Statuspage maintenance (a handle of statuspage.incidents with scheduled_for); prints env ids
import json, os, re, sys, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2")); from load import load
lib, envs = sys.argv[1], sys.argv[2]
cache = {}
def maint_handles(a):
    if a in cache: return cache[a]
    p = f"{lib}/data/{a}.yaml"
    try: meta, R = load(p)
    except FileNotFoundError: cache[a] = set(); return set()
    sf = {i["id"] for i in R.get(("statuspage", "incidents"), []) if i.get("scheduled_for")}
    txt = open(p).read().split("\nhandles:", 1)
    h = txt[1] if len(txt) > 1 else ""
    keys = {k for k in re.findall(r"app: statuspage,? *\n? *collection: incidents,? *\n? *key: \"?(\w+)", h) if k in sf}
    cache[a] = keys; return keys
for line in open(envs):
    e = json.loads(line)
    if "statuspage" not in e["apps"]: continue
    a = e["recipe"]["data"].split("@")[0]
    if maint_handles(a): print(e["id"], a, e["intent"])
