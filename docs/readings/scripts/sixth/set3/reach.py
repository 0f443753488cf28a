#!/usr/bin/env python3
"""Reach of the NEW kinds found in set 3 of the sixth reading, over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl [KIND ...]
Frame of docs/readings/scripts/fifth/set1/reach.py: the second reading's line-based loader
(scripts/second/set2/load.py); per kind, environments whose data atom shows the kind, of those whose
atom holds the kind's collection, and records hit in the data atoms some environment uses.
"""
import json, os, re, sys, collections
from urllib.parse import urlparse
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2"))
from load import load

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])

K = {}
def kind(name, coll):
    def deco(f): K[name] = (coll, f); return f
    return deco

def host(url):
    h = urlparse(str(url or "")).hostname or ""
    return h[4:] if h.startswith("www.") else h

def email_domain(e):
    return str(e).split("@")[-1].lower() if e and "@" in str(e) else None

@kind("linkedin-profiles-sharing-a-public-url", ("linkedin", "profiles"))
def _(meta, r):
    """Profiles whose public_profile_url another profile of the world also holds."""
    c = collections.Counter(p.get("public_profile_url") for p in r[("linkedin", "profiles")])
    return sum(1 for p in r[("linkedin", "profiles")] if p.get("public_profile_url") and c[p["public_profile_url"]] > 1)

@kind("linkedin-profile-url-of-another-domain-than-its-email", ("linkedin", "profiles"))
def _(meta, r):
    """Profiles whose public_profile_url is on another company's domain than their own email."""
    n = 0
    for p in r[("linkedin", "profiles")]:
        h, d = host(p.get("public_profile_url")), email_domain(p.get("email"))
        if h and d and h != d and not h.endswith("linkedin.example"):
            n += 1
    return n

@kind("linkedin-connection-headline-not-its-profiles", ("linkedin", "connections"))
def _(meta, r):
    """Connections to a profile of the world whose headline is not that profile's."""
    prof = {p.get("id"): p for p in r[("linkedin", "profiles")]}
    n = 0
    for c in r[("linkedin", "connections")]:
        p = prof.get(c.get("connected_profile_id"))
        if p and c.get("headline") and p.get("headline") and c["headline"] != p["headline"]:
            n += 1
    return n

@kind("linkedin-invitation-recipient-url-not-its-profiles", ("linkedin", "invitations"))
def _(meta, r):
    """Invitations to a profile of the world whose recipient_profile_url is not that profile's public URL."""
    prof = {p.get("id"): p for p in r[("linkedin", "profiles")]}
    n = 0
    for i in r[("linkedin", "invitations")]:
        p = prof.get(i.get("recipient_profile_id"))
        u = i.get("recipient_profile_url")
        if p and u and p.get("public_profile_url") and u != p["public_profile_url"]:
            n += 1
    return n


def letters(s):
    return re.sub(r"[^a-z0-9]", "", str(s).lower())

def home_domain(meta):
    m = re.search(r" at (.+?) on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", meta.get("description", ""))
    return letters(m.group(1)) + ".example" if m else None

NAMEF = ("account_name", "company_name", "name", "ORGANISATION_NAME", "organization", "organisation")
DOMF = ("domain", "email_domain", "website", "WEBSITE", "email")

def company_rows(r):
    """(app, collection, record, name, domain) for records holding a company's name and its own domain or address."""
    for (app, coll), rows in r.items():
        for x in rows:
            nf = next((f for f in NAMEF if isinstance(x.get(f), str) and x.get(f)), None)
            if not nf: continue
            if nf == "name" and coll not in ("accounts", "companies", "organizations", "organisations", "clients", "customers"): continue
            d = None
            for f in DOMF:
                v = x.get(f)
                if not isinstance(v, str) or not v: continue
                d = email_domain(v) if f == "email" else (host(v) if "/" in v else v.lower())
                if d: break
            if d: yield app, coll, x, x[nf], d

def on_home_named_elsewhere(meta, r, only_sf):
    hd = home_domain(meta)
    if not hd: return 0
    n = 0
    for app, coll, x, name, d in company_rows(r):
        if only_sf and (app, coll) != ("salesforce", "accounts"): continue
        if d == hd and letters(name) + ".example" != hd:
            n += 1
    return n

@kind("salesforce-account-on-the-home-domain-named-for-another-company", ("salesforce", "accounts"))
def _(meta, r):
    """Salesforce accounts whose domain (or address) is the world's own company's, under another company's name."""
    return on_home_named_elsewhere(meta, r, True)

def has_company_rows(r):
    return any(True for _ in company_rows(r))

@kind("company-record-on-the-home-domain-named-for-another-company", has_company_rows)
def _(meta, r):
    """The same over every collection of company records (accounts, companies, organizations, clients, customers)."""
    return on_home_named_elsewhere(meta, r, False)

names = [k for k in K if not only or k in only]
dd = os.path.join(lib, "data")
used = set(); envlist = []
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line); envlist.append(e["recipe"]["data"].split("@")[0]); used.add(envlist[-1])
atoms = {}
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"): continue
    aid = fn[:-5]
    if aid not in used: continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if (K[k][0](r) if callable(K[k][0]) else r.get(K[k][0]))}
    atoms[aid] = (has, {k: K[k][1](meta, r) for k in has})
env_has = collections.Counter(); env_hit = collections.Counter()
recs_hit = collections.Counter(); atoms_hit = collections.Counter()
for aid, (has, cnt) in atoms.items():
    for k, v in cnt.items():
        if v: recs_hit[k] += v; atoms_hit[k] += 1
for aid in envlist:
    has, cnt = atoms.get(aid, (set(), {}))
    for k in has:
        env_has[k] += 1
        if cnt.get(k): env_hit[k] += 1
print(f"envs {len(envlist)}, data atoms used {len(atoms)}")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
