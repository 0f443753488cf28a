#!/usr/bin/env python3
"""Reach of the non-mild kinds of reading 2 (set 2 of the s55 sample) over a build's data atoms.
usage: reach.py LIBDIR ENVS.jsonl   (line-based parse; pattern checks, so estimates)
Per kind: envs hit / envs whose data atom holds the kind's collection; atoms; records."""
import os, sys, re, json, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set2")); from load import *  # the second reading's loader
lib, envs = sys.argv[1], sys.argv[2]
env_n, _ = env_atoms(envs)
STEMS = ["Northwind","Globex","Initech","Umbrella","Stark","Wayne","Acme","Hooli","Vandelay","Soylent","Cyberdyne","Tyrell","Wonka","Oscorp","Massive","Pied Piper","Blue Harbor","Cedar Peak","Silver Lake","Brightline","Evergreen","Redwood","Summit","Lakeside","Ironclad","Bluebird","Granite","Harbor Point","Maple","Orion","Polaris","Quantum"]
SUF = ["Inc","LLC","Industries","Labs","Group","Systems","Partners","Logistics","Health","Analytics"]
CO = re.compile("((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUF) + "))\\b")
def cdom(c): return re.sub(r"[^a-z0-9]", "", c.lower()) + ".example"
def dom(a): return a.split("@")[-1].lower() if isinstance(a, str) and "@" in a else None
hit = collections.defaultdict(collections.Counter); has = collections.defaultdict(set); samples = collections.defaultdict(list)
def mark(k, a, s=None):
    hit[k][a] += 1
    if s and len(samples[k]) < int(os.environ.get("NS", "2")): samples[k].append((a,) + tuple(s))
OUTAGE = re.compile(r"stalled|outage|failing|errors|latency|degraded|delayed|backlog|failover|unavailable|down\b", re.I)
RANK = {"investigating": 0, "identified": 1, "monitoring": 2, "resolved": 3}
def stage(t):
    t = t or ""
    if re.search(r"\bis resolved\b|stable since", t): return 3
    if re.search(r"we are monitoring", t): return 2
    if re.search(r"found the cause", t): return 1
    if re.search(r"We are investigating", t): return 0
    return None
BILL = re.compile(r"invoice|refund|charge|annual plan|seats|arrived damaged|shipping address", re.I)
LOGIN = re.compile(r"login|password|sso", re.I)
TECH = re.compile(r"export|api rate|webhook|sync with|columns", re.I)
FIT = {"bill": {"Ask a billing question", "Request a purchase", "Request a software license"},
       "login": {"Reset my password", "Request access to an application", "Get IT help", "Request a change", "Report a system problem"},
       "tech": {"Report a system problem", "Get IT help", "Request a change", "Report a broken link"}}
GREET = re.compile(r"^(?:Dear|Hi|Hello|Morning)\s+([A-Z][a-z']+)")
LETTER = re.compile(r"^(?:Dear|Hi|Hello|Morning) |I have copied|before we (?:next )?talk|Best regards|Cheers to|I will call|Thanks again|say hello to")
for fn in sorted(os.listdir(lib + "/data")):
    if not fn.endswith(".yaml"): continue
    meta, R = load(os.path.join(lib, "data", fn)); a = meta.get("id")
    g = lambda app, coll: R.get((app, coll), [])
    # A statuspage maintenance named as an outage; maintenance updates investigating
    inc = {r["id"]: r for r in g("statuspage", "incidents")}
    if inc: has["A1 statuspage maintenance named as an outage"].add(a); has["A2 statuspage maintenance update investigating"].add(a); has["B statuspage text at a later stage than its status"].add(a)
    for r in inc.values():
        if r.get("scheduled_for") and OUTAGE.search(r.get("name", "")): mark("A1 statuspage maintenance named as an outage", a, (r["id"], r.get("name")))
        if not r.get("scheduled_for"):
            s = stage(r.get("body")); st = RANK.get(r.get("status"))
            if s is not None and st is not None and s > st: mark("B statuspage text at a later stage than its status", a, (r["id"], r.get("status"), r.get("body")[:80]))
    for u in g("statuspage", "incident_updates"):
        i = inc.get(u.get("incident_id"))
        if i and i.get("scheduled_for") and (u.get("status") in ("investigating", "identified", "monitoring") or "investigating" in (u.get("body") or "")):
            mark("A2 statuspage maintenance update investigating", a, (u["id"], u.get("status")))
        elif i and not i.get("scheduled_for"):
            s = stage(u.get("body")); st = RANK.get(u.get("status"))
            if s is not None and st is not None and s != st: mark("B statuspage text at a later stage than its status", a, (u["id"], u.get("status"), (u.get("body") or "")[:60]))
    # C sms subscriber with no phone
    if g("statuspage", "subscribers"): has["C statuspage sms subscriber with no phone"].add(a)
    for r in g("statuspage", "subscribers"):
        if r.get("mode") == "sms" and not r.get("phone") and not r.get("phone_number"): mark("C statuspage sms subscriber with no phone", a)
    # D close records about another company than their lead's
    leads = {}
    for r in g("close", "leads"):
        m = re.search(r"https?://www\.([a-z0-9]+)\.example", r.get("url", "") or "")
        leads[r["id"]] = m.group(1) + ".example" if m else None
    if leads and (g("close", "contacts") or g("close", "opportunities") or g("close", "tasks")): has["D close contact/opportunity/task of another company than its lead"].add(a)
    for r in g("close", "contacts"):
        ld = leads.get(r.get("lead_id"))
        ds = {dom(e) for e in r.get("emails", [])}
        if ld and ds and ld not in ds: mark("D close contact/opportunity/task of another company than its lead", a, (r["id"], ds, ld))
    for coll, f in (("opportunities", "note"), ("tasks", "text"), ("notes", "note")):
        for r in g("close", coll):
            ld = leads.get(r.get("lead_id")); cs = {cdom(c) for c in CO.findall(r.get(f) or "")}
            if ld and cs and ld not in cs: mark("D close contact/opportunity/task of another company than its lead", a, (r["id"], cs, ld))
    # E fastmail received mail in Sent/Drafts
    roles = {r["id"]: r.get("role") for r in g("fastmail", "mailboxes")}; ids = {r.get("email") for r in g("fastmail", "identities")}
    if g("fastmail", "emails"): has["E fastmail received mail in Sent/Drafts"].add(a)
    for r in g("fastmail", "emails"):
        if r.get("from") not in ids and any(roles.get(m) in ("sent", "drafts") for m in r.get("mailboxIds", [])): mark("E fastmail received mail in Sent/Drafts", a)
    # F JSM request type that fits none of its request
    rt = {r["id"]: r.get("name") for r in g("jira_service_management", "request_types")}
    if rt and g("jira_service_management", "requests"): has["F JSM request under a type that does not fit it"].add(a)
    for r in g("jira_service_management", "requests"):
        s = r.get("summary", ""); t = rt.get(r.get("requestTypeId"))
        cat = "bill" if BILL.search(s) else "login" if LOGIN.search(s) else "tech" if TECH.search(s) else None
        if t and cat and t not in FIT[cat]: mark("F JSM request under a type that does not fit it", a, (r.get("issueKey"), t, s))
    # H Google Docs comment copying its own author
    if g("google_docs", "comments"): has["H google_docs comment copying its own author"].add(a)
    for r in g("google_docs", "comments"):
        m = re.search(r"Copying ([A-Z][\w']+) ([A-Z][\w']+)", r.get("content", ""))
        if m and (r.get("author") or "").split("@")[0] == (m.group(1) + "." + m.group(2)).lower().replace("'", ""): mark("H google_docs comment copying its own author", a)
    # I comment "Blocked on the X NAME" on that very record (any app with comments)
    apps = {k[0] for k in R}
    for app in apps:
        cm = g(app, "comments")
        if not cm: continue
        names = {}
        for (ap, coll), rs in R.items():
            if ap != app or coll == "comments": continue
            for r in rs:
                rid = r.get("id") or r.get("key")
                nm = r.get("name") or r.get("title") or r.get("subject")
                if rid and nm: names[str(rid)] = nm
        has["I comment blocked on its own record"].add(a)
        for c in cm:
            txt = " ".join(str(c.get(f) or "") for f in ("text", "comment_text", "content", "body"))
            m = re.search(r"Blocked on the \w+ (.+?) for now", txt)
            if not m: continue
            for k, v in c.items():
                if (k.endswith("_id") or k.endswith("Id")) and k != "author_id" and str(v) in names and names[str(v)] == m.group(1):
                    mark("I comment blocked on its own record", a, (app, c.get("id"), m.group(1))); break
    # J TikTok: ad group or ad not deleted under a deleted campaign
    camp = {r["campaign_id"]: r.get("operation_status") for r in g("tiktok_ads", "campaigns")}
    ag = {r["adgroup_id"]: r for r in g("tiktok_ads", "adgroups")}
    if camp: has["J tiktok ad group/ad live under a DELETE campaign"].add(a)
    for r in ag.values():
        if camp.get(r.get("campaign_id")) == "DELETE" and r.get("operation_status") != "DELETE": mark("J tiktok ad group/ad live under a DELETE campaign", a)
    for r in g("tiktok_ads", "ads"):
        p = ag.get(r.get("adgroup_id"))
        if p and (p.get("operation_status") == "DELETE" or camp.get(p.get("campaign_id")) == "DELETE") and r.get("operation_status") != "DELETE": mark("J tiktok ad group/ad live under a DELETE campaign", a)
    # K Gmail draft carrying its recipient as from_name/reply_to
    if g("gmail", "messages"): has["K gmail draft whose reply_to/from_name is its recipient"].add(a)
    for r in g("gmail", "messages"):
        if "DRAFT" in (r.get("label_ids") or []) and r.get("reply_to") and r.get("reply_to") in (r.get("to") or []) and r.get("reply_to") != r.get("from_"):
            mark("K gmail draft whose reply_to/from_name is its recipient", a, (r["id"], r.get("from_name"), r.get("reply_to")))
    # M ActiveCampaign contact twice on one list
    if g("activecampaign", "contact_lists"): has["M activecampaign contact twice on one list"].add(a)
    seen = collections.Counter((r.get("contact"), r.get("list")) for r in g("activecampaign", "contact_lists"))
    for k, n in seen.items():
        if n > 1: mark("M activecampaign contact twice on one list", a)
    # N Squarespace products described as another company's
    comp = company(meta)
    if g("squarespace_commerce", "products"): has["N squarespace product described as another company's"].add(a)
    for r in g("squarespace_commerce", "products"):
        d = r.get("description") or ""
        if re.search(r"(?:for|the|at|offered by) (?:%s)" % CO.pattern, d) and not any(c == comp for c in CO.findall(d)):
            mark("N squarespace product described as another company's", a, (r["id"], d[:70]))
    # O Facebook Lead Ads ad copy that is a letter
    if g("facebook_lead_ads", "ads"): has["O facebook_lead_ads ad message is a letter"].add(a)
    for r in g("facebook_lead_ads", "ads"):
        if LETTER.search(r.get("message") or ""): mark("O facebook_lead_ads ad message is a letter", a)
    # P Facebook Conversions event received before it happened
    if g("facebook_conversions", "events"): has["P facebook_conversions event received (created_at) before event_time"].add(a)
    for r in g("facebook_conversions", "events"):
        if r.get("created_at") and r.get("event_time") and r["created_at"] < r["event_time"]: mark("P facebook_conversions event received (created_at) before event_time", a)
    # Q Google Chat INVITED membership in a direct message
    sp = {r["name"]: r.get("spaceType") for r in g("google_chat", "spaces")}
    if g("google_chat", "memberships"): has["Q google_chat INVITED membership in a DM or group chat"].add(a)
    for r in g("google_chat", "memberships"):
        if r.get("state") == "INVITED" and sp.get(r.get("space")) in ("DIRECT_MESSAGE", "GROUP_CHAT"): mark("Q google_chat INVITED membership in a DM or group chat", a)
    # R Lever archive reason naming a stage never reached
    if g("lever", "opportunities"): has["R lever archive reason past the stage reached"].add(a)
    for r in g("lever", "opportunities"):
        if r.get("stage") in ("lead-new", "lead-reached-out", "applicant-new") and re.search(r"interview|final round|offer\b", r.get("archived_reason") or "") and "another offer" not in (r.get("archived_reason") or ""):
            mark("R lever archive reason past the stage reached", a)
    # S Canva doctype_name holding a second title
    if g("canva", "designs"): has["S canva doctype_name a second title"].add(a)
    for r in g("canva", "designs"):
        if CO.search(r.get("doctype_name") or "") or " for " in (r.get("doctype_name") or ""): mark("S canva doctype_name a second title", a)
    # T mail sent by the mailbox owner greeting someone other than its recipient
    for (app, coll), rs in R.items():
        if coll not in ("messages", "emails"): continue
        for r in rs:
            snd = r.get("sender") or r.get("from_") or r.get("fromAddress") or (r.get("from") if isinstance(r.get("from"), str) else None)
            if not (isinstance(snd, str) and re.match(r"^(me|user)@", snd)): continue
            has["T mail from the owner greeting someone other than its recipient"].add(a)
            to = r.get("recipients") or r.get("to_list") or r.get("to") or r.get("toRecipients") or []
            if isinstance(to, str): to = [to]
            txt = r.get("text") or r.get("body") or r.get("body_plain") or r.get("content") or ""
            m = GREET.match(txt)
            if m and to and not any(m.group(1).lower() == (t.split("@")[0].split(".")[0]) for t in to if isinstance(t, str)):
                mark("T mail from the owner greeting someone other than its recipient", a, (app, r.get("id"), m.group(1), to[0]))
print("kind\tenvs hit / envs with collection\tatoms hit / atoms with collection\trecords")
for k in sorted(has):
    atoms = hit[k]; eh = sum(env_n[x] for x in atoms); ea = sum(env_n[x] for x in has[k])
    print(f"{k}\t{eh} / {ea}\t{len(atoms)} / {len(has[k])}\t{sum(atoms.values())}")
for k in sorted(samples): print("#", k, samples[k])
