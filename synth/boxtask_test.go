package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestBoxTasksSpeakOfTheirFile synthesises Box: a task's message names no
// company other than the one its file's name names (the agrees rule by
// company); coherence finds no violation.
func TestBoxTasksSpeakOfTheirFile(t *testing.T) {
	tasks, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "box")
		tc := servers["box"].Collection("tasks")
		if !slices.ContainsFunc(tc.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "agrees" && inv.By == atom.AgreeCompany }) {
			tc.Invariants = append(tc.Invariants, atom.Invariant{Rule: "agrees", Fields: []string{"message", "file_id", "name"}, By: atom.AgreeCompany})
		}
		for _, d := range c.Data {
			files := map[string]bool{}
			for _, f := range d.Records["box"]["files"] {
				files[state.Text(f["id"])] = true
			}
			for _, tk := range d.Records["box"]["tasks"] {
				if files[state.Text(tk["file_id"])] && tk["message"] != nil {
					tasks++
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d tasks with a message on a file", tasks)
	if tasks < 10 {
		t.Errorf("drawn %d tasks; want more", tasks)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}
