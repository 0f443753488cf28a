package synth

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestStatesAgreeWithTheClock: a record whose state puts a date to one
// side of the world's clock (past_when, future_when) is drawn so: no
// Brevo campaign being sent or archived is scheduled next week, no
// ACTIVE GoTo meeting ended a month ago, no ACTIVE Rippling employee
// starts next week.
func TestStatesAgreeWithTheClock(t *testing.T) {
	apps := []string{"brevo", "gotomeeting", "mailchimp", "klaviyo", "webex", "statuspage", "rippling"}
	n := 0
	eachRecord(t, 2, apps, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
		}
		for _, inv := range coll.Invariants {
			if !inv.OnClock() || !inv.Gates(map[string]any{inv.Fields[0]: rec[inv.Fields[0]]}) {
				continue
			}
			if st := state.Text(rec[inv.Fields[1]]); !slices.Contains(inv.In, st) {
				continue
			}
			n++
			at, ok := atom.Time(rec[inv.Fields[0]])
			if ok && (inv.Rule == "past_when") == at.After(clock) {
				t.Errorf("%s: %s.%s %v is %v but %s is %v at the clock %s (%s)", d.ID, app, coll.Name, rec[coll.KeyField()], rec[inv.Fields[1]], inv.Fields[0], rec[inv.Fields[0]], d.Clock, inv.Rule)
			}
		}
	})
	if n < 20 {
		t.Fatalf("only %d dated records in a state the clock decides", n)
	}
}

// TestOwnMailIsRead: mail the signed-in user wrote (sent, drafted) is
// read, in every mail app that says whether a message was read; a
// Fastmail Sent or Drafts mailbox holds no unread email; a Yahoo draft
// has no received date.
func TestOwnMailIsRead(t *testing.T) {
	apps := []string{"outlook", "gmail", "zoho_mail", "yahoo_mail", "proton_mail", "fastmail"}
	own := 0
	eachRecord(t, 2, apps, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		for _, p := range coll.RecordProblems(rec) {
			t.Errorf("%s: %s.%s %v: %s", d.ID, app, coll.Name, rec[coll.KeyField()], p.Message)
		}
		m := coll.Mailbox
		if m == nil || m.Read == "" || !m.Sender(rec) {
			return
		}
		own++
		if m.Unread(coll, rec) {
			t.Errorf("%s: %s message %v from its owner in %v is unread (%s %v)", d.ID, app, rec[coll.KeyField()], rec[m.Folder], m.Read, rec[m.Read])
		}
	})
	if own < 10 {
		t.Fatalf("only %d messages of their owners", own)
	}
}

// TestEngagementWithinReach: a post's likes, comments and shares
// together are at most the impressions they came from (a Buffer post had
// 3 likes, 11 comments and 15 shares on 21 impressions).
func TestEngagementWithinReach(t *testing.T) {
	apps := []string{"buffer", "linkedin", "twitter"}
	n := 0
	eachRecord(t, 4, apps, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		for _, inv := range coll.Invariants {
			if inv.Rule != "lte" || len(inv.Fields) < 3 {
				continue
			}
			sum, bound, ok := inv.Sum(rec)
			if !ok {
				continue
			}
			n++
			if sum > bound {
				t.Errorf("%s: %s.%s %v: %v interactions on %v %s", d.ID, app, coll.Name, rec[coll.KeyField()], sum, bound, inv.Fields[len(inv.Fields)-1])
			}
		}
	})
	if n == 0 {
		t.Fatalf("only %d posts with interactions", n)
	}
}
