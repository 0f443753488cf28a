package coherence

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// leadAds is an ads product whose leads are collected by an ad and owned
// by a user, and whose expense reports hold expenses.
func leadAds() *atom.Server {
	date := atom.Field{Type: "string", Format: "date-time", Role: atom.RoleDate}
	return &atom.Server{Kind: atom.KindServer, ID: "ads", Collections: []atom.Collection{
		{Name: "ads", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}, "created_time": date}},
		{Name: "users", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}, "created_at": date}},
		{Name: "leads", Fields: map[string]atom.Field{
			"ad_id": {Type: "string", Role: atom.RoleRef, Ref: "ads"}, "owner_id": {Type: "string", Role: atom.RoleRef, Ref: "users"},
			"created_time": date,
		}},
		{Name: "reports", Fields: map[string]atom.Field{
			"status":    {Type: "string", Enum: []any{"OPEN", "SUBMITTED"}, Role: atom.RoleStatus},
			"submitted": date,
		}},
		{Name: "expenses", Fields: map[string]atom.Field{"reportID": {Type: "string", Role: atom.RoleRef, Ref: "reports"}, "created": date}},
	}}
}

// TestLeadNotBeforeItsAd: a record collected by or written on another (a
// lead on its ad) is not older than it, though its collection is named
// for no part; a reference to a party (a lead's owner, a user made since)
// says nothing of the order, nor does a date named for one of the
// referenced record's states (an expense is made before its report is
// submitted).
func TestLeadNotBeforeItsAd(t *testing.T) {
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("ads.ads", "id", []state.Record{{"id": "a1", "name": "Spring promo", "created_time": "2026-03-01T10:00:00Z"}}),
		state.NewCollection("ads.users", "id", []state.Record{{"id": "u1", "name": "Ana Ruiz", "created_at": "2026-04-01T10:00:00Z"}}),
		state.NewCollection("ads.leads", "id", []state.Record{
			{"id": "l1", "ad_id": "a1", "owner_id": "u1", "created_time": "2026-02-15T17:00:00Z"},
			{"id": "l2", "ad_id": "a1", "owner_id": "u1", "created_time": "2026-03-15T17:00:00Z"},
		}),
		state.NewCollection("ads.reports", "id", []state.Record{{"id": "r1", "status": "SUBMITTED", "submitted": "2026-03-10T10:00:00Z"}}),
		state.NewCollection("ads.expenses", "id", []state.Record{{"id": "e1", "reportID": "r1", "created": "2026-03-02T10:00:00Z"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"ads": leadAds()}, w) {
		if v.Rule == RuleLifecycle {
			got = append(got, v.Collection+"["+v.Key+"]")
		}
	}
	if strings.Join(got, ",") != "ads.leads[l1]" {
		t.Errorf("lifecycle violations at %v, want the lead older than its ad only", got)
	}
}

// TestStateAgreesWithTheClock: a state that says an event has happened
// (a started meeting, a delivered message, an expired store) is not
// beside its date still ahead, nor one that says it has not (a pending
// send) beside its date gone by; each is mended to the clock's side, and
// a started meeting keeps an end after the clock.
func TestStateAgreesWithTheClock(t *testing.T) {
	date := atom.Field{Type: "string", Format: "date-time", Role: atom.RoleDate}
	status := atom.Field{Type: "string", Enum: []any{"waiting", "started", "delivered", "pending", "expired", "active"}, Role: atom.RoleStatus}
	s := &atom.Server{Kind: atom.KindServer, ID: "x", Collections: []atom.Collection{
		{Name: "meetings", Fields: map[string]atom.Field{"status": status, "start_time": date, "end_time": date}},
		{Name: "messages", Fields: map[string]atom.Field{"status": status, "scheduledDatetime": date}},
		{Name: "vector_stores", Fields: map[string]atom.Field{"status": status, "created_at": date, "expires_at": date}},
		{Name: "watches", Fields: map[string]atom.Field{"state": {Type: "string", Enum: []any{"ACTIVE", "SUSPENDED"}, Role: atom.RoleStatus}, "expireTime": date}},
	}}
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		coll string
		rec  map[string]any
		want string // the fields mended, each before (<) or after (>) now
	}{
		{"meetings", map[string]any{"status": "started", "start_time": "2026-05-03T10:00:00Z", "end_time": "2026-05-03T11:00:00Z"}, "end_time>,start_time<"},
		{"meetings", map[string]any{"status": "waiting", "start_time": "2026-05-03T10:00:00Z"}, ""},
		{"messages", map[string]any{"status": "delivered", "scheduledDatetime": "2026-05-08T10:00:00Z"}, "scheduledDatetime<"},
		{"messages", map[string]any{"status": "pending", "scheduledDatetime": "2026-04-08T10:00:00Z"}, "scheduledDatetime>"},
		{"vector_stores", map[string]any{"status": "expired", "created_at": "2026-03-01T10:00:00Z", "expires_at": "2026-06-01T10:00:00Z"}, "expires_at<"},
		{"vector_stores", map[string]any{"status": "active", "created_at": "2026-03-01T10:00:00Z", "expires_at": "2026-06-01T10:00:00Z"}, ""},
		// An active watch whose expireTime is gone by (Google Forms).
		{"watches", map[string]any{"state": "ACTIVE", "expireTime": "2026-04-02T17:30:00Z"}, "expireTime>"},
	}
	for _, tc := range cases {
		var got []string
		for _, d := range ShapeOf(s, s.Collection(tc.coll)).Untimely(tc.rec, now) {
			w, _ := atom.Time(d.Want)
			side := ">"
			if w.Before(now) {
				side = "<"
			}
			got = append(got, d.Field+side)
		}
		slices.Sort(got)
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s %v: mended %v, want %q", tc.coll, tc.rec, got, tc.want)
		}
	}
}

// TestReceivedNotBeforeSent: a message reaches its recipient after it
// leaves its sender (Outlook's receivedDateTime, DocuSign's delivered
// date after its sent one).
func TestReceivedNotBeforeSent(t *testing.T) {
	date := atom.Field{Type: "string", Format: "date-time", Role: atom.RoleDate}
	s := &atom.Server{Kind: atom.KindServer, ID: "mail", Collections: []atom.Collection{
		{Name: "messages", Fields: map[string]atom.Field{"sentDateTime": date, "receivedDateTime": date}},
	}}
	sh := ShapeOf(s, &s.Collections[0])
	bad := map[string]any{"sentDateTime": "2026-04-19T15:00:00Z", "receivedDateTime": "2026-04-14T09:00:00Z"}
	ds := sh.Contradictions(bad)
	if len(ds) != 1 || ds[0].Field != "receivedDateTime" || ds[0].Want != "2026-04-19T15:01:00Z" {
		t.Errorf("received before sent: %v, want receivedDateTime mended to a minute after it was sent", ds)
	}
	if ds := sh.Contradictions(map[string]any{"sentDateTime": "2026-04-19T15:00:00Z", "receivedDateTime": "2026-04-19T15:00:30Z"}); len(ds) != 0 {
		t.Errorf("received after sent, yet %v", ds)
	}
}

// TestNoActivityBeforeStart: a campaign that starts next week has no
// impressions, clicks or spend yet; each is mended to zero, or else its
// start moves into the past. A running one keeps them.
func TestNoActivityBeforeStart(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "ads", Collections: []atom.Collection{{Name: "campaigns", Fields: map[string]atom.Field{
		"start_date":   {Type: "string", Format: "date", Role: atom.RoleDate},
		"end_date":     {Type: "string", Format: "date", Role: atom.RoleDate},
		"impressions":  {Type: "integer", Role: atom.RoleCount},
		"spend":        {Type: "number", Role: atom.RoleMoney},
		"ctr":          {Type: "number", Role: atom.RoleCount},
		"daily_budget": {Type: "number", Role: atom.RoleMoney},
	}}}}
	sh := ShapeOf(s, &s.Collections[0])
	now := time.Date(2026, 4, 13, 9, 30, 0, 0, time.UTC)
	ahead := map[string]any{"start_date": "2026-04-20", "end_date": "2026-05-23", "impressions": 50, "spend": 2016.14, "ctr": 10.0, "daily_budget": 80.0}
	ds := sh.Untimely(ahead, now)
	got := map[string]any{}
	for _, d := range ds {
		got[d.Field] = d.Want
		if d.Or == nil || d.Or.Field != "start_date" || d.Or.Want != "2026-04-06" {
			t.Errorf("%s: the other side %+v, want start_date 2026-04-06", d.Field, d.Or)
		}
	}
	if len(ds) != 3 || got["impressions"] != 0 || got["spend"] != 0.0 || got["ctr"] != 0.0 {
		t.Errorf("a campaign ahead of its start: %+v, want impressions, spend and click-through rate mended to zero, the budget kept", ds)
	}
	running := map[string]any{"start_date": "2026-04-01", "end_date": "2026-05-23", "impressions": 50, "spend": 2016.14}
	if ds := sh.Untimely(running, now); len(ds) != 0 {
		t.Errorf("a running campaign: %+v", ds)
	}
}

// TestFiledNotWrittenOn: a message is filed in a mail folder, not written
// on it, so the folder is none of the records the message is on (its
// text need not speak of it, nor its date follow it); a lead is on its
// ad.
func TestFiledNotWrittenOn(t *testing.T) {
	date := atom.Field{Type: "string", Format: "date-time", Role: atom.RoleDate}
	s := &atom.Server{Kind: atom.KindServer, ID: "mail", Collections: []atom.Collection{
		{Name: "mail_folders", Fields: map[string]atom.Field{"displayName": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "messages", Fields: map[string]atom.Field{
			"parentFolderId": {Type: "string", Role: atom.RoleRef, Ref: "mail_folders"}, "subject": {Type: "string", Role: atom.RoleTitle}, "sentDateTime": date,
		}},
	}}
	shapeOf := func(c string) *Shape { return ShapeOf(s, s.Collection(c)) }
	if on := ShapeOf(s, s.Collection("messages")).OnRefs(shapeOf); len(on) != 0 {
		t.Errorf("a message is on %v", on)
	}
	ads := leadAds()
	if on := ShapeOf(ads, ads.Collection("leads")).OnRefs(func(c string) *Shape { return ShapeOf(ads, ads.Collection(c)) }); on["ad_id"] != "ads" {
		t.Errorf("a lead is on %v, not its ad", on)
	}
}
