package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestWherebySessionHeld: a Whereby recording and a participant are of a
// meeting that has started, dated after its start and before the clock
// (the built-in atom's since and past_when rules of one field); a
// recording is named for its meeting (agrees) and a transcription is of a
// ready recording (refers_to). A meeting still ahead with a recording and
// a participant, a recording named for another meeting and a
// transcription of a failed recording are violations.
func TestWherebySessionHeld(t *testing.T) {
	ss := map[string]*atom.Server{"whereby": builtinServer(t, "whereby")}
	for _, c := range []struct {
		start, name, state string
		field, coll        string
		want               int
	}{
		{"2026-03-02T15:00:00Z", "Kickoff with Summit Health", "ready", "", "", 0},
		{"2026-03-20T15:00:00Z", "Kickoff with Summit Health", "ready", "startDate", "whereby.recordings", 2},
		{"2026-03-20T15:00:00Z", "Kickoff with Summit Health", "ready", "joinedAt", "whereby.participants", 2},
		{"2026-03-02T15:00:00Z", "Pricing workshop with Summit Health", "ready", "roomName", "whereby.recordings", 1},
		{"2026-03-02T15:00:00Z", "Kickoff with Summit Health", "failed", "recordingId", "whereby.transcriptions", 1},
	} {
		at, _ := time.Parse(time.RFC3339, c.start)
		stamp := func(d time.Duration) string { return at.Add(d).Format(time.RFC3339) }
		m := state.Record{"meetingId": "112095", "roomNamePrefix": "Kickoff with Summit Health", "startDate": c.start, "endDate": stamp(time.Hour)}
		r := state.Record{"recordingId": "rec-1", "meetingId": "112095", "roomName": c.name, "startDate": stamp(10 * time.Minute), "endDate": stamp(30 * time.Minute), "state": c.state}
		p := state.Record{"id": "p-1", "meetingId": "112095", "displayName": "Quinn Tanaka", "joinedAt": stamp(time.Minute), "leftAt": stamp(40 * time.Minute)}
		tr := state.Record{"transcriptionId": "tr-1", "recordingId": "rec-1", "state": "in_progress"}
		w := state.NewWorld(time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC),
			state.NewCollection("whereby.meetings", "meetingId", []state.Record{m}),
			state.NewCollection("whereby.recordings", "recordingId", []state.Record{r}),
			state.NewCollection("whereby.participants", "id", []state.Record{p}),
			state.NewCollection("whereby.transcriptions", "transcriptionId", []state.Record{tr}))
		vs := CheckWorld("d", ss, w)
		if c.want == 0 && len(vs) > 0 {
			t.Errorf("meeting at %s: %v, want none", c.start, vs)
		}
		if c.want > 0 && countOn(vs, c.coll, c.field) < 1 {
			t.Errorf("meeting at %s, recording %q %s: no violation on %s.%s (%v)", c.start, c.name, c.state, c.coll, c.field, vs)
		}
	}
}

// TestUpdatesUpToTheResolution: a Statuspage update that does not close
// its incident is posted no later than the incident's resolved_at (the
// built-in atom's within rule of four fields); the update that resolves
// it may come at or after it.
func TestUpdatesUpToTheResolution(t *testing.T) {
	ss := map[string]*atom.Server{"statuspage": builtinServer(t, "statuspage")}
	for _, c := range []struct {
		status, at string
		want       int
	}{
		{"monitoring", "2026-03-03T10:00:00Z", 0},
		{"resolved", "2026-03-03T12:00:00Z", 0},
		{"monitoring", "2026-03-04T10:00:00Z", 1},
		{"investigating", "2026-03-05T10:00:00Z", 1},
	} {
		inc := state.Record{"id": "p31zjtct2jer1", "name": "API latency", "status": "resolved", "impact": "minor", "created_at": "2026-03-03T08:00:00Z", "resolved_at": "2026-03-03T12:00:00Z"}
		u := state.Record{"id": "upd1", "incident_id": "p31zjtct2jer1", "status": c.status, "body": "We are looking into it.", "created_at": c.at}
		w := state.NewWorld(time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC),
			state.NewCollection("statuspage.incidents", "id", []state.Record{inc}),
			state.NewCollection("statuspage.incident_updates", "id", []state.Record{u}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "statuspage.incident_updates", "created_at"); got != c.want {
			t.Errorf("%s update at %s: %d violations on created_at, want %d (%v)", c.status, c.at, got, c.want, vs)
		}
	}
}
