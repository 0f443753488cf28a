#!/usr/bin/env python3
"""Reach over a whole build of the kinds found in the h54r1 reading (issue #27, set 1).

usage: reach.py DATA.pickle ENVS.jsonl [KIND ...]
DATA.pickle is written by load.py from a build's lib/ (one parse of every data atom).
Prints, per kind: envs with at least one offending record / envs whose data atom holds
the collection, offending records, data atoms, and one example.
Each kind is a pattern check, so the counts are estimates (lower bounds where narrow).
"""
import collections, datetime as dt, json, pickle, re, sys

D = pickle.load(open(sys.argv[1], 'rb'))
ENVS = collections.Counter()
for line in open(sys.argv[2]):
    e = json.loads(line)
    ENVS[e['recipe']['data'].split('@')[0]] += 1
ONLY = set(sys.argv[3:])


def ts(v):
    if v is None or v == '':
        return None
    if isinstance(v, (int, float)):
        return dt.datetime.fromtimestamp(v / 1000 if v > 10**11 else v, dt.timezone.utc)
    s = str(v)
    if len(s) == 10:
        s += 'T00:00:00Z'
    return dt.datetime.fromisoformat(s.replace('Z', '+00:00'))


def rows(R, app, coll):
    return ((R or {}).get(app) or {}).get(coll) or []


def company_domain(doc):
    m = re.search(r' at (.+?) on \w+day', doc['description'] or '')
    return re.sub(r"[^a-z0-9]", '', m.group(1).lower()) + '.example' if m else None


def dom(email):
    return email.split('@', 1)[1].lower() if isinstance(email, str) and '@' in email else None


KINDS = {}


def kind(app, coll, desc):
    def deco(f):
        KINDS[f.__name__] = (app, coll, desc, f)
        return f
    return deco


# ---- Google Docs / Drive ----
@kind('google_docs', 'permissions', 'one document, two grants to the same grantee (type anyone twice, or one address twice)')
def gdocs_dup_grantee(doc, R):
    out = []
    for app, coll, ref in (('google_docs', 'permissions', 'document_id'),):
        seen = collections.defaultdict(list)
        for r in rows(R, app, coll):
            if r.get('type') not in ('anyone', 'user'):
                continue  # a 'domain' grant names no domain here, so two may be two domains
            g = (r.get(ref), r.get('type'), r.get('email_address') or '')
            seen[g].append(r)
        for g, rs in seen.items():
            if len(rs) > 1:
                out += [r['id'] for r in rs]
    return out


# ---- Front ----
@kind('front', 'messages', "a message whose subject is not its conversation's")
def front_msg_subject(doc, R):
    conv = {c['id']: c.get('subject') for c in rows(R, 'front', 'conversations')}
    return [m['id'] for m in rows(R, 'front', 'messages')
            if m.get('conversation_id') in conv and m.get('subject')
            and re.sub(r'^(re|fwd?): ', '', m['subject'].lower()) != (conv[m['conversation_id']] or '').lower()]


# ---- Asana ----
SYSTEM_VERB = re.compile(r'^(assigned|unassigned|marked|added|removed|changed|moved|completed|created|duplicated|set|cleared|attached|liked|renamed|updated)\b', re.I)


@kind('asana', 'stories', 'a story typed system whose text is a person\'s sentence')
def asana_system_sentence(doc, R):
    return [s['id'] for s in rows(R, 'asana', 'stories') if s.get('type') == 'system' and not SYSTEM_VERB.match(s.get('text') or '')]


# ---- ChatGPT ----
@kind('chatgpt', 'vector_stores', 'vector store expired before its expires_at, or expires_at not last_active_at + expires_after_days')
def chatgpt_vs_expiry(doc, R):
    clock = ts(doc['clock']); out = []
    for v in rows(R, 'chatgpt', 'vector_stores'):
        ex, la, days = v.get('expires_at'), v.get('last_active_at'), v.get('expires_after_days')
        bad = v.get('status') == 'expired' and ex and ts(ex) > clock
        if ex and la and days and abs(ex - (la + days * 86400)) > 86400:
            bad = True
        if bad:
            out.append(v['id'])
    return out


IMG = {'dall-e-2': ({'256x256', '512x512', '1024x1024'}, {'standard', None}, False),
       'dall-e-3': ({'1024x1024', '1792x1024', '1024x1792'}, {'standard', 'hd', None}, True),
       'gpt-image-1': ({'1024x1024', '1536x1024', '1024x1536', 'auto'}, {'low', 'medium', 'high', 'auto', None}, False)}


@kind('chatgpt', 'generated_images', "an image whose size, quality or style its model does not offer (dall-e-2 hd/style; gpt-image-1 1792x1024/standard/style)")
def chatgpt_image_model(doc, R):
    out = []
    for g in rows(R, 'chatgpt', 'generated_images'):
        spec = IMG.get(g.get('model'))
        if spec is None:
            if g.get('model', '').startswith('gpt-image'):
                spec = IMG['gpt-image-1']
            else:
                continue
        sizes, quals, style_ok = spec
        if g.get('size') not in sizes or g.get('quality') not in quals or (g.get('style') and not style_ok):
            out.append(g['id'])
    return out


@kind('chatgpt', 'messages', 'a thread message with role system, or a thread_id naming no conversation held')
def chatgpt_msg_role_thread(doc, R):
    convs = {c['id'] for c in rows(R, 'chatgpt', 'conversations')}
    return [m['id'] for m in rows(R, 'chatgpt', 'messages')
            if m.get('role') not in ('user', 'assistant') or (m.get('thread_id') and m['thread_id'] not in convs)]


@kind('chatgpt', 'files', 'a file with purpose batch that is not JSONL (an image, a PDF)')
def chatgpt_file_purpose(doc, R):
    return [f['id'] for f in rows(R, 'chatgpt', 'files') if f.get('purpose') == 'batch' and 'jsonl' not in (f.get('content_type') or '')]


# ---- Salesforce ----
@kind('salesforce', 'leads', 'lead with email_opens > 0 and has_opened_email false')
def sf_lead_opens(doc, R):
    return [l['id'] for l in rows(R, 'salesforce', 'leads') if (l.get('email_opens') or 0) > 0 and l.get('has_opened_email') is False]


@kind('salesforce', 'leads', 'lead whose days_since_activity is not clock - last_activity_date (off by more than 1 day)')
def sf_lead_days(doc, R):
    clock = ts(doc['clock']); out = []
    for l in rows(R, 'salesforce', 'leads'):
        if l.get('days_since_activity') is not None and l.get('last_activity_date'):
            if abs((clock - ts(l['last_activity_date'])).days - l['days_since_activity']) > 1:
                out.append(l['id'])
    return out


@kind('salesforce', 'leads', 'lead postal_code holding a lead number (LEA-1234)')
def sf_lead_postal(doc, R):
    return [l['id'] for l in rows(R, 'salesforce', 'leads') if re.match(r'^[A-Z]{2,4}-\d+$', str(l.get('postal_code') or ''))]


PERSON = re.compile(r"^[A-Z][\w'À-ÿ-]+( [A-Z][\w'À-ÿ-]+){1,2}$")


@kind('salesforce', 'cases', 'case supplied_name (the web-to-case submitter\'s name) holding a subject, not a person')
def sf_case_supplied_name(doc, R):
    return [c['id'] for c in rows(R, 'salesforce', 'cases') if c.get('supplied_name') and not PERSON.match(c['supplied_name'])]


@kind('salesforce', 'contacts', 'contact who is its own assistant or delegate')
def sf_contact_self_assistant(doc, R):
    out = []
    for c in rows(R, 'salesforce', 'contacts'):
        me = c.get('email')
        if me and (c.get('assistant_email') == me or c.get('delegate_email') == me):
            out.append(c['id'])
    return out


REGION = {'North America': {'US', 'CA', 'MX'}, 'LATAM': {'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'UY'},
          'EMEA': {'GB', 'DE', 'IE', 'PT', 'KE', 'FR', 'ES', 'NL', 'IT', 'SE', 'ZA', 'AE'},
          'APAC': {'AU', 'JP', 'SG', 'NZ', 'IN', 'CN', 'KR'}}


@kind('salesforce', 'accounts', 'account whose region does not hold its country (DE in North America, JP in LATAM)')
def sf_region_country(doc, R):
    return [a['id'] for a in rows(R, 'salesforce', 'accounts')
            if a.get('region') in REGION and a.get('country') and a['country'] not in REGION[a['region']]]


@kind('salesforce', 'opportunities', 'opportunity whose last_stage_change_date is after its last_modified_date')
def sf_stage_after_modified(doc, R):
    return [o['id'] for o in rows(R, 'salesforce', 'opportunities')
            if o.get('last_stage_change_date') and o.get('last_modified_date') and ts(o['last_stage_change_date']) > ts(o['last_modified_date'])]


def slug(s):
    return re.sub(r'[^a-z0-9]', '', (s or '').lower())


@kind('salesforce', 'accounts', "account whose domain is another company's than its account_name")
def sf_account_domain(doc, R):
    return [a['id'] for a in rows(R, 'salesforce', 'accounts')
            if a.get('domain') and a.get('account_name') and slug(a['account_name']) + '.example' != a['domain'].lower()]


# ---- Lever ----
@kind('lever', 'interviews', 'interview whose subject is a sales meeting (Kickoff, Renewal call, Pricing workshop, QBR, Security review ...)')
def lever_interview_sales(doc, R):
    return [i['id'] for i in rows(R, 'lever', 'interviews')
            if re.match(r'(Kickoff|Pricing workshop|Renewal call|Onboarding session|Executive sync|Quarterly business review|Security review) ', i.get('subject') or '')]


@kind('lever', 'interviews', 'interview for an opportunity at a stage before any screen (lead-new, lead-reached-out, applicant-new)')
def lever_interview_early(doc, R):
    st = {o['id']: o.get('stage') for o in rows(R, 'lever', 'opportunities')}
    return [i['id'] for i in rows(R, 'lever', 'interviews') if st.get(i.get('opportunity_id')) in ('lead-new', 'lead-reached-out', 'applicant-new')]


@kind('lever', 'postings', "posting text that is a note about a company ('Kept in Lever for X; the owner is Y')")
def lever_posting_note(doc, R):
    return [p['id'] for p in rows(R, 'lever', 'postings') if re.search(r'Kept in Lever for|the owner is|Point of contact|Questions go to', p.get('text') or '')]


@kind('lever', 'opportunities', 'opportunity archived (archivedAt) with no archived_reason')
def lever_archived_no_reason(doc, R):
    return [o['id'] for o in rows(R, 'lever', 'opportunities') if o.get('archivedAt') and not o.get('archived_reason')]


# ---- Google Chat ----
@kind('google_chat', 'memberships', 'member at another company than the workspace in a space with externalUserAllowed false')
def gchat_external_member(doc, R):
    cd = company_domain(doc)
    sp = {s['name']: s for s in rows(R, 'google_chat', 'spaces')}
    out = []
    for m in rows(R, 'google_chat', 'memberships'):
        s = sp.get(m.get('space'))
        d = dom(m.get('member_email'))
        if s and s.get('externalUserAllowed') is False and d and cd and d != cd and not d.endswith('.' + cd):
            out.append(m['name'])
    return out


# ---- Jira Service Management ----
@kind('jira_service_management', 'comments', "internal comment (public false) written by the request's reporting customer")
def jsm_customer_internal(doc, R):
    rep = {r['issueKey']: (r.get('reporter') or '').split('@')[0] for r in rows(R, 'jira_service_management', 'requests')}
    return [c['id'] for c in rows(R, 'jira_service_management', 'comments')
            if c.get('public') is False and c.get('author') and rep.get(c.get('issueKey')) == c['author']]


UNFIT = {'Book a meeting room', 'Fix a printer', 'Order new hardware', 'Request a mobile phone', 'Request a new laptop',
         'Onboard a new employee', 'Offboard an employee', 'Update payroll details', 'Request a new email alias',
         'Ask a legal question', 'Request a purchase'}


@kind('jira_service_management', 'requests', 'request filed under a request type that fits no customer issue (Book a meeting room, Order new hardware, Update payroll details ...)')
def jsm_request_type_unfit(doc, R):
    t = {r['id']: r.get('name') for r in rows(R, 'jira_service_management', 'request_types')}
    return [r['issueKey'] for r in rows(R, 'jira_service_management', 'requests') if t.get(r.get('requestTypeId')) in UNFIT]


# ---- Gmail ----
@kind('gmail', 'messages', 'message received (internal_date) more than a day away from when it was sent (date)')
def gmail_internal_date(doc, R):
    return [m['id'] for m in rows(R, 'gmail', 'messages')
            if m.get('date') and m.get('internal_date') and abs(m['internal_date'] - m['date']) > 86400000]


@kind('gmail', 'messages', 'message received (internal_date) before it was sent (date), by more than an hour')
def gmail_received_before_sent(doc, R):
    return [m['id'] for m in rows(R, 'gmail', 'messages')
            if m.get('date') and m.get('internal_date') and m['internal_date'] < m['date'] - 3600000]


@kind('gmail', 'threads', 'thread with no message (message_ids empty)')
def gmail_empty_thread(doc, R):
    return [t['id'] for t in rows(R, 'gmail', 'threads') if not t.get('message_ids')]


@kind('gmail', 'drafts', 'draft wrapping a message that has no DRAFT label (left open)')
def gmail_draft_received(doc, R):
    lab = {m['id']: m.get('label_ids') or [] for m in rows(R, 'gmail', 'messages')}
    return [d['id'] for d in rows(R, 'gmail', 'drafts') if d.get('message_id') in lab and 'DRAFT' not in lab[d['message_id']]]


@kind('gmail', 'threads', "thread snippet that is none of its messages' snippets (left open)")
def gmail_thread_snippet(doc, R):
    sn = {m['id']: m.get('snippet') for m in rows(R, 'gmail', 'messages')}
    return [t['id'] for t in rows(R, 'gmail', 'threads')
            if t.get('message_ids') and all(i in sn for i in t['message_ids']) and t.get('snippet') not in {sn[i] for i in t['message_ids']}]


# ---- Confluence ----
@kind('confluence', 'spaces', 'space homepage_id naming no page')
def confluence_homepage(doc, R):
    pages = {str(p['id']) for p in rows(R, 'confluence', 'pages')}
    return [s.get('key') for s in rows(R, 'confluence', 'spaces') if s.get('homepage_id') and str(s['homepage_id']) not in pages]


# ---- Help Scout ----
@kind('helpscout', 'conversations', "conversation whose customer_id is a customer with another address than its customer_email")
def helpscout_customer_mismatch(doc, R):
    cu = {c['id']: c.get('email') for c in rows(R, 'helpscout', 'customers')}
    return [c['id'] for c in rows(R, 'helpscout', 'conversations')
            if c.get('customer_id') in cu and c.get('customer_email') and cu[c['customer_id']] != c['customer_email']]


@kind('helpscout', 'conversations', 'conversation created before its mailbox or its customer')
def helpscout_before_container(doc, R):
    mb = {m['id']: m.get('created_at') for m in rows(R, 'helpscout', 'mailboxes')}
    cu = {c['id']: c.get('created_at') for c in rows(R, 'helpscout', 'customers')}
    out = []
    for c in rows(R, 'helpscout', 'conversations'):
        t = ts(c.get('created_at'))
        if t is None:
            continue
        for ref, tab in (('mailbox_id', mb), ('customer_id', cu)):
            p = tab.get(c.get(ref))
            if p and ts(p) > t:
                out.append(c['id']); break
    return out


# ---- Outlook ----
@kind('outlook', 'mail_folders', 'folder whose unreadItemCount (or totalItemCount) is below the unread (or all) messages the state holds in it')
def outlook_folder_count(doc, R):
    held = collections.Counter(); unread = collections.Counter()
    for m in rows(R, 'outlook', 'messages'):
        held[m.get('parentFolderId')] += 1
        if m.get('isRead') is False:
            unread[m.get('parentFolderId')] += 1
    return [f['id'] for f in rows(R, 'outlook', 'mail_folders')
            if (f.get('unreadItemCount') is not None and f['unreadItemCount'] < unread[f['id']])
            or (f.get('totalItemCount') is not None and f['totalItemCount'] < held[f['id']])]


# ---- Proton Mail: the amendment a task points to ----
@kind('proton_mail', 'messages', "the policy's amendment (handle *_wfupd) is the mailbox owner's own draft or sent mail")
def proton_amendment_own(doc, R):
    h = doc.get('handles') or {}
    keys = {v['key'] for k, v in h.items() if k.endswith('_wfupd') and v.get('app') == 'proton_mail'}
    return [m['id'] for m in rows(R, 'proton_mail', 'messages') if m['id'] in keys and (m.get('folder') in ('drafts', 'sent') or m.get('sender') == 'me@proton.example')]


# ---- the policy a task points to is closed ----
CLOSED = {'canceled', 'cancelled', 'deleted', 'trashed'}  # resolved/closed/done/completed are not counted: a finished ticket may still state a standing rule


@kind('*', '*', "the policy record a workflow task follows (handle *_wfpol) is itself canceled (or deleted/trashed)")
def policy_closed(doc, R):
    out = []
    for k, v in (doc.get('handles') or {}).items():
        if not k.endswith('_wfpol'):
            continue
        for r in rows(R, v['app'], v['collection']):
            if str(r.get('id', r.get('issueKey', r.get('key', r.get('name'))))) == str(v['key']) or r.get('issueKey') == v['key']:
                st = str(r.get('status') or r.get('state') or '').lower()
                if st in CLOSED:
                    out.append(f"{v['app']}.{v['collection']}:{v['key']}:{st or 'archived/completed'}")
    return out


# ---- Squarespace ----
@kind('squarespace_commerce', 'orders', 'order tracking_number in an order-number form (ORD-1234)')
def squarespace_tracking(doc, R):
    return [o['id'] for o in rows(R, 'squarespace_commerce', 'orders') if re.match(r'^ORD-\d+$', str(o.get('tracking_number') or ''))]


PHYSICAL = re.compile(r'\b(Mug|Lamp|Desk|Chair|Headphones|Backpack|Runner|Shoe|Sneaker|Bottle|Notebook|Jacket|Shirt|T-Shirt|Hoodie|Speaker|Keyboard|Mouse|Blanket|Candle|Tote|Bag|Watch|Wallet|Stand|Sweater|Cap|Socks|Pillow)\b', re.I)


@kind('squarespace_commerce', 'products', 'physical goods typed DIGITAL, SERVICE or GIFT_CARD (left open)')
def squarespace_physical_digital(doc, R):
    return [p['id'] for p in rows(R, 'squarespace_commerce', 'products') if p.get('type') in ('DIGITAL', 'SERVICE', 'GIFT_CARD') and PHYSICAL.search(p.get('name') or '')]


# ---- TikTok Ads ----
@kind('tiktok_ads', 'adgroups', 'ad group ENABLE in a DELETE (or DISABLE) campaign, or its budget above its campaign\'s')
def tiktok_adgroup_campaign(doc, R):
    ca = {c['campaign_id']: c for c in rows(R, 'tiktok_ads', 'campaigns')}
    out = []
    for g in rows(R, 'tiktok_ads', 'adgroups'):
        c = ca.get(g.get('campaign_id'))
        if not c:
            continue
        if (g.get('operation_status') == 'ENABLE' and c.get('operation_status') == 'DELETE') or \
           (g.get('budget') and c.get('budget') and g['budget'] > c['budget']):
            out.append(g['adgroup_id'])
    return out


@kind('tiktok_ads', 'adgroups', 'ad group ENABLE in a DELETE campaign (strict part of the row above)')
def tiktok_enable_in_deleted(doc, R):
    ca = {c['campaign_id']: c for c in rows(R, 'tiktok_ads', 'campaigns')}
    return [g['adgroup_id'] for g in rows(R, 'tiktok_ads', 'adgroups')
            if g.get('operation_status') == 'ENABLE' and (ca.get(g.get('campaign_id')) or {}).get('operation_status') == 'DELETE']


# ---- authors copying / addressing themselves ----
AUTH = {('figma', 'comments'): ('user_handle', 'message'), ('google_docs', 'comments'): ('author', 'content'),
        ('confluence', 'comments'): ('author', 'body'), ('jira_service_management', 'comments'): ('author', 'body'),
        ('google_chat', 'messages'): ('sender', 'text'), ('shortcut', 'comments'): ('author_id', 'text')}


@kind('figma', 'comments', "comment whose author copies or addresses himself ('Copying Paulo Bergstrom' by paulo.bergstrom)")
def self_copy(doc, R):
    out = []
    for (app, coll), (af, tf) in AUTH.items():
        if app != 'figma':
            continue
        for r in rows(R, app, coll):
            h = str(r.get(af) or '').split('@')[0]
            if '.' not in h:
                continue
            first, last = h.split('.', 1)
            t = r.get(tf) or ''
            if re.search(r'Copying %s %s\b' % (re.escape(first.capitalize()), re.escape(last.capitalize())), t, re.I) or \
               re.match(r'(Hi |Hello |Dear |Morning )?%s\b,' % re.escape(first), t, re.I):
                out.append(r['id'])
    return out


# ---- Mattermost ----
@kind('mattermost', 'teams', "the workspace's own team registered to an address at another company")
def mattermost_team_email(doc, R):
    cd = company_domain(doc)
    return [t['id'] for t in rows(R, 'mattermost', 'teams') if dom(t.get('email')) and cd and dom(t['email']) != cd]


# ---- Rippling ----
LEAVE = {'SICK': re.compile(r'surgery|Medical|Dentist|Back on', re.I),
         'VACATION': re.compile(r'holiday|Wedding|Family event|Moving house|Back on', re.I),
         'PERSONAL': re.compile(r'.'),
         'PARENTAL': re.compile(r'parental|baby|birth|adoption|Back on', re.I)}


@kind('rippling', 'leave_requests', "leave request whose reason is another leave type's (PARENTAL 'Recovering from surgery', SICK 'Bereavement'/'Wedding')")
def rippling_leave_reason(doc, R):
    return [l['id'] for l in rows(R, 'rippling', 'leave_requests')
            if l.get('leave_type') in LEAVE and not LEAVE[l['leave_type']].search(l.get('reason') or '')]


@kind('rippling', 'leave_requests', 'leave request role_id naming no employee')
def rippling_leave_role(doc, R):
    emp = {e['id'] for e in rows(R, 'rippling', 'employees')}
    return [l['id'] for l in rows(R, 'rippling', 'leave_requests') if l.get('role_id') and l['role_id'] not in emp]


@kind('rippling', 'employees', 'employee at work (or gone) under a manager who had not started then')
def rippling_manager_not_started(doc, R):
    clock = ts(doc['clock'])
    emp = {e['id']: e for e in rows(R, 'rippling', 'employees')}
    out = []
    for e in emp.values():
        m = emp.get(e.get('manager_id'))
        if not m or not m.get('start_date') or not e.get('start_date'):
            continue
        ms, es = ts(m['start_date']), ts(e['start_date'])
        when = ts(e['end_date']) if e.get('role_state') == 'TERMINATED' and e.get('end_date') else (clock if es <= clock else None)
        if when is not None and ms > when:
            out.append(e['id'])
    return out


# ---- run ----
res = {}
for name, (app, coll, desc, f) in KINDS.items():
    if ONLY and name not in ONLY:
        continue
    envs_with = envs_bad = recs = atoms = 0; ex = None
    for aid, doc in D.items():
        R = doc['records'] or {}
        n = ENVS.get(aid, 0)
        if n == 0:
            continue  # an atom no verified environment uses
        if app == '*':
            has = any(k.endswith('_wfpol') for k in (doc.get('handles') or {}))
        else:
            has = bool(rows(R, app, coll))
        if not has:
            continue
        envs_with += n
        bad = f(doc, R)
        if bad:
            envs_bad += n; recs += len(bad); atoms += 1
            if ex is None:
                ex = (aid, bad[:3])
    res[name] = (envs_bad, envs_with, recs, atoms, desc, ex)
    print(f"{name}: envs {envs_bad:,} of {envs_with:,}; records {recs:,}; atoms {atoms:,}  -- {desc}; e.g. {ex}", flush=True)
