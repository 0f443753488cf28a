package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTasksChangeWhatTheUserMayWrite synthesises Google Calendar and
// Stripe with workflows (over Slack, Zendesk and Linear too): an event a task changes is on a calendar the
// user holds as writer or owner (a reader's or a freeBusyReader's
// calendar refuses the change), no event is listed on a calendar the user
// sees only as free or busy, and a refund is of a charge that succeeded,
// one paid.
func TestTasksChangeWhatTheUserMayWrite(t *testing.T) {
	src := builtinServers(t)
	lib := atom.NewLibrary()
	for _, app := range []string{"google_calendar", "stripe", "slack", "zendesk", "linear"} {
		if _, err := lib.Put(src.ServerFor(app).MustServer(), app+".yaml", true); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Synthesize(lib, Options{Seed: 62, Variants: 2, Workflows: 12})
	if err != nil {
		t.Fatal(err)
	}
	changed, refunds := 0, 0
	for _, d := range c.Data {
		cals := map[string]string{}
		for _, r := range d.Records["google_calendar"]["calendars"] {
			cals[state.Text(r["id"])] = state.Text(r["access_role"])
		}
		for h, hd := range d.Handles {
			if hd.App != "google_calendar" || hd.Collection != "events" || !changedRole.MatchString(h) {
				continue
			}
			ev := findRec(d.Records["google_calendar"]["events"], "id", hd.Key)
			changed++
			if role := cals[state.Text(ev["calendarid"])]; role != "writer" && role != "owner" {
				t.Errorf("%s: %s changes event %s on calendar %v, access_role %q", d.ID, h, hd.Key, ev["calendarid"], role)
			}
		}
		for _, ev := range d.Records["google_calendar"]["events"] {
			if cals[state.Text(ev["calendarid"])] == "freeBusyReader" {
				t.Errorf("%s: event %v listed on calendar %v, a freeBusyReader's", d.ID, ev["id"], ev["calendarid"])
			}
		}
		charges := map[string]string{}
		for _, r := range d.Records["stripe"]["charges"] {
			charges[state.Text(r["id"])] = state.Text(r["status"])
			if r["status"] == "succeeded" && r["paid"] == false {
				t.Errorf("%s: charge %v succeeded but not paid", d.ID, r["id"])
			}
		}
		for _, r := range d.Records["stripe"]["refunds"] {
			refunds++
			if s, ok := charges[state.Text(r["charge"])]; ok && s != "succeeded" {
				t.Errorf("%s: refund %v on charge %v, %s", d.ID, r["id"], r["charge"], s)
			}
		}
	}
	if changed == 0 || refunds == 0 {
		t.Fatalf("%d events changed by tasks and %d refunds, want some of each", changed, refunds)
	}
}

// TestTemplateWritesOnWritableCalendars synthesises Google Calendar with
// Shortcut: an event a template intent writes (a hand-off's or a post's
// mark, the record its goal lets change: an unchanged assertion's
// exception by the event's slot) is on a calendar the user may write, as
// a workflow's changed event is.
func TestTemplateWritesOnWritableCalendars(t *testing.T) {
	c, _ := readWorld(t, 1, "google_calendar", "shortcut")
	written := 0
	for _, in := range c.Intents {
		for _, slot := range writtenSlots(in, "google_calendar.events") {
			h := in.Slots[slot].Handle
			for _, d := range c.Data {
				hd, ok := d.Handles[h]
				if !ok {
					continue
				}
				ev := findRec(d.Records["google_calendar"]["events"], "id", hd.Key)
				cal := findRec(d.Records["google_calendar"]["calendars"], "id", state.Text(ev["calendarid"]))
				written++
				if role := state.Text(cal["access_role"]); role != "writer" && role != "owner" {
					t.Errorf("%s on %s: writes event %s on calendar %v, access_role %q", in.ID, d.ID, hd.Key, ev["calendarid"], role)
				}
			}
		}
	}
	if written == 0 {
		t.Fatal("no event written by a template intent")
	}
}

// writtenSlots are the slots of in whose record of coll its goal lets
// change: an unchanged assertion's exception "id equals {{slot}}".
func writtenSlots(in *atom.Intent, coll string) []string {
	var out []string
	for _, a := range in.Goal {
		if a.Type != assert.Unchanged || a.Target != coll {
			continue
		}
		for _, p := range a.Except {
			if v, ok := p.Value.(string); ok && p.Field == "id" && strings.HasPrefix(v, "{{") && strings.HasSuffix(v, "}}") {
				out = append(out, strings.TrimSuffix(strings.TrimPrefix(v, "{{"), "}}"))
			}
		}
	}
	return out
}
