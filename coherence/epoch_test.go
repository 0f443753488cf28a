package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestEpochTimes: the built-in Quip atom keeps its times as whole
// microseconds since the epoch, as Quip's API gives them; an ISO date
// there is of the wrong type, and milliseconds, seconds or a day of the
// month are no time in microseconds.
func TestEpochTimes(t *testing.T) {
	e, err := testlib.Builtin(t).Get(atom.KindServer, atom.Pin{ID: "quip"})
	if err != nil {
		t.Fatal(err)
	}
	ss := map[string]*atom.Server{"quip": e.MustServer()}
	at := time.Date(2026, 5, 3, 16, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		v    any
		rule string // the rule a violation of created_usec names; "" for none
	}{
		{"microseconds", float64(at.UnixMicro()), ""},
		{"an ISO date", "2026-05-03T16:00:00Z", RuleType},
		{"milliseconds", float64(at.UnixMilli()), RuleFormat},
		{"seconds", float64(at.Unix()), RuleFormat},
		{"a day of the month", float64(15), RuleFormat},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := state.NewCollection("quip.messages", "id", []state.Record{{"id": "TfAm10001", "thread_id": "TfA10001", "author_id": "u1", "text": "Looks right to me.", "created_usec": c.v}})
			threads := state.NewCollection("quip.threads", "id", []state.Record{{"id": "TfA10001", "title": "Renewal plan", "updated_usec": float64(at.UnixMicro())}})
			var got []string
			for _, v := range CheckWorld("d", ss, state.NewWorld(at.Add(time.Hour), msgs, threads)) {
				if v.Field == "created_usec" || v.Field == "updated_usec" {
					got = append(got, v.Rule)
					if v.Rule != c.rule || v.Field != "created_usec" {
						t.Errorf("unexpected: %s", v)
					}
				}
			}
			if c.rule != "" && len(got) == 0 {
				t.Errorf("no %s violation of created_usec %v", c.rule, c.v)
			}
		})
	}
}
