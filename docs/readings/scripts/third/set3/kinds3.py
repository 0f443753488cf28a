#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the second reading and set 3 of the third, over a build's data atoms.

usage: kinds3.py LIBDIR ENVS.jsonl [KIND ...]
For each kind: envs showing it / envs holding the kind's collection, and records.
The second reading's kinds and its loader are read from ../../second/set3/kinds.py
(everything before its run section); the kinds below are added to them.
"""
import os

exec(compile(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "second", "set3", "kinds.py")).read().split("# ---- " + "run")[0], "kinds.py", "exec"))

# ==== kinds added by the s55 reading, set 3 (h55r3) ====
def ws_name(meta):
    m = re.search(r" at (.+?) on \w+day ", meta.get("description", ""))
    return m.group(1) if m else None

BILL = re.compile(r"invoice|refund|charge|annual plan|seats|arrived damaged|shipping address", re.I)
TECH = re.compile(r"export|login|password|sso|api|webhook|sync|columns|erp", re.I)


@kind("jsm-request-type-unfit", ("jira_service_management", "requests"))
def _(meta, r):
    rts = {x["id"]: x.get("name") for x in r[("jira_service_management", "request_types")]}
    n = 0
    for q in r[("jira_service_management", "requests")]:
        t = rts.get(q.get("requestTypeId")); s = q.get("summary", "")
        if t is None:
            continue
        fit = (BILL.search(s) and t == "Ask a billing question") or (TECH.search(s) and t in ("Get IT help", "Report a system problem", "Reset my password", "Request access to an application"))
        if not fit:
            n += 1
    return n


@kind("rippling-leave-role-id-names-no-employee", ("rippling", "leave_requests"))
def _(meta, r):
    emp = {e.get("id") for e in r[("rippling", "employees")]}
    return sum(1 for l in r[("rippling", "leave_requests")] if l.get("role_id") and l["role_id"] not in emp)


@kind("rippling-c-level-title-out-of-place", ("rippling", "employees"))
def _(meta, r):
    home = {"CFO": "Finance", "CTO": "Engineering"}
    es = r[("rippling", "employees")]
    cnt = collections.Counter(e.get("title") for e in es if e.get("title") in home and e.get("role_state") != "TERMINATED")
    return sum(1 for e in es if e.get("title") in home and (e.get("department") != home[e["title"]] or (cnt[e["title"]] > 1 and e.get("role_state") != "TERMINATED")))


@kind("brevo-campaign-sender-outside", ("brevo", "email_campaigns"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for c in r[("brevo", "email_campaigns")] if d and dom(c.get("sender_email")) not in (None, d))


@kind("canva-doctype-name-is-a-title", ("canva", "designs"))
def _(meta, r):
    return sum(1 for x in r[("canva", "designs")] if " for " in (x.get("doctype_name") or "") and x.get("doctype_name") != x.get("title"))


SELF_AUTH = {("google_docs", "comments"): ("author", "content"), ("figma", "comments"): ("user_handle", "message"),
             ("clickup", "comments"): ("assignee", "comment_text"), ("confluence", "comments"): ("author", "body"),
             ("jira_service_management", "comments"): ("author", "body"), ("gitlab", "notes"): ("author", "body")}


@kind("comment-addressed-to-or-copying-its-own-author", None)
def _(meta, r):
    n = 0
    for (app, coll), (af, tf) in SELF_AUTH.items():
        for c in r.get((app, coll), []):
            h = str(c.get(af) or "").split("@")[0]
            if "." not in h:
                continue
            first, last = h.split(".", 1)
            t = c.get(tf) or ""
            if re.search(r"Copying %s %s\b" % (re.escape(first), re.escape(last)), t, re.I) or re.match(r"(Hi |Hello |Dear |Morning )?%s\b," % re.escape(first), t, re.I):
                n += 1
    return n


@kind("google-docs-self-addressed-comment", ("google_docs", "comments"))
def _(meta, r):
    n = 0
    for c in r[("google_docs", "comments")]:
        h = str(c.get("author") or "").split("@")[0]
        if "." not in h:
            continue
        first, last = h.split(".", 1)
        t = c.get("content") or ""
        if re.search(r"Copying %s %s\b" % (re.escape(first), re.escape(last)), t, re.I) or re.match(r"(Hi |Hello |Dear |Morning )?%s\b," % re.escape(first), t, re.I):
            n += 1
    return n


POLICY = re.compile(r"To report, list|in this run of the|Afterwards, write up|Record the run in|Then log the run")


@kind("policy-ticket-filed-by-an-outside-contact", None)
def _(meta, r):
    d = company_domain(meta)
    n = 0
    # Zoho Desk, Freshdesk, Zendesk-style tickets whose contact/requester is a customer
    zc = {c.get("id"): dom(c.get("email")) for c in r.get(("zoho_desk", "contacts"), [])}
    for t in r.get(("zoho_desk", "tickets"), []):
        if POLICY.search(t.get("description") or "") and zc.get(t.get("contact_id")) not in (None, d):
            n += 1
    for t in r.get(("jira_service_management", "requests"), []):
        if POLICY.search(t.get("description") or "") and dom(t.get("reporter")) not in (None, d):
            n += 1
    for app in ("freshdesk", "zendesk", "happyfox", "freshservice"):
        for t in r.get((app, "tickets"), []):
            txt = str(t.get("description") or t.get("description_text") or t.get("text") or "")
            who = t.get("requester_email") or t.get("email") or t.get("requester") or ""
            if POLICY.search(txt) and dom(str(who)) not in (None, d):
                n += 1
    return n


@kind("zoho-desk-policy-ticket", ("zoho_desk", "tickets"))
def _(meta, r):
    d = company_domain(meta)
    zc = {c.get("id"): dom(c.get("email")) for c in r[("zoho_desk", "contacts")]}
    return sum(1 for t in r[("zoho_desk", "tickets")] if POLICY.search(t.get("description") or "") and zc.get(t.get("contact_id")) not in (None, d))


@kind("zoho-desk-department-described-as-another-companys", ("zoho_desk", "departments"))
def _(meta, r):
    w = ws_name(meta) or "\0"
    return sum(1 for x in r[("zoho_desk", "departments")] if any(c != w for c in COMPANY_RE.findall(x.get("description") or "")))


QB_TXN = ("invoices", "estimates", "sales_receipts", "payments")


@kind("quickbooks-inactive-customer-or-vendor-in-use", ("quickbooks", "customers"))
def _(meta, r):
    used = set()
    for c in QB_TXN:
        for t in r[("quickbooks", c)]:
            used.add(("c", t.get("customer_id")))
    for b in r[("quickbooks", "bills")]:
        used.add(("v", b.get("vendor_id")))
    n = sum(1 for c in r[("quickbooks", "customers")] if c.get("active") is False and ("c", c.get("id")) in used)
    n += sum(1 for v in r[("quickbooks", "vendors")] if v.get("active") is False and ("v", v.get("id")) in used)
    return n


@kind("quickbooks-everything-inactive", ("quickbooks", "customers"))
def _(meta, r):
    colls = [c for c in ("customers", "vendors", "items", "accounts", "employees") if r[("quickbooks", c)]]
    allin = all(x.get("active") is False for c in colls for x in r[("quickbooks", c)])
    return len(r[("quickbooks", "customers")]) if allin else 0


@kind("quickbooks-middle-name-holds-full-name", ("quickbooks", "customers"))
def _(meta, r):
    return sum(1 for c in r[("quickbooks", "customers")] if c.get("middle_name") and c.get("middle_name") == c.get("display_name") and " " in c["middle_name"])


@kind("quickbooks-txn-billed-to-another-company", ("quickbooks", "customers"))
def _(meta, r):
    cu = {c.get("id"): dom(c.get("email")) for c in r[("quickbooks", "customers")]}
    n = 0
    for coll in ("invoices", "estimates", "sales_receipts"):
        for t in r[("quickbooks", coll)]:
            d = cu.get(t.get("customer_id"))
            if d and t.get("bill_email") and dom(t["bill_email"]) != d:
                n += 1
    return n


@kind("quickbooks-account-named-as-a-company", ("quickbooks", "customers"))
def _(meta, r):
    n = sum(1 for a in r[("quickbooks", "accounts")] if COMPANY_RE.fullmatch(a.get("name") or ""))
    n += sum(1 for b in r[("quickbooks", "bills")] if COMPANY_RE.fullmatch(b.get("ap_account_name") or ""))
    n += sum(1 for i in r[("quickbooks", "items")] if COMPANY_RE.fullmatch(i.get("income_account_name") or "") or COMPANY_RE.fullmatch(i.get("expense_account_name") or ""))
    return n


@kind("salesforce-case-parent-of-another-company", ("salesforce", "cases"))
def _(meta, r):
    cs = {c.get("id"): c for c in r[("salesforce", "cases")]}
    def comp(c):
        f = COMPANY_RE.findall((c.get("subject") or "") + " " + (c.get("description") or ""))
        return set(f)
    n = 0
    for c in cs.values():
        p = cs.get(c.get("parent_id"))
        if p:
            a, b = comp(c), comp(p)
            if a and b and not (a & b):
                n += 1
    return n


@kind("intercom-contacts-sharing-an-external-id", ("intercom", "contacts"))
def _(meta, r):
    cnt = collections.Counter(c.get("external_id") for c in r[("intercom", "contacts")] if c.get("external_id"))
    return sum(1 for c in r[("intercom", "contacts")] if c.get("external_id") and cnt[c["external_id"]] > 1)


@kind("linkedin-connection-not-its-profile", ("linkedin", "connections"))
def _(meta, r):
    pr = {p.get("id"): p for p in r[("linkedin", "profiles")]}
    n = 0
    for c in r[("linkedin", "connections")]:
        p = pr.get(c.get("connected_profile_id"))
        if p and (c.get("email") != p.get("email") or c.get("first_name") != p.get("first_name")):
            n += 1
    return n


@kind("linkedin-record-pointing-at-itself", ("linkedin", "profiles"))
def _(meta, r):
    n = sum(1 for x in r[("linkedin", "invitations")] if x.get("sender_profile_id") and x.get("sender_profile_id") == x.get("recipient_profile_id"))
    n += sum(1 for x in r[("linkedin", "messages")] if x.get("sender_profile_id") and x.get("sender_profile_id") == x.get("recipient_profile_id"))
    n += sum(1 for x in r[("linkedin", "mutual_connections")] if x.get("mutual_profile_id") and x.get("mutual_profile_id") == x.get("target_profile_id"))
    return n


@kind("linkedin-value-of-another-kind", ("linkedin", "profiles"))
def _(meta, r):
    TITLE = re.compile(r"Manager|Designer|Engineer|Lead|CTO|CFO|Recruiter|Executive|Controller|Specialist|Partner|Head|Coordinator|Analyst")
    n = sum(1 for c in r[("linkedin", "companies")] if isinstance(c.get("founded_year"), int) and c["founded_year"] < 1800)
    n += sum(1 for j in r[("linkedin", "jobs")] if TITLE.search(j.get("poster_name") or "") or (j.get("employment_type") == "internship" and (j.get("experience_years") or 0) > 5))
    return n


@kind("jotform-new-above-count", ("jotform", "forms"))
def _(meta, r):
    return sum(1 for f in r[("jotform", "forms")] if isinstance(f.get("new"), int) and isinstance(f.get("count"), int) and f["new"] > f["count"])


@kind("staff-record-whose-text-places-the-person-at-another-company", None)
def _(meta, r):
    """Box files (owned_by), Teams channels (email), Mattermost teams (email): the address is the workspace's,
    but the record's text (or a text beside it) places that person at another company, or the same person
    (first.last) appears in the atom at another company's domain."""
    d = company_domain(meta); w = ws_name(meta)
    if not d:
        return 0
    elsewhere = collections.defaultdict(set)
    for (app, coll), rows in r.items():
        for x in rows:
            for v in x.values():
                for e in (v if isinstance(v, list) else [v]):
                    if isinstance(e, str) and re.fullmatch(r"[\w.'-]+@[\w.-]+", e) and dom(e) != d:
                        elsewhere[e.split("@")[0].lower()].add(dom(e))
    def at_other(full, first, text):
        for m in re.finditer(r"(?:%s|%s) (?:at|of) (%s)" % (re.escape(full), re.escape(first), COMPANY_RE.pattern[2:-2]), text):
            if m.group(1) != w:
                return True
        return False
    n = 0
    for f in r.get(("box", "files"), []):
        o = f.get("owned_by") or ""
        if dom(o) != d or "." not in o.split("@")[0]:
            continue
        lp = o.split("@")[0]; first, last = lp.split(".", 1)
        full = "%s %s" % (first.capitalize(), last.capitalize())
        texts = [f.get("description") or ""] + [t.get("message") or "" for t in r.get(("box", "tasks"), []) if t.get("file_id") == f.get("id")]
        if any(at_other(full, first.capitalize(), t) for t in texts) or lp.lower() in elsewhere:
            n += 1
    for coll, field in ((("microsoft_teams", "channels"), "email"), (("mattermost", "teams"), "email")):
        for c in r.get(coll, []):
            o = c.get(field) or ""
            if dom(o) != d or "." not in o.split("@")[0]:
                continue
            lp = o.split("@")[0]; first, last = lp.split(".", 1)
            full = "%s %s" % (first.capitalize(), last.capitalize())
            hit = lp.lower() in elsewhere
            if coll[0] == "microsoft_teams":
                for m in r.get(("microsoft_teams", "channel_messages"), []):
                    if True:  # any channel message of the atom
                        b = m.get("body") or ""
                        if re.search(r"(Dear %s|^(Hi |Hello |Morning )?%s,|Thanks again, %s,)" % (re.escape(full), re.escape(first.capitalize()), re.escape(first.capitalize())), b) and any(x != w for x in COMPANY_RE.findall(b)):
                            hit = True
            if hit:
                n += 1
    return n


@kind("workspace-company-written-to-as-a-customer", None)
def _(meta, r):
    """The workspace's own company addressed or kept as a counterpart: "a short note for W before we talk next",
    "W is interested in a pilot", "W buys through", "Where W and our team coordinate", or a customer/contact
    record whose company is W (QuickBooks/Zoho Books/Copper/Salesforce customers)."""
    w = ws_name(meta)
    if not w:
        return 0
    e = re.escape(w)
    pat = re.compile(r"a short note for %s before|%s is interested in a pilot|%s buys through|Where %s and our team coordinate" % (e, e, e, e))
    n = 0
    for (app, coll), rows in r.items():
        for x in rows:
            t = " ".join(str(v) for k, v in x.items() if isinstance(v, str))
            if pat.search(t) or (coll in ("customers", "contacts", "people", "accounts", "companies") and w in (x.get("company_name"), x.get("account_name"), x.get("company"))):
                n += 1
    return n


@kind("squarespace-tracking-number-order-form", ("squarespace_commerce", "orders"))
def _(meta, r):
    return sum(1 for o in r[("squarespace_commerce", "orders")] if re.match(r"^ORD-\d+$", o.get("tracking_number") or ""))

# ---- run
atoms = {}  # atom id -> (has collection set, {kind: count})
dd = os.path.join(lib, "data")
names = [k for k in K if not only or k in only]
for fn in sorted(os.listdir(dd)):
    if not fn.endswith(".yaml"):
        continue
    meta, recs = load(os.path.join(dd, fn))
    r = collections.defaultdict(list, recs)
    has = {k for k in names if K[k][0] is None or r.get(K[k][0])}
    cnt = {k: K[k][1](meta, r) for k in names if k in has}
    atoms[meta.get("id", fn[:-5])] = (has, cnt)

env_has = collections.Counter(); env_hit = collections.Counter(); recs_hit = collections.Counter(); atoms_hit = collections.Counter()
used = set()
with open(envs_path) as fh:
    for line in fh:
        used.add(json.loads(line)["recipe"]["data"].split("@")[0])
for aid, (has, cnt) in atoms.items():
    if aid not in used:
        continue
    for k, v in cnt.items():
        if v:
            recs_hit[k] += v; atoms_hit[k] += 1
nenv = 0
with open(envs_path) as fh:
    for line in fh:
        e = json.loads(line)
        nenv += 1
        a = atoms.get(e["recipe"]["data"].split("@")[0])
        if not a:
            continue
        has, cnt = a
        for k in has:
            env_has[k] += 1
            if cnt.get(k):
                env_hit[k] += 1
print(f"envs {nenv}, data atoms {len(atoms)} ({len(used & set(atoms))} used by an env; atoms and records below count only those)")
for k in names:
    print(f"{k}: envs {env_hit[k]} of {env_has[k]}, atoms {atoms_hit[k]}, records {recs_hit[k]}")
