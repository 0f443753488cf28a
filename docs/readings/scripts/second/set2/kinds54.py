#!/usr/bin/env python3
"""Counts the kinds found in reading set 2 of the s54 sample over a build's data atoms.
usage: kinds54.py LIBDIR ENVS.jsonl
Per kind: envs hit / envs whose data atom holds the kind's collection, data atoms, records."""
import os, sys, re, json, collections, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); from load import *
lib, envs = sys.argv[1], sys.argv[2]
env_n, env_intents = env_atoms(envs)
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUF = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics","Holdings","International","Ventures","Worldwide","Consulting","Co-op"]
CO = re.compile("((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUF) + "))\\b")
hit = collections.defaultdict(collections.Counter)   # kind -> atom -> records
has = collections.defaultdict(set)                   # kind -> atoms holding the collection
samples = collections.defaultdict(list)
def mark(kind, atom, n=1, s=None):
    hit[kind][atom] += n
    if s and len(samples[kind]) < 3: samples[kind].append(s)
def dom(a): return a.split("@")[-1].lower() if isinstance(a, str) and "@" in a else None
def local_person(a): return a.split("@")[0].replace(".", " ").lower() if isinstance(a, str) else ""
TODO = re.compile(r"^(Collect|Draft|Fix|Review|Update|Plan|Clean up|Audit|Migrate|Prepare|Confirm|Send|Schedule) ")
DOCW = re.compile(r"agreement|statement of work|questionnaire|handbook|proposal|policy|checks|rules|guide|brief|launch plan|onboarding checklist", re.I)
BILL = re.compile(r"invoice|refund|charge|annual plan|seats|arrived damaged|shipping address", re.I)
TECH = re.compile(r"export|login|password|sso|api|webhook|sync|columns|erp", re.I)
for fn in sorted(os.listdir(lib + "/data")):
    if not fn.endswith(".yaml"): continue
    meta, R = load(os.path.join(lib, "data", fn)); a = meta.get("id")
    comp = company(meta); cdom = domain_of(comp); clock = meta.get("clock", "")
    g = lambda app, coll: R.get((app, coll), [])
    # K1 people of the workspace at another company's domain
    if g("box", "files"):
        has["K1a box.files owned_by outside"].add(a)
        for r in g("box", "files"):
            d = dom(r.get("owned_by"))
            if cdom and d and d != cdom and not d.startswith("company."): mark("K1a box.files owned_by outside", a, s=(a, r.get("owned_by"), comp))
    if g("expensify", "reports") or g("expensify", "employees"):
        has["K1b expensify member/report email outside"].add(a)
        for r in g("expensify", "reports") + g("expensify", "employees"):
            d = dom(r.get("employee_email") or r.get("employeeEmail"))
            if cdom and d and d != cdom: mark("K1b expensify member/report email outside", a)
    # K2 lever interview subject names a company (a sales meeting)
    if g("lever", "interviews"):
        has["K2 lever interview is a sales meeting"].add(a)
        for r in g("lever", "interviews"):
            if CO.search(r.get("subject", "")): mark("K2 lever interview is a sales meeting", a)
    # K3 the workspace's own things described as kept for another company
    for app, coll, f in (("lever", "postings", "text"), ("statuspage", "components", "description"), ("box", "folders", "description"), ("jira_service_management", "request_types", "description")):
        if g(app, coll): has["K3 own record described for another company"].add(a)
        for r in g(app, coll):
            names = [c for c in CO.findall(r.get(f, "") or "") if c != comp and c not in (r.get("name") or "")]
            if names: mark("K3 own record described for another company", a, s=(a, app, coll, r.get(f)))
    # K4 front message under another conversation's subject
    conv = {r["id"]: r.get("subject") for r in g("front", "conversations")}
    if g("front", "messages"): has["K4 front message subject of another conversation"].add(a)
    for r in g("front", "messages"):
        cs = conv.get(r.get("conversation_id")); ms = r.get("subject")
        if cs and ms and ms != cs and ms.replace("Re: ", "") != cs: mark("K4 front message subject of another conversation", a)
    # K5 fastmail received mail in Sent/Drafts
    roles = {r["id"]: r.get("role") for r in g("fastmail", "mailboxes")}
    ids = {r.get("email") for r in g("fastmail", "identities")}
    if g("fastmail", "emails"): has["K5 fastmail received mail in Sent/Drafts"].add(a)
    for r in g("fastmail", "emails"):
        if r.get("from") not in ids and any(roles.get(m) in ("sent", "drafts") for m in r.get("mailboxIds", [])):
            mark("K5 fastmail received mail in Sent/Drafts", a)
    # K6-K9 stripe
    if any(k[0] == "stripe" for k in R):
        for k in ("K6 stripe text quotes the cents integer as dollars", "K7 stripe refund above its charge", "K8 stripe invoice paid in full yet open", "K9 stripe customer not delinquent with past_due/unpaid subscription"):
            has[k].add(a)
        for (app, coll), rs in R.items():
            if app != "stripe": continue
            for r in rs:
                txt = r.get("description") or ""
                vals = {float(v) for k, v in r.items() if isinstance(v, int) and not isinstance(v, bool) and k in ("amount", "balance", "amount_due", "amount_paid", "amount_refunded")}
                for m in re.finditer(r"\$([\d,]+\.\d\d)", txt):
                    if float(m.group(1).replace(",", "")) in vals: mark("K6 stripe text quotes the cents integer as dollars", a); break
        ch = {r["id"]: r for r in g("stripe", "charges")}
        for r in g("stripe", "refunds"):
            c = ch.get(r.get("charge"))
            if c and isinstance(r.get("amount"), (int, float)) and r["amount"] > c.get("amount", 1e18): mark("K7 stripe refund above its charge", a, s=(a, r["id"], r.get("status")))
        for r in g("stripe", "invoices"):
            if r.get("status") in ("open", "draft") and (r.get("amount_due") or 0) > 0 and (r.get("amount_paid") or 0) >= r.get("amount_due"): mark("K8 stripe invoice paid in full yet open", a)
        bad = {r.get("customer") for r in g("stripe", "subscriptions") if r.get("status") in ("past_due", "unpaid")}
        for r in g("stripe", "customers"):
            if r["id"] in bad and r.get("delinquent") is False: mark("K9 stripe customer not delinquent with past_due/unpaid subscription", a)
    # K10-K12 zoho books
    if g("zoho_books", "contacts") or g("zoho_books", "bills"):
        has["K10 zoho_books bill's vendor is a customer contact"].add(a); has["K10b zoho_books workspace's own company as a contact"].add(a)
        ct = {r["contact_id"]: r for r in g("zoho_books", "contacts")}
        for r in g("zoho_books", "bills"):
            v = ct.get(r.get("vendor_id"))
            if v and v.get("contact_type") == "customer": mark("K10 zoho_books bill's vendor is a customer contact", a)
        for r in g("zoho_books", "contacts"):
            if comp and r.get("company_name") == comp: mark("K10b zoho_books workspace's own company as a contact", a)
        if g("zoho_books", "invoices"):
            has["K11 zoho_books receivable below its invoices' balances"].add(a)
            bal = collections.Counter()
            for r in g("zoho_books", "invoices"):
                if r.get("status") not in ("draft", "void"): bal[r.get("customer_id")] += r.get("balance") or 0
            for cid, c in ct.items():
                if c.get("contact_type") == "customer" and isinstance(c.get("outstanding_receivable_amount"), (int, float)) and c["outstanding_receivable_amount"] + 0.01 < bal[cid]:
                    mark("K11 zoho_books receivable below its invoices' balances", a)
    # K12 generic: a due date before the document's own date
    for (app, coll), rs in R.items():
        for r in rs:
            d0 = r.get("date") or r.get("issue_date") or r.get("invoice_date") or r.get("bill_date")
            dd = r.get("due_date")
            if isinstance(d0, str) and isinstance(dd, str) and len(d0) >= 10 and len(dd) >= 10:
                has["K12 due date before the document's date"].add(a)
                if dd[:10] < d0[:10]: mark("K12 due date before the document's date", a, s=(a, app, coll, d0, dd))
    # K13 catalogue items named like to-do tasks
    for (app, coll), rs in R.items():
        if coll in ("items", "products", "services", "product_services") and app not in ("monday", "miro"):
            has["K13 catalogue item named like a to-do"].add(a)
            for r in rs:
                nm = r.get("name") or r.get("title") or r.get("Name") or ""
                if TODO.match(nm): mark("K13 catalogue item named like a to-do", a, s=(a, app, coll, nm))
    # K14 drive document of prose with a data/image mime type
    if g("google_drive", "files"): has["K14 drive prose document with csv/json/png mime"].add(a)
    for r in g("google_drive", "files"):
        if DOCW.search(r.get("name", "")) and r.get("mime_type") in ("text/csv", "application/json", "image/png", "image/jpeg"):
            mark("K14 drive prose document with csv/json/png mime", a)
    # K15 one grantee with two permissions on one document/file
    for app, coll, key in (("google_docs", "permissions", "document_id"), ("google_drive", "permissions", "file_id")):
        if g(app, coll): has["K15 one grantee, two permissions"].add(a)
        grp = collections.Counter((r.get(key), r.get("type"), r.get("email_address") or r.get("domain") or "") for r in g(app, coll))
        for k, n in grp.items():
            if n > 1: mark("K15 one grantee, two permissions", a, n)
    # K16 google_docs comment by someone without access
    if g("google_docs", "comments"):
        has["K16 docs comment by someone without access"].add(a)
        own = {r["id"]: r.get("owner") for r in g("google_docs", "documents")}
        perms = collections.defaultdict(list)
        for p in g("google_docs", "permissions"): perms[p.get("document_id")].append(p)
        for r in g("google_docs", "comments"):
            au = r.get("author"); did = r.get("document_id")
            if did not in own or au == own[did]: continue
            ok = any(p.get("type") == "anyone" or (p.get("type") == "user" and p.get("email_address") == au) or (p.get("type") == "domain" and dom(au) == (p.get("domain") or cdom)) for p in perms[did])
            if not ok: mark("K16 docs comment by someone without access", a)
    # K17 google chat manager/invitation in a DM or group chat
    st = {r.get("name"): r.get("spaceType") for r in g("google_chat", "spaces")}
    if g("google_chat", "memberships"): has["K17 chat manager/invite in a DM or group chat"].add(a)
    for r in g("google_chat", "memberships"):
        t = st.get(r.get("space"))
        if (t in ("DIRECT_MESSAGE", "GROUP_CHAT") and r.get("role") == "ROLE_MANAGER") or (t == "DIRECT_MESSAGE" and r.get("state") == "INVITED"):
            mark("K17 chat manager/invite in a DM or group chat", a)
    # K18 zulip messages to no stream / no one
    if g("zulip", "messages"): has["K18 zulip stream message with no stream"].add(a)
    for r in g("zulip", "messages"):
        if r.get("type") == "stream" and not (r.get("stream_id") or r.get("display_recipient")): mark("K18 zulip stream message with no stream", a)
    # K19/K20 jira service management
    rts = {r["id"]: r.get("name") for r in g("jira_service_management", "request_types")}
    reqs = {r.get("issueKey"): r for r in g("jira_service_management", "requests")}
    if reqs: has["K19 jsm request type does not fit its summary"].add(a); has["K20 jsm internal comment by the customer"].add(a)
    for r in reqs.values():
        t = rts.get(r.get("requestTypeId")); s = r.get("summary", "")
        if t is None: continue
        fit = (BILL.search(s) and t == "Ask a billing question") or (TECH.search(s) and t in ("Get IT help", "Report a system problem", "Reset my password", "Request access to an application"))
        if not fit: mark("K19 jsm request type does not fit its summary", a)
    for r in g("jira_service_management", "comments"):
        q = reqs.get(r.get("issueKey"))
        if q and r.get("public") is False and isinstance(q.get("reporter"), str) and r.get("author") == q["reporter"].split("@")[0]:
            mark("K20 jsm internal comment by the customer", a)
    # K21 google forms
    if g("google_forms", "responses"): has["K21 forms response of no form"].add(a)
    for r in g("google_forms", "responses"):
        if not r.get("formId"): mark("K21 forms response of no form", a)
    if g("google_forms", "watches"): has["K21b forms watch topic a sentence"].add(a)
    for r in g("google_forms", "watches"):
        if " " in (r.get("target_topic") or ""): mark("K21b forms watch topic a sentence", a)
    # K22 statuspage
    inc = {r["id"]: r for r in g("statuspage", "incidents")}
    if inc:
        for k in ("K22a statuspage resolved_at after the clock", "K22b statuspage update resolved, incident not", "K22c statuspage maintenance worded as an outage"): has[k].add(a)
    for r in inc.values():
        if (r.get("resolved_at") or "") > clock: mark("K22a statuspage resolved_at after the clock", a)
        if "scheduled_for" in r and re.search(r"investigat|working on a fix|may see errors", r.get("body", "")): mark("K22c statuspage maintenance worded as an outage", a)
    for r in g("statuspage", "incident_updates"):
        i = inc.get(r.get("incident_id"))
        if i and r.get("status") in ("resolved", "completed") and i.get("status") != r.get("status"): mark("K22b statuspage update resolved, incident not", a)
    if g("statuspage", "subscribers"): has["K23 statuspage sms subscriber without phone"].add(a)
    for r in g("statuspage", "subscribers"):
        if r.get("mode") == "sms" and not r.get("phone_number"): mark("K23 statuspage sms subscriber without phone", a)
    # K24-K26 pipedrive
    per = {r["id"]: r for r in g("pipedrive", "persons")}; deals = {r["id"]: r for r in g("pipedrive", "deals")}
    if per: has["K24 pipedrive record joins people/deals of different organizations"].add(a); has["K25 pipedrive people_count below its persons"].add(a)
    for r in g("pipedrive", "notes") + g("pipedrive", "activities"):
        p = per.get(r.get("person_id")); d = deals.get(r.get("deal_id"))
        org = r.get("org_id") or (d or {}).get("org_id")
        if p and org and p.get("org_id") and p["org_id"] != org: mark("K24 pipedrive record joins people/deals of different organizations", a)
    names = {p.get("name"): p.get("org_id") for p in per.values()}
    for d in deals.values():
        for nm, o in names.items():
            if nm and nm in (d.get("lost_reason") or "") and o and d.get("org_id") and o != d["org_id"]: mark("K24 pipedrive record joins people/deals of different organizations", a)
    cnt = collections.Counter(p.get("org_id") for p in per.values())
    for o in g("pipedrive", "organizations"):
        if isinstance(o.get("people_count"), int) and o["people_count"] < cnt[o["id"]]: mark("K25 pipedrive people_count below its persons", a)
    if g("pipedrive", "notes"): has["K26 pipedrive note attached to nothing"].add(a)
    for r in g("pipedrive", "notes"):
        if not any(r.get(k) for k in ("deal_id", "person_id", "org_id", "lead_id")): mark("K26 pipedrive note attached to nothing", a)
    # K27 shopify refund note naming someone other than the order's customer
    orders = {r["id"]: r for r in g("shopify", "orders")}
    if g("shopify", "refunds"): has["K27 shopify refund note names another customer"].add(a)
    for r in g("shopify", "refunds"):
        o = orders.get(r.get("order_id"))
        m = re.search(r"([A-Z][\w'-]+ [A-Z][\w'-]+) at ", r.get("note") or "")
        if o and m and m.group(1).lower().replace("'", "") != local_person(o.get("email")).replace("'", ""):
            mark("K27 shopify refund note names another customer", a)
    # K28 canva doctype_name holding a title
    if g("canva", "designs"): has["K28 canva doctype_name is a title"].add(a)
    for r in g("canva", "designs"):
        if " for " in (r.get("doctype_name") or "") and r.get("doctype_name") != r.get("title"): mark("K28 canva doctype_name is a title", a)
    # K29 teams channel email is a person at another company
    if g("microsoft_teams", "channels"): has["K29 teams channel email outside"].add(a)
    for r in g("microsoft_teams", "channels"):
        d = dom(r.get("email"))
        if d and cdom and d != cdom: mark("K29 teams channel email outside", a)
    # K31 lever archived reason names a stage not reached
    if g("lever", "opportunities"): has["K31 lever archive reason names an unreached stage"].add(a)
    for r in g("lever", "opportunities"):
        why = r.get("archived_reason") or ""; stg = r.get("stage")
        if ("final round" in why and stg in ("lead-new", "lead-reached-out", "applicant-new", "phone-screen")) or (re.search(r"after the .* interview", why) and stg in ("lead-new", "lead-reached-out", "applicant-new")):
            mark("K31 lever archive reason names an unreached stage", a)
    # K32 comment addressed to its own author (figma)
    if g("figma", "comments"): has["K32 figma comment addressed to its author"].add(a)
    for r in g("figma", "comments"):
        m = re.match(r"(?:(?:Hi|Hello|Morning|Dear) )?([A-Z][\w'-]+),", r.get("message") or "")
        if m and (r.get("user_handle") or "").split(".")[0] == m.group(1).lower(): mark("K32 figma comment addressed to its author", a)
    # K33 shortcut story blocked on itself
    sto = {r["id"]: r.get("name") for r in g("shortcut", "stories")}
    if g("shortcut", "comments"): has["K33 shortcut story blocked on itself"].add(a)
    for r in g("shortcut", "comments"):
        m = re.search(r"Blocked on the story (.+?) for now", r.get("text") or "")
        if m and sto.get(r.get("story_id")) == m.group(1): mark("K33 shortcut story blocked on itself", a)
    # K37 asana system story with a person's sentence
    if g("asana", "stories"): has["K37 asana system story with a person's sentence"].add(a)
    for r in g("asana", "stories"):
        if r.get("type") == "system" and not re.match(r"(changed|added|removed|marked|moved|assigned|completed|set|duplicated|unmarked|attached|created|liked)\b", r.get("text") or ""):
            mark("K37 asana system story with a person's sentence", a)
    # left-open kinds, recounted for the table
    if g("squarespace_commerce", "products"): has["L squarespace physical goods typed DIGITAL/SERVICE/GIFT_CARD"].add(a)
    for r in g("squarespace_commerce", "products"):
        if r.get("type") in ("DIGITAL", "SERVICE", "GIFT_CARD") and re.search(r"Headphones|Desk|Mug|Lamp|Chair|Runner|Backpack|Bottle|Shoe", r.get("name", "")): mark("L squarespace physical goods typed DIGITAL/SERVICE/GIFT_CARD", a)
    for coll in ("messages", "threads"):
        if g("quip", coll): has["L quip *_usec holding an ISO date"].add(a)
        for r in g("quip", coll):
            if any(isinstance(v, str) and k.endswith("_usec") for k, v in r.items()): mark("L quip *_usec holding an ISO date", a)
    for (app, coll), rs in R.items():
        if coll == "actions":
            has["L 'actions' collection (act_ keys, made-up ids)"].add(a); mark("L 'actions' collection (act_ keys, made-up ids)", a, len(rs))
tot = sum(env_n.values())
print(f"envs {tot}, data atoms {len(os.listdir(lib + '/data'))}")
for k in sorted(set(has) | set(hit)):
    he = sum(env_n[x] for x in hit[k]); ce = sum(env_n[x] for x in has[k])
    print(f"{k}: envs {he} of {ce}; atoms {len(hit[k])} of {len(has[k])}; records {sum(hit[k].values())}")
    for s in samples[k][:2]: print("    e.g.", s)
