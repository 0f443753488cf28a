package synth

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestMeetingLengthsAsBooked synthesises the apps whose meetings keep a
// length in minutes (unit minutes): every length drawn is one a meeting
// is booked for (a quarter hour to two hours), within the field's
// bounds, never a count of two or four minutes. Coherence finds no
// violation over these worlds.
func TestMeetingLengthsAsBooked(t *testing.T) {
	apps := []string{"calendly", "zoom", "acuity_scheduling", "lever"}
	lengths, bad := 0, 0
	for seed := int64(60); seed < 64; seed++ {
		c, servers := readWorld(t, seed, apps...)
		for _, d := range c.Data {
			for app, byName := range d.Records {
				for name, recs := range byName {
					for fname, f := range servers[app].Collection(name).Fields {
						if f.Unit != atom.UnitMinutes {
							continue
						}
						for _, r := range recs {
							x, ok := state.Number(r[fname])
							if !ok {
								continue
							}
							if lengths++; !slices.Contains(atom.MeetingMinutes(), x) || !f.Within(x) {
								if bad++; bad <= 10 {
									t.Errorf("%s: %s.%s %v minutes", d.ID, app, name, x)
								}
							}
						}
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d lengths in minutes", lengths)
	if lengths < 20 {
		t.Errorf("drawn %d lengths in minutes; want more", lengths)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}

// TestRecordingsOfMeetingsHeld synthesises Zoom: a cloud recording is of
// a meeting started or ended, began once the meeting had started, and
// before the clock.
func TestRecordingsOfMeetingsHeld(t *testing.T) {
	recordings, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "zoom")
		for _, d := range c.Data {
			clock, _ := time.Parse(time.RFC3339, d.Clock)
			meetings := map[string]map[string]any{}
			for _, m := range d.Records["zoom"]["meetings"] {
				meetings[state.Text(m["id"])] = m
			}
			for _, r := range d.Records["zoom"]["recordings"] {
				m, ok := meetings[state.Text(r["meeting_id"])]
				if !ok {
					continue
				}
				recordings++
				began, bok := atom.Time(r["recording_start"])
				start, sok := atom.Time(m["start_time"])
				held := m["status"] == "started" || m["status"] == "ended"
				if !held || (bok && !began.Before(clock)) || (bok && sok && began.Before(start)) {
					if bad++; bad <= 10 {
						t.Errorf("%s: recording %v begun %v of meeting %v %v starting %v (clock %v)", d.ID, r["id"], r["recording_start"], m["id"], m["status"], m["start_time"], d.Clock)
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d recordings of a meeting", recordings)
	if recordings < 5 {
		t.Errorf("drawn %d recordings of a meeting; want more", recordings)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}

// TestParticipantsOfMeetingsHeld synthesises Zoom: a participant is of a
// meeting or webinar started or ended, never one still waiting.
func TestParticipantsOfMeetingsHeld(t *testing.T) {
	participants, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, _ := readWorld(t, seed, "zoom")
		for _, d := range c.Data {
			status := map[string]any{}
			for _, coll := range []string{"meetings", "webinars"} {
				for _, m := range d.Records["zoom"][coll] {
					status[state.Text(m["id"])] = m["status"]
				}
			}
			for _, p := range d.Records["zoom"]["participants"] {
				st, ok := status[state.Text(p["meeting_id"])]
				if !ok {
					continue
				}
				participants++
				if st != "started" && st != "ended" {
					if bad++; bad <= 10 {
						t.Errorf("%s: participant %v of meeting %v, %v", d.ID, p["id"], p["meeting_id"], st)
					}
				}
			}
		}
	}
	t.Logf("%d participants of a meeting", participants)
	if participants < 5 {
		t.Errorf("drawn %d participants of a meeting; want more", participants)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}
