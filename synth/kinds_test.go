package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsOfTheWrongKindAreFound: a built-in app's record whose type
// contradicts its other fields (a private Telegram chat with a title, a
// grouped WooCommerce product with stock, a Gmail system label named after
// a company) or whose events are out of order (a GoTo meeting ending
// before it starts, an attendee joining weeks before it) breaks a rule the
// app's server atom declares, and the coherence check names the field.
func TestRecordsOfTheWrongKindAreFound(t *testing.T) {
	src := builtinServers(t)
	meeting := rec("meetingId", "8473001", "starttime", "2026-03-02T10:00:00Z", "endtime", "2026-03-02T11:00:00Z")
	for _, c := range []struct {
		name, app, coll string
		recs            []state.Record
		field           string
		parents         map[string][]state.Record // collection: records
	}{
		{"a private chat with a title", "telegram", "chats", recs(rec("id", "5551", "type", "private", "title", "Ops team")), "title", nil},
		{"a group with a person's first name", "telegram", "chats", recs(rec("id", "-1005551", "type", "supergroup", "first_name", "Ana")), "first_name", nil},
		{"a one-on-one chat with a topic", "microsoft_teams", "chats", recs(rec("id", "19:chat-1", "chatType", "oneOnOne", "topic", "Q3 launch")), "topic", nil},
		{"a direct message with a channel's name", "slack", "channels", recs(rec("id", "C01", "channel_type", "dm", "name", "cs-escalations")), "name", nil},
		{"a direct message that is a channel", "slack", "channels", recs(rec("id", "C01", "channel_type", "dm", "is_channel", true)), "is_channel", nil},
		{"a public channel that is private", "slack", "channels", recs(rec("id", "C01", "channel_type", "public", "name", "general", "is_private", true)), "is_private", nil},
		{"a group contact with a person's name", "wrike", "contacts", recs(rec("id", "KUAAB1", "type", "Group", "first_name", "Ana", "last_name", "Lopez")), "last_name", nil},
		{"an out-of-office event titled as a meeting", "google_calendar", "events", recs(rec("id", "evt1", "eventType", "outOfOffice", "summary", "Quarterly planning sync")), "eventType", nil},
		{"a single event with a recurrence count", "google_calendar", "events", recs(rec("id", "evt1", "recurring", false, "recurrence_count", 5)), "recurrence_count", nil},
		{"a grouped product with stock", "woocommerce", "products", recs(rec("id", "71", "type", "grouped", "stock_status", "instock", "stock_quantity", 12)), "stock_quantity", nil},
		{"a system label named after a company", "gmail", "labels", recs(rec("id", "Label_1", "label_type", "system", "name", "Northwind Traders")), "label_type", nil},
		{"a meeting ending before it starts", "gotomeeting", "meetings", recs(with(meeting, "endtime", "2026-03-02T09:00:00Z")), "endtime", nil},
		{"an attendee leaving before joining", "gotomeeting", "attendees", recs(rec("id", "att1", "meetingId", "8473001", "joinTime", "2026-03-02T10:30:00Z", "leaveTime", "2026-03-02T10:10:00Z")), "leaveTime", map[string][]state.Record{"meetings": recs(meeting)}},
		{"an attendee joining weeks before the meeting", "gotomeeting", "attendees", recs(rec("id", "att1", "meetingId", "8473001", "joinTime", "2026-02-10T10:00:00Z", "leaveTime", "2026-03-02T10:50:00Z")), "joinTime", map[string][]state.Record{"meetings": recs(meeting)}},
		{"an attendee leaving after the meeting ended", "gotomeeting", "attendees", recs(rec("id", "att1", "meetingId", "8473001", "joinTime", "2026-03-02T10:00:00Z", "leaveTime", "2026-03-09T10:00:00Z")), "leaveTime", map[string][]state.Record{"meetings": recs(meeting)}},
		{"a group grant to one person's address", "google_drive", "permissions", recs(rec("id", "perm1", "file_id", "f1", "type", "group", "email_address", "james.shah@acme.example")), "email_address", nil},
		{"a shared inbox named as a person", "hiver", "shared_mailboxes", recs(rec("id", "hsm_1", "name", "Kwame Schmidt", "email", "support@acme.example")), "name", nil},
		{"a shared inbox at a person's address", "helpscout", "mailboxes", recs(rec("id", "8501", "name", "Billing", "email", "samuel.park@acme.example")), "email", nil},
		{"an ad group bidding above its budget", "tiktok_ads", "adgroups", recs(rec("adgroup_id", "1780101", "campaign_id", "1780001", "budget", 500.0, "bid_price", 900.0)), "bid_price", nil},
		{"an envelope completed and voided", "docusign", "envelopes", recs(rec("id", "4b7a9c3e-1", "sent_date_time", "2026-03-02T10:00:00Z", "completed_date_time", "2026-03-03T10:00:00Z", "voided_date_time", "2026-03-04T10:00:00Z")), "voided_date_time", nil},
		{"an envelope completed before it was sent", "docusign", "envelopes", recs(rec("id", "4b7a9c3e-1", "sent_date_time", "2026-03-05T10:00:00Z", "completed_date_time", "2026-03-03T10:00:00Z")), "completed_date_time", nil},
		{"a group contact at one person's address", "wrike", "contacts", recs(rec("id", "KUAAB1", "type", "Group", "email", "renata.pemberton@acme.example")), "email", nil},
		{"a message posted before it was scheduled", "slack", "messages", recs(rec("id", "1712.1", "created_at", "2026-03-02T10:00:00Z", "post_at", "2026-03-01T10:00:00Z")), "post_at", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			invariantBroken(t, src, c.app, c.coll, c.recs, c.parents, c.field)
		})
	}
}

// invariantBroken fails t unless the world of app holding recs in coll
// (and the records of parents, by collection) breaks an invariant its
// server atom declares on field.
func invariantBroken(t *testing.T, src *atom.Library, app, coll string, rs []state.Record, parents map[string][]state.Record, field string) {
	t.Helper()
	srv := src.ServerFor(app).MustServer()
	colls := []*state.Collection{state.NewCollection(app+"."+coll, srv.Collection(coll).KeyField(), rs)}
	for name, prs := range parents {
		colls = append(colls, state.NewCollection(app+"."+name, srv.Collection(name).KeyField(), prs))
	}
	clock := time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC)
	var got []coherence.Violation
	for _, v := range coherence.CheckWorld("d", map[string]*atom.Server{app: srv}, state.NewWorld(clock, colls...)) {
		if v.Rule == coherence.RuleInvariant {
			got = append(got, v)
			if v.Field == field {
				return
			}
		}
	}
	t.Fatalf("no invariant violation on %s: %v", field, got)
}

func rec(kv ...any) state.Record {
	r := state.Record{}
	for i := 0; i+1 < len(kv); i += 2 {
		r[kv[i].(string)] = kv[i+1]
	}
	return r
}

func recs(rs ...state.Record) []state.Record { return rs }

func with(r state.Record, kv ...any) state.Record {
	out := rec(kv...)
	for k, v := range r {
		if _, set := out[k]; !set {
			out[k] = v
		}
	}
	return out
}

// TestOverdueIsPastDue: a Zoho Books invoice marked overdue that is due
// after the clock breaks the rule its server atom declares, and the
// coherence check names its due date.
func TestOverdueIsPastDue(t *testing.T) {
	srv := builtinServers(t).ServerFor("zoho_books").MustServer()
	for due, want := range map[string]bool{"2026-04-20": true, "2026-03-01": false} {
		inv := state.NewCollection("zoho_books.invoices", "invoice_id", recs(rec("invoice_id", "4602000001", "status", "overdue", "due_date", due)))
		got := false
		for _, v := range coherence.CheckWorld("d", map[string]*atom.Server{"zoho_books": srv}, state.NewWorld(time.Date(2026, 3, 20, 9, 0, 0, 0, time.UTC), inv)) {
			got = got || v.Field == "due_date"
		}
		if got != want {
			t.Errorf("overdue invoice due %s: violation on due_date %v, want %v", due, got, want)
		}
	}
}
