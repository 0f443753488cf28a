#!/usr/bin/env python3
"""Counts kinds of text over the data atoms of a build.

usage: text_kinds.py LIBDIR [ENVS.jsonl]
Prints, per kind, the data atoms, the environments (when envs.jsonl is given)
and the records that show it.
"""
import json, os, re, sys, collections

if len(sys.argv) < 2 or not os.path.isdir(os.path.join(sys.argv[1], "data")):
    sys.exit("usage: text_kinds.py LIBDIR [ENVS.jsonl] (LIBDIR: a library with data/, such as a build's out/lib)")
lib = sys.argv[1]
envs = sys.argv[2] if len(sys.argv) > 2 else None

BUG = re.compile(r"can reproduce|regression|logs attached|Seen since [^.;]*is affected|[Ss]een since [^.]*; [^.]* is affected|happens every time since|[Rr]eproduced|asked [^.]* for logs|Steps to reproduce")
NOBUG = re.compile(r"Refund request|arrived damaged|address change|annual plan|wrong amount|Duplicate charge|SSO setup question|keeps moving")
STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay",
	"Soylent", "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor",
	"Cedar Peak", "Silver Lake", "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside",
	"Ironclad", "Bluebird", "Granite", "Harbor Point", "Maple", "Orion", "Polaris", "Quantum"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health", "Analytics", "Holdings", "International", "Ventures", "Worldwide", "Consulting", "Co-op"]
COMPANY_RE = re.compile("((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + "))")
NAMEF = ("subject", "title", "name", "summary", "Subject", "Name")
COMPANY_SUFFIX = r"(?:Inc|LLC|Labs|Group|Partners|Industries|Systems|Analytics|Health|Logistics|Holdings|International|Ventures|Worldwide|Consulting|Co-op)"


def texts(rec, skip):
    for k, v in rec.items():
        if isinstance(v, str) and k not in skip and " " in v:
            yield k, v


def person_of(rec):
    for a, b in (("first_name", "last_name"), ("firstName", "lastName"), ("first", "last"), ("FirstName", "LastName"), ("First_Name", "Last_Name")):
        if isinstance(rec.get(a), str) and isinstance(rec.get(b), str) and rec[a] and rec[b]:
            return rec[a], rec[b]
    for k in ("name", "full_name", "fullName", "display_name", "Full_Name", "displayName"):
        v = rec.get(k)
        if isinstance(v, str) and re.fullmatch(r"[A-Z][\w'-]+ [A-Z][\w'-]+", v):
            return tuple(v.split(" "))
    return None


def load(path):
    recs = collections.defaultdict(list)
    app = coll = None
    did = None
    with open(path) as fh:
        for line in fh:
            if line.startswith("id: "):
                did = line[4:].strip()
            m = re.match(r"^  (\w+):\s*$", line)
            if m:
                app = m.group(1)
                continue
            m = re.match(r"^    (\w+):\s*$", line)
            if m:
                coll = m.group(1)
                continue
            if line.startswith("      - {"):
                try:
                    recs[(app, coll)].append(json.loads(line[8:]))
                except Exception:
                    pass
    return did, recs


def company_of(app, recs, kind, key):
    """The company a Copper parent record names."""
    idx = {c: {r.get("id"): r for r in recs.get((app, c), [])} for c in ("people", "companies", "opportunities")}
    if kind == "company":
        r = idx["companies"].get(key)
        return r and r.get("name")
    if kind == "person":
        r = idx["people"].get(key)
        return r and r.get("company_name")
    if kind == "opportunity":
        r = idx["opportunities"].get(key)
        if not r:
            return None
        c = idx["companies"].get(r.get("company_id"))
        if c:
            return c.get("name")
        p = idx["people"].get(r.get("primary_contact_id"))
        return p and p.get("company_name")
    return None


OWNER_RE = re.compile(r"(?:the owner is|Owner:|ask|main contact|contact is|Point of contact:) ([A-Z][\w'-]+ [A-Z][\w'-]+)")
NAME_RE = re.compile(r"\b([A-Z][\w'-]+ [A-Z][\w'-]+)\b")


def people_companies(recs):
    """The company each person of the data atom works at, by full name."""
    out = {}
    for (app, coll), rs in recs.items():
        for r in rs:
            p = person_of(r)
            comp = next((r[k] for k in ("company_name", "company", "companyName", "Account_Name", "organization") if isinstance(r.get(k), str) and r[k]), None)
            if p and comp and not re.search("compan|organi|account", coll):
                out.setdefault(p[0] + " " + p[1], set()).add(comp)
    return out


kinds = ["bug-on-nonbug", "topic-own-person", "street-own-surname", "copper-activity-other-company", "copper-task-other-company",
         "copper-owner-other-company", "copper-owner-not-parents", "company-text-other-company", "freshdesk-company-text-other-company", "company-domain-other-name"]
by_atom = {k: collections.Counter() for k in kinds}
for fn in sorted(os.listdir(os.path.join(lib, "data"))):
    if not fn.endswith(".yaml"):
        continue
    did, recs = load(os.path.join(lib, "data", fn))
    companies = set()
    at = people_companies(recs)
    for (app, coll), rs in recs.items():
        for r in rs:
            for k in ("name", "company_name", "company", "companyName", "Account_Name", "organization"):
                v = r.get(k)
                if isinstance(v, str) and re.fullmatch(r"[A-Z][\w-]+ " + COMPANY_SUFFIX, v):
                    companies.add(v)
    for (app, coll), rs in recs.items():
        for r in rs:
            subj = " ".join(r[k] for k in NAMEF if isinstance(r.get(k), str))
            timeoff = "time_off" in coll or "leave" in coll or "absence" in coll
            if NOBUG.search(subj) or timeoff:
                if any(BUG.search(v) for _, v in texts(r, NAMEF)):
                    by_atom["bug-on-nonbug"][did] += 1
            p = person_of(r)
            if p and (p[0] == p[1] or re.search("compan|organi|account|customer|vendor|supplier|client", coll)):
                p = None
            if p:
                first, last = p
                full = first + " " + last
                for _, v in texts(r, NAMEF + ("full_name", "fullName", "display_name", "displayName")):
                    hit = False
                    for s in re.split(r"(?<=[.!?])\s+", v):
                        if full in s and re.search(r"\b" + re.escape(first) + r"\b(?! " + re.escape(last) + ")", s):
                            hit = True
                    if hit:
                        by_atom["topic-own-person"][did] += 1
                        break
                for k, v in r.items():
                    if isinstance(v, str) and re.search(r"\b\d+ " + re.escape(last) + r" Street\b", v):
                        by_atom["street-own-surname"][did] += 1
                        break
            if coll == "companies" and isinstance(r.get("name"), str):
                own = r["name"]
                text = " ".join(v for k, v in texts(r, NAMEF + ("domain",)))
                dom = r.get("domain")
                if isinstance(dom, str) and dom.endswith(".example") and dom != re.sub(r"[^a-z0-9]", "", own.lower()) + ".example":
                    by_atom["company-domain-other-name"][did] += 1
                if [c for c in COMPANY_RE.findall(text) if c != own and own not in c and c not in own]:
                    by_atom["company-text-other-company"][did] += 1
                    if app == "freshdesk":
                        by_atom["freshdesk-company-text-other-company"][did] += 1
            if app == "copper" and coll in ("activities", "tasks"):
                kind, key = (r.get("parent_type"), r.get("parent_id")) if coll == "activities" else (r.get("related_resource_type"), r.get("related_resource_id"))
                want = company_of(app, recs, kind, key)
                if not want:
                    continue
                text = " ".join(v for k, v in r.items() if k in ("details", "name") and isinstance(v, str))
                others = [c for c in COMPANY_RE.findall(text) if c != want and want not in c and c not in want]
                if others:
                    by_atom["copper-" + ("activity" if coll == "activities" else "task") + "-other-company"][did] += 1
                # The person a text names as the record's owner or contact:
                # one who works at another company than the parent's, and one
                # who is none of the parent's people.
                owners = OWNER_RE.findall(text)
                if any(at.get(o) and want not in at[o] for o in owners):
                    by_atom["copper-owner-other-company"][did] += 1
                if any(want not in at.get(o, ()) for o in owners):
                    by_atom["copper-owner-not-parents"][did] += 1

env_count = {k: 0 for k in kinds}
if envs:
    with open(envs) as fh:
        for line in fh:
            e = json.loads(line)
            d = e["recipe"]["data"].split("@")[0]
            for k in kinds:
                if by_atom[k][d]:
                    env_count[k] += 1
for k in kinds:
    print(f"{k}: atoms {len(by_atom[k])}, envs {env_count[k] if envs else '-'}, records {sum(by_atom[k].values())}")
