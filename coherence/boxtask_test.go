package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestBoxTaskOfItsFilesCompany: a Box task's message names the company its
// file's name names, where both name one (the built-in atom's agrees rule
// by company); a task on Blue Harbor Inc's plan asking about Hooli Health
// is a violation on message.
func TestBoxTaskOfItsFilesCompany(t *testing.T) {
	ss := map[string]*atom.Server{"box": builtinServer(t, "box")}
	for _, c := range []struct {
		message string
		want    int
	}{
		{"Confirm the Blue Harbor Inc kickoff date.", 0},
		{"Confirm the kickoff date.", 0},
		{"Confirm the Hooli Health kickoff date.", 1},
	} {
		f := state.Record{"id": "129052618", "name": "Blue Harbor Inc launch plan 2", "type": "file"}
		tk := state.Record{"id": "529066858", "file_id": "129052618", "action": "review", "message": c.message}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("box.files", "id", []state.Record{f}),
			state.NewCollection("box.tasks", "id", []state.Record{tk}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "box.tasks", "message"); got != c.want {
			t.Errorf("%q: %d violations on message, want %d (%v)", c.message, got, c.want, vs)
		}
	}
}
