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
