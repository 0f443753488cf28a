package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestKindRefsNameRecordsByTheirField synthesises GitLab, whose notes
// name an issue or a merge request by its noteable_type and its iid
// (ref_by with ref_field): every note's iid is one a record of its kind
// holds, and no project numbers two issues or two merge requests alike
// (coherence's ref and unique rules).
func TestKindRefsNameRecordsByTheirField(t *testing.T) {
	c, servers := readWorld(t, 27, "gitlab")
	notes, bad := 0, 0
	for _, d := range c.Data {
		gl := d.Records["gitlab"]
		for _, n := range gl["notes"] {
			coll := map[string]string{"Issue": "issues", "MergeRequest": "merge_requests"}[state.Text(n["noteable_type"])]
			if n["noteable_iid"] == nil {
				continue
			}
			notes++
			found := false
			for _, r := range gl[coll] {
				found = found || state.Text(r["iid"]) == state.Text(n["noteable_iid"])
			}
			if !found {
				if bad++; bad <= 5 {
					t.Errorf("%s gitlab.notes[%v] names %v %v, which no record of %q holds", d.ID, n["id"], n["noteable_type"], n["noteable_iid"], coll)
				}
			}
		}
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef || v.Rule == coherence.RuleInvariant {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if notes < 5 || bad > 0 {
		t.Errorf("%d violations over %d notes on an issue or merge request", bad, notes)
	}
}
