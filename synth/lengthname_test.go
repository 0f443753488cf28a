package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEventTypesNamedForTheirLength synthesises Calendly and Cal.com
// worlds: an event type whose name states a length lasts it.
func TestEventTypesNamedForTheirLength(t *testing.T) {
	named := 0
	for _, c := range []struct{ app, name, dur string }{{"calendly", "name", "duration"}, {"cal_com", "title", "length"}} {
		for seed := int64(1); seed <= 4; seed++ {
			w, _ := readWorld(t, seed, c.app, "slack")
			for _, d := range w.Data {
				for _, r := range d.Records[c.app]["event_types"] {
					n, ok := atom.NamedMinutes(state.Text(r[c.name]))
					x, has := state.Number(r[c.dur])
					if !ok || !has {
						continue
					}
					named++
					if float64(n) != x {
						t.Errorf("%s: %s event type %q lasts %v", d.ID, c.app, r[c.name], x)
					}
				}
			}
		}
	}
	t.Logf("%d event types named for a length", named)
	if named == 0 {
		t.Errorf("no event type named for a length drawn")
	}
}
