package ground

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A field left empty is named by its word denied (the sixteenth batch's
// twilio_sms_hiver_unassigned_returns_count): the open conversations
// with "nobody assigned", the "unassigned" ones or those "without an
// assignee" are those whose assignee holds nothing; a text that only
// names the field, or denies another word, qualifies none.
func TestDeriveCountOfRecordsWithAFieldLeftEmpty(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveCount}, {Op: atom.DeriveSum}}
	convs := `[{"subject":"Return tent","status":"open","assignee_id":null},{"subject":"Return boots","status":"open","assignee_id":null},
		{"subject":"Return stove","status":"open","assignee_id":"u1"},{"subject":"Return jacket","status":"closed","assignee_id":null},
		{"subject":"Return poles","status":"pending","assignee_id":null},{"subject":"Return mat","status":"open","assignee_id":null},
		{"subject":"Return lamp","status":"open","assignee_id":"u2"},{"subject":"Return stakes","status":"open","assignee_id":null},
		{"subject":"Return fly","status":"pending","assignee_id":null}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Text how many open conversations have nobody assigned.", "4", true},
		{"Text how many open conversations are unassigned.", "4", true},
		{"Text how many open conversations are still without an assignee.", "4", true},
		{"Text how many conversations are unassigned.", "7", true},
		{"Text how many open conversations each assignee has.", "4", false},
		{"Text how many open conversations are not resolved.", "4", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("records", convs)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
