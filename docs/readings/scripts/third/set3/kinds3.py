#!/usr/bin/env python3
"""Reach of the kinds found in set 3 of the s54 reading, over a build's data atoms.

usage: kinds.py LIBDIR ENVS.jsonl [KIND ...]
For each kind: envs showing it / envs holding the kind's collection, and records.
Line-based parse of the data atoms (each record is one JSON line), as
docs/readings/scripts/text_kinds.py does; standard library only.
"""
import json, os, re, sys, collections
from datetime import datetime, timedelta

lib, envs_path = sys.argv[1], sys.argv[2]
only = set(sys.argv[3:])


def load(path):
    recs = collections.defaultdict(list)
    meta = {}
    app = None
    with open(path) as fh:
        for line in fh:
            if line.startswith("id: "):
                meta["id"] = line[4:].strip()
            elif line.startswith("description: "):
                meta["description"] = line[13:].strip().strip("'\"")
            elif line.startswith("clock: "):
                meta["clock"] = line[7:].strip().strip('"')
            elif line.startswith("handles:"):
                break
            m = re.match(r"^  (\w+):\s*$", line)
            if m:
                app = m.group(1); continue
            m = re.match(r"^    (\w+):\s*$", line)
            if m:
                coll = m.group(1); continue
            if line.startswith("      - {"):
                try:
                    recs[(app, coll)].append(json.loads(line[8:]))
                except Exception:
                    pass
    return meta, recs


def ts(s):
    try:
        return datetime.fromisoformat(str(s).replace("Z", "+00:00"))
    except Exception:
        return None


def company_domain(meta):
    m = re.search(r" at (.+?) on \w+day ", meta.get("description", ""))
    if not m:
        return None
    return re.sub(r"[^a-z0-9]", "", m.group(1).lower()) + ".example"


def dom(email):
    return email.split("@", 1)[1].lower() if isinstance(email, str) and "@" in email else None


STEMS = ["Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Acme", "Hooli", "Vandelay",
         "Soylent", "Cyberdyne", "Tyrell", "Wonka", "Oscorp", "Massive", "Pied Piper", "Blue Harbor",
         "Cedar Peak", "Silver Lake", "Brightline", "Evergreen", "Redwood", "Summit", "Lakeside",
         "Ironclad", "Bluebird", "Granite", "Harbor Point", "Maple", "Orion", "Polaris", "Quantum"]
SUFFIXES = ["Inc", "LLC", "Industries", "Labs", "Group", "Systems", "Partners", "Logistics", "Health",
            "Analytics", "Holdings", "International", "Ventures", "Worldwide", "Consulting", "Co-op"]
COMPANY_RE = re.compile(r"\b((?:" + "|".join(STEMS) + ") (?:" + "|".join(SUFFIXES) + r"))\b")
SALES = re.compile(r"^(Renewal call with|Onboarding session for|Kickoff with|Quarterly business review with|Pricing workshop with|Security review with|Executive sync with)")
PERSON = re.compile(r"^[A-Z][\w'\u00c0-\u017f-]+ [A-Z][\w'\u00c0-\u017f-]+$")


def squash(company):
    return re.sub(r"[^a-z0-9]", "", company.lower()) + ".example"


# Each kind: (collection it needs, function(meta, recs) -> offending record count)
K = {}


def kind(name, coll):
    def deco(f):
        K[name] = (coll, f)
        return f
    return deco


@kind("zulip-stream-message-without-stream", ("zulip", "messages"))
def _(meta, r):
    return sum(1 for m in r[("zulip", "messages")] if m.get("type") == "stream" and not m.get("stream_id") and not m.get("display_recipient"))


@kind("zoho-folder-system-type-on-custom-name", ("zoho_mail", "folders"))
def _(meta, r):
    n = 0
    for f in r[("zoho_mail", "folders")]:
        t, nm = f.get("folderType"), f.get("folderName")
        if t and t != "Custom" and nm and nm.lower() not in (t.lower(), t.lower() + "s", "draft", "junk"):
            n += 1
    return n


@kind("zoho-received-mail-in-sent-or-drafts", ("zoho_mail", "messages"))
def _(meta, r):
    ft = {f.get("folderId"): f.get("folderType") for f in r[("zoho_mail", "folders")]}
    return sum(1 for m in r[("zoho_mail", "messages")]
               if ft.get(m.get("folderId")) in ("Sent", "Drafts", "Outbox")
               and isinstance(m.get("toAddress"), str) and m["toAddress"].startswith("me@"))


@kind("lever-interview-sales-meeting-subject", ("lever", "interviews"))
def _(meta, r):
    return sum(1 for i in r[("lever", "interviews")] if SALES.match(i.get("subject") or ""))


@kind("lever-posting-text-is-internal-note", ("lever", "postings"))
def _(meta, r):
    return sum(1 for p in r[("lever", "postings")] if re.match(r"Kept in Lever for", p.get("text") or ""))


@kind("lever-archived-reason-past-the-stage", ("lever", "opportunities"))
def _(meta, r):
    early = {"lead-new", "lead-reached-out", "applicant-new"}
    return sum(1 for o in r[("lever", "opportunities")]
               if o.get("stage") in early and re.search(r"interview|final round", o.get("archived_reason") or ""))


@kind("salesforce-contact-is-own-assistant", ("salesforce", "contacts"))
def _(meta, r):
    n = 0
    for c in r[("salesforce", "contacts")]:
        full = f"{c.get('first_name')} {c.get('last_name')}"
        if (c.get("assistant_email") and c.get("assistant_email") == c.get("email")) or c.get("assistant_name") == full:
            n += 1
    return n


@kind("salesforce-lead-postal-code-not-a-postal-code", ("salesforce", "leads"))
def _(meta, r):
    return sum(1 for l in r[("salesforce", "leads")] if isinstance(l.get("postal_code"), str) and re.search(r"[A-Z]{2,}-\d", l["postal_code"]))


@kind("salesforce-lead-not-opened-yet-opens", ("salesforce", "leads"))
def _(meta, r):
    return sum(1 for l in r[("salesforce", "leads")] if l.get("has_opened_email") is False and (l.get("email_opens") or 0) > 0)


@kind("salesforce-case-supplied-name-not-a-name", ("salesforce", "cases"))
def _(meta, r):
    return sum(1 for c in r[("salesforce", "cases")] if isinstance(c.get("supplied_name"), str) and not PERSON.match(c["supplied_name"]))


@kind("salesforce-open-case-reason-says-gone", ("salesforce", "cases"))
def _(meta, r):
    return sum(1 for c in r[("salesforce", "cases")] if c.get("is_closed") is False and re.search(r"moved the work in-house|chose another vendor|nobody took over", c.get("reason") or ""))


@kind("salesforce-stage-changed-after-last-modified", ("salesforce", "opportunities"))
def _(meta, r):
    n = 0
    for o in r[("salesforce", "opportunities")]:
        a, b = ts(o.get("last_stage_change_date")), ts(o.get("last_modified_date"))
        if a and b and a > b:
            n += 1
    return n


@kind("salesforce-note-names-another-company-than-parent", ("salesforce", "notes"))
def _(meta, r):
    names = {}
    for o in r[("salesforce", "opportunities")]:
        names[o.get("id")] = o.get("name") or ""
    for a in r[("salesforce", "accounts")]:
        names[a.get("id")] = a.get("account_name") or ""
    n = 0
    for note in r[("salesforce", "notes")]:
        parent = names.get(note.get("parent_id"))
        if not parent:
            continue
        pc = COMPANY_RE.findall(parent)
        if not pc:
            continue
        said = COMPANY_RE.findall((note.get("title") or "") + " " + (note.get("body") or ""))
        if said and all(c not in pc for c in said):
            n += 1
    return n


@kind("youtube-every-video-its-own-channel", ("youtube", "videos"))
def _(meta, r):
    v = r[("youtube", "videos")]
    ch = {x.get("channel_id") for x in v}
    return len(v) if len(v) >= 3 and len(ch) == len(v) else 0


@kind("expensify-report-by-outside-employee", ("expensify", "reports"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for x in r[("expensify", "reports")] if d and dom(x.get("employee_email")) not in (None, d))


@kind("comment-blocked-on-its-own-task", None)
def _(meta, r):
    n = 0
    for (app, coll), rows in list(r.items()):
        for c in rows:
            text = c.get("comment_text") or c.get("text") or c.get("body") or c.get("content") or ""
            m = re.search(r"Blocked on the (?:task|story|issue|card|ticket) (.+?) for now", text)
            if not m:
                continue
            pid = c.get("task_id") or c.get("story_id") or c.get("task") or c.get("issueId") or c.get("card_id")
            for (a2, c2), rows2 in r.items():
                if a2 != app:
                    continue
                for p in rows2:
                    if (p.get("id") == pid or p.get("gid") == pid) and (p.get("name") or p.get("title")) == m.group(1):
                        n += 1
    return n


def _meeting_events(r, app, mcoll, ecolls, start_key, status_key, future_states, clock):
    meetings = {m.get("id"): m for m in r[(app, mcoll)]}
    n = 0
    for ec in ecolls:
        for e in r[(app, ec)]:
            m = meetings.get(e.get("meeting_id"))
            if not m:
                continue
            st = ts(m.get(start_key))
            if (m.get(status_key) in future_states) or (st and clock and st > clock):
                n += 1
    return n


@kind("zoom-participants-or-recordings-of-meeting-not-held", ("zoom", "meetings"))
def _(meta, r):
    return _meeting_events(r, "zoom", "meetings", ("participants", "recordings"), "start_time", "status", ("waiting",), ts(meta.get("clock")))


@kind("zoom-registrants-where-no-registration", ("zoom", "registrants"))
def _(meta, r):
    ms = {m.get("id"): m for m in r[("zoom", "meetings")] + r[("zoom", "webinars")]}
    return sum(1 for g in r[("zoom", "registrants")] if ms.get(g.get("meeting_id"), {}).get("registration_required") is False)


@kind("webex-recordings-of-meeting-not-yet-held", ("webex", "recordings"))
def _(meta, r):
    return _meeting_events(r, "webex", "meetings", ("recordings",), "start", "state", ("scheduled", "lobby"), ts(meta.get("clock")))


@kind("ringcentral-extensions-of-outside-people", ("ringcentral", "extensions"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for x in r[("ringcentral", "extensions")] if d and dom(x.get("email")) not in (None, d))


@kind("ringcentral-extension-number-not-digits", ("ringcentral", "extensions"))
def _(meta, r):
    return sum(1 for x in r[("ringcentral", "extensions")] if isinstance(x.get("extensionNumber"), str) and not x["extensionNumber"].isdigit())


@kind("ringcentral-call-or-sms-to-itself", ("ringcentral", "call_log"))
def _(meta, r):
    n = sum(1 for c in r[("ringcentral", "call_log")] if c.get("from_phone") and c.get("from_phone") == c.get("to_phone"))
    n += sum(1 for m in r[("ringcentral", "messages")] if m.get("from_phone") and m.get("from_phone") in (m.get("to_phones") or []))
    return n


@kind("ringcentral-call-after-the-clock", ("ringcentral", "call_log"))
def _(meta, r):
    clock = ts(meta.get("clock"))
    return sum(1 for c in r[("ringcentral", "call_log")] if clock and ts(c.get("startTime")) and ts(c["startTime"]) > clock)


@kind("ringcentral-unanswered-call-with-recording", ("ringcentral", "call_log"))
def _(meta, r):
    return sum(1 for c in r[("ringcentral", "call_log")] if c.get("result") in ("Rejected", "Busy", "Missed", "No Answer") and c.get("recording_id"))


@kind("discord-every-channel-its-own-guild", ("discord", "channels"))
def _(meta, r):
    ch = r[("discord", "channels")]
    return len(ch) if len(ch) >= 3 and len({c.get("guild_id") for c in ch}) == len(ch) else 0


@kind("google-docs-comment-by-outsider-without-access", ("google_docs", "comments"))
def _(meta, r):
    d = company_domain(meta)
    perms = collections.defaultdict(list)
    for p in r[("google_docs", "permissions")]:
        perms[p.get("document_id")].append(p)
    n = 0
    for c in r[("google_docs", "comments")]:
        a = c.get("author")
        if not d or dom(a) in (None, d):
            continue
        ps = perms[c.get("document_id")]
        ok = any(p.get("type") == "anyone" and p.get("role") in ("commenter", "writer", "owner") for p in ps) or \
            any(p.get("email_address") == a and p.get("role") in ("commenter", "writer", "owner") for p in ps)
        if not ok:
            n += 1
    return n


@kind("google-docs-two-domain-grants-on-one-document", ("google_docs", "permissions"))
def _(meta, r):
    c = collections.Counter(p.get("document_id") for p in r[("google_docs", "permissions")] if p.get("type") == "domain")
    return sum(v for v in c.values() if v > 1)


@kind("box-file-owned-by-outsider", ("box", "files"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for f in r[("box", "files")] if d and dom(f.get("owned_by")) not in (None, d))


@kind("zoho-desk-ticket-names-another-company-than-its-contact", ("zoho_desk", "tickets"))
def _(meta, r):
    cd = {c.get("id"): dom(c.get("email")) for c in r[("zoho_desk", "contacts")]}
    n = 0
    for t in r[("zoho_desk", "tickets")]:
        d = cd.get(t.get("contact_id"))
        if not d:
            continue
        said = COMPANY_RE.findall((t.get("subject") or "") + " " + (t.get("description") or ""))
        if said and all(squash(s) != d for s in said):
            n += 1
    return n


@kind("zoho-desk-raised-before-created", ("zoho_desk", "tickets"))
def _(meta, r):
    n = 0
    for t in r[("zoho_desk", "tickets")]:
        c = ts(t.get("created_at"))
        m = re.search(r"(?:[Rr]aised|first saw this|wrote in about .*?) on (\d{1,2} [A-Z][a-z]+)", t.get("description") or "")
        if not (c and m):
            continue
        try:
            d = datetime.strptime(f"{m.group(1)} {c.year}", "%d %B %Y").date()
        except ValueError:
            continue
        if d < c.date() - timedelta(days=1) and (c.date() - d).days < 200:
            n += 1
    return n


@kind("acuity-calendar-of-outside-person", ("acuity_scheduling", "calendars"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for c in r[("acuity_scheduling", "calendars")] if d and dom(c.get("email")) not in (None, d))


@kind("acuity-appointment-ends-days-after-start", ("acuity_scheduling", "appointments"))
def _(meta, r):
    n = 0
    for a in r[("acuity_scheduling", "appointments")]:
        s, e = ts(a.get("datetime")), ts(a.get("endTime"))
        if s and e and (e - s > timedelta(days=1) or e < s):
            n += 1
    return n


@kind("gitlab-note-on-no-such-issue-or-mr", ("gitlab", "notes"))
def _(meta, r):
    have = set()
    for i in r[("gitlab", "issues")]:
        have.add(("Issue", i.get("project_id"), i.get("iid")))
    for m in r[("gitlab", "merge_requests")]:
        have.add(("MergeRequest", m.get("project_id"), m.get("iid")))
    return sum(1 for n in r[("gitlab", "notes")] if (n.get("noteable_type"), n.get("project_id"), n.get("noteable_iid")) not in have)


@kind("gitlab-mr-source-branch-is-a-lead-source", ("gitlab", "merge_requests"))
def _(meta, r):
    return sum(1 for m in r[("gitlab", "merge_requests")] if m.get("source_branch") in ("referral", "event", "web", "email", "partner", "phone", "social", "organic", "paid", "other", "advertisement"))


@kind("gitlab-project-in-a-customer-namespace", ("gitlab", "projects"))
def _(meta, r):
    d = company_domain(meta)
    n = 0
    for p in r[("gitlab", "projects")]:
        ns = (p.get("path_with_namespace") or "").split("/")[0]
        if d and ns and re.sub(r"[^a-z0-9]", "", ns) + ".example" != d:
            n += 1
    return n


@kind("basecamp-several-company-hq-projects", ("basecamp3", "projects"))
def _(meta, r):
    hq = [p for p in r[("basecamp3", "projects")] if p.get("purpose") == "company_hq"]
    return len(hq) if len(hq) > 1 else 0


@kind("basecamp-comment-on-no-record", ("basecamp3", "comments"))
def _(meta, r):
    ids = set()
    for (a, c), rows in r.items():
        if a == "basecamp3":
            ids.update(x.get("id") for x in rows)
    return sum(1 for c in r[("basecamp3", "comments")] if c.get("recording_id") not in ids)


@kind("asana-system-story-with-a-person-sentence", ("asana", "stories"))
def _(meta, r):
    return sum(1 for s in r[("asana", "stories")] if s.get("type") == "system" and re.search(r"\b(I|I am|I will|my|me)\b|^Call |Copying |Checked by |Blocked on ", s.get("text") or ""))


@kind("reviewing-internally-yet-signed-off", None)
def _(meta, r):
    n = 0
    for rows in r.values():
        for x in rows:
            for v in x.values():
                if isinstance(v, str) and re.search(r"is reviewing .* internally", v) and "signed off" in v:
                    n += 1
                    break
    return n


@kind("freshservice-requester-outside-the-company", ("freshservice", "requesters"))
def _(meta, r):
    d = company_domain(meta)
    return sum(1 for x in r[("freshservice", "requesters")] if d and dom(x.get("primary_email")) not in (None, d))


@kind("asana-assignee-named-as-the-customers-contact", ("asana", "tasks"))
def _(meta, r):
    n = 0
    for t in r[("asana", "tasks")]:
        a = t.get("assignee") or ""
        if "@" not in a:
            continue
        local = a.split("@")[0]
        m = re.search(r"(?:Called |^)([A-Z][\w'-]+ [A-Z][\w'-]+)(?: at |: )", t.get("notes") or "")
        if m and m.group(1).lower().replace(" ", ".").replace("'", "") == local:
            n += 1
    return n


@kind("webex-recording-topic-names-another-company-than-its-meeting", ("webex", "recordings"))
def _(meta, r):
    ms = {m.get("id"): m for m in r[("webex", "meetings")]}
    n = 0
    for x in r[("webex", "recordings")]:
        m = ms.get(x.get("meeting_id"))
        if not m:
            continue
        a, b = COMPANY_RE.findall(x.get("topic") or ""), COMPANY_RE.findall(m.get("title") or "")
        if a and b and set(a) != set(b):
            n += 1
    return n


@kind("zoom-recording-topic-other-than-its-meeting", ("zoom", "recordings"))
def _(meta, r):
    ms = {m.get("id"): m for m in r[("zoom", "meetings")] + r[("zoom", "webinars")]}
    return sum(1 for x in r[("zoom", "recordings")] if x.get("meeting_id") in ms and x.get("topic") and x.get("topic") != ms[x["meeting_id"]].get("topic"))


@kind("woocommerce-grouped-or-external-product-with-stock", ("woocommerce", "products"))
def _(meta, r):
    return sum(1 for p in r[("woocommerce", "products")] if p.get("type") in ("grouped", "external") and (p.get("stock_status") == "onbackorder" or p.get("stock_quantity") is not None))


@kind("quip-usec-holding-iso-date", ("quip", "threads"))
def _(meta, r):
    return sum(1 for (a, c), rows in r.items() if a == "quip" for x in rows
               if any(k.endswith("_usec") and isinstance(v, str) and "T" in v for k, v in x.items()))


@kind("squarespace-physical-goods-typed-digital-service-giftcard", ("squarespace_commerce", "products"))
def _(meta, r):
    goods = re.compile(r"Desk|Mug|Lamp|Headphones|Backpack|Runner|Chair|Bottle|Jacket|Shirt|Speaker|Keyboard")
    return sum(1 for p in r[("squarespace_commerce", "products")] if p.get("type") in ("DIGITAL", "SERVICE", "GIFT_CARD") and goods.search(p.get("name") or ""))


@kind("linear-team-key-issue-style", ("linear", "teams"))
def _(meta, r):
    return sum(1 for t in r[("linear", "teams")] if re.match(r"^[A-Z]+-\d+$", t.get("key") or ""))


@kind("confluence-personal-space-for-a-team-or-key-spa", ("confluence", "spaces"))
def _(meta, r):
    return sum(1 for s in r[("confluence", "spaces")] if s.get("type") == "personal" or re.match(r"^spa_\d+$", s.get("key") or ""))


@kind("confluence-draft-with-version-history", ("confluence", "pages"))
def _(meta, r):
    return sum(1 for p in r[("confluence", "pages")] if p.get("status") == "draft" and (p.get("version") or 0) > 1)


@kind("squarespace-tracking-number-in-order-number-form", ("squarespace_commerce", "orders"))
def _(meta, r):
    return sum(1 for o in r[("squarespace_commerce", "orders")] if re.match(r"^ORD-\d+$", o.get("tracking_number") or ""))


@kind("webex-direct-room-with-a-title", ("webex", "rooms"))
def _(meta, r):
    return sum(1 for x in r[("webex", "rooms")] if x.get("type") == "direct" and x.get("title"))



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
