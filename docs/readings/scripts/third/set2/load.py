# Shared loader: line-based parse of a build's data atoms (records are one JSON object a line).
import json, os, re, collections
DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
def load(path):
    recs = collections.defaultdict(list); app = coll = None; meta = {}
    with open(path) as fh:
        for line in fh:
            if line.startswith("id: "): meta["id"] = line[4:].strip()
            elif line.startswith("description: "): meta["description"] = line[13:].strip().strip("'\"")
            elif line.startswith("clock: "): meta["clock"] = line[7:].strip().strip('"')
            elif line.startswith("handles:"): break
            m = re.match(r"^  (\w+):\s*$", line)
            if m: app = m.group(1); continue
            m = re.match(r"^    (\w+):\s*$", line)
            if m: coll = m.group(1); continue
            if line.startswith("      - {"):
                try: recs[(app, coll)].append(json.loads(line[8:]))
                except Exception: pass
    return meta, recs
def company(meta):
    m = re.search(r" at (.+?) on (?:%s)\b" % DAYS, meta.get("description", ""))
    return m.group(1) if m else None
def domain_of(company):
    return re.sub(r"[^a-z0-9]", "", company.lower()) + ".example" if company else None
def env_atoms(envs):
    out = collections.Counter(); intents = collections.defaultdict(list)
    with open(envs) as fh:
        for line in fh:
            e = json.loads(line); d = e["recipe"]["data"].split("@")[0]
            out[d] += 1; intents[d].append(e["recipe"]["intent"].split("@")[0])
    return out, intents
