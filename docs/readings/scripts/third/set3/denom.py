# denom.py: envs whose data atom holds Box files, Teams channels or Mattermost teams (denominator of the staff-record row)
import json, os, re, sys
dd = os.path.join(sys.argv[1], "data"); has = set()
for fn in os.listdir(dd):
    app = coll = None; hit = False
    for line in open(os.path.join(dd, fn)):
        if line.startswith("handles:"): break
        m = re.match(r"^  (\w+):\s*$", line)
        if m: app = m.group(1); continue
        m = re.match(r"^    (\w+):\s*$", line)
        if m: coll = m.group(1); continue
        if line.startswith("      - {") and (app, coll) in (("box", "files"), ("microsoft_teams", "channels"), ("mattermost", "teams")):
            hit = True; break
    if hit: has.add(fn[:-5])
n = sum(1 for l in open(sys.argv[2]) if json.loads(l)["recipe"]["data"].split("@")[0] in has)
print("envs with box files, teams channels or mattermost teams:", n)
