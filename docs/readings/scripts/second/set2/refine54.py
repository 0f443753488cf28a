#!/usr/bin/env python3
"""Splits of kinds54.py counts: K3 per collection, K12 per app, K13 per app, K16 outsider/insider authors.
usage: refine54.py LIBDIR ENVS.jsonl"""
import os, sys, re, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); from load import *
lib, envs = sys.argv[1], sys.argv[2]; env_n, _ = env_atoms(envs)
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "kinds54.py")).read().split("hit = collections")[0].split("env_n, env_intents")[1].split("\n", 1)[1])  # STEMS, SUF, CO
TODO = re.compile(r"^(Collect|Draft|Fix|Review|Update|Plan|Clean up|Audit|Migrate|Prepare|Confirm|Send|Schedule) ")
hit = collections.defaultdict(collections.Counter); recs_n = collections.Counter()
def dom(a): return a.split("@")[-1].lower() if isinstance(a, str) and "@" in a else None
for fn in sorted(os.listdir(lib + "/data")):
    meta, R = load(os.path.join(lib, "data", fn)); a = meta.get("id"); comp = company(meta); cdom = domain_of(comp)
    for app, coll, f in (("lever", "postings", "text"), ("statuspage", "components", "description"), ("box", "folders", "description"), ("jira_service_management", "request_types", "description")):
        for r in R.get((app, coll), []):
            recs_n["K3 " + app + "." + coll] += 1
            if [c for c in CO.findall(r.get(f, "") or "") if c != comp and c not in (r.get("name") or "")]: hit["K3 " + app + "." + coll][a] += 1
    for (app, coll), rs in R.items():
        for r in rs:
            d0 = r.get("date") or r.get("issue_date") or r.get("invoice_date") or r.get("bill_date"); dd = r.get("due_date")
            if isinstance(d0, str) and isinstance(dd, str) and dd[:10] < d0[:10] and len(d0) >= 10: hit["K12 " + app + "." + coll][a] += 1
        if coll in ("items", "products", "services", "product_services"):
            for r in rs:
                recs_n["K13 " + app + "." + coll] += 1
                if TODO.match(r.get("name") or r.get("title") or r.get("Name") or ""): hit["K13 " + app + "." + coll][a] += 1
    own = {r["id"]: r.get("owner") for r in R.get(("google_docs", "documents"), [])}
    perms = collections.defaultdict(list)
    for p in R.get(("google_docs", "permissions"), []): perms[p.get("document_id")].append(p)
    for r in R.get(("google_docs", "comments"), []):
        au = r.get("author"); did = r.get("document_id")
        if did not in own or au == own[did]: continue
        ok = any(p.get("type") == "anyone" or (p.get("type") == "user" and p.get("email_address") == au) or (p.get("type") == "domain" and dom(au) == (p.get("domain") or cdom)) for p in perms[did])
        side = "outsider" if dom(au) != cdom else "colleague"
        recs_n["K16 " + side] += 1
        if not ok: hit["K16 " + side + (" on a document with no grant at all" if not perms[did] else " not covered by the grants")][a] += 1
for k in sorted(hit):
    print(f"{k}: envs {sum(env_n[x] for x in hit[k])}; atoms {len(hit[k])}; records {sum(hit[k].values())} (of {recs_n.get(k, '-')})")
print({k: v for k, v in recs_n.items()})
