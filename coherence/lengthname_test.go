package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEventTypeNamedForItsLength: a Calendly or Cal.com event type whose
// name states a length lasts it (derived by length in the built-in
// atoms): "30 Minute Meeting" lasting 15 is a violation on its name.
func TestEventTypeNamedForItsLength(t *testing.T) {
	for _, c := range []struct {
		app, name, dur string
	}{{"calendly", "name", "duration"}, {"cal_com", "title", "length"}} {
		ss := map[string]*atom.Server{c.app: builtinServer(t, c.app)}
		for _, k := range []struct {
			name string
			min  int
			want []string
		}{
			{"30 Minute Meeting", 30, nil},
			{"Intro call", 15, nil},
			{"30 Minute Meeting", 15, []string{c.app + ".event_types." + c.name}},
		} {
			rec := state.Record{"id": "ET1001", c.name: k.name, c.dur: k.min, "slug": atom.Slug(k.name)}
			w := state.NewWorld(time.Date(2026, 3, 25, 9, 0, 0, 0, time.UTC), state.NewCollection(c.app+".event_types", "id", []state.Record{rec}))
			var got []string
			for _, v := range CheckWorld("d", ss, w) {
				got = append(got, v.Collection+"."+v.Field)
			}
			if !slices.Equal(got, k.want) {
				t.Errorf("%s %q of %d: violations on %v, want %v", c.app, k.name, k.min, got, k.want)
			}
		}
	}
}
