package synth

import (
	"slices"
	"testing"

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
