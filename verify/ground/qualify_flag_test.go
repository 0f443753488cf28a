package ground

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A yes-or-no field qualifies records by its word's negation as by its
// word (the fifteenth batch's gmail_sf_outstanding_tasks_for_owner_count):
// "outstanding" or "open" tasks are those whose is_closed is false,
// "inactive" customers those whose active is false, "unverified" users
// those whose verified is false; a text naming neither qualifies none.
func TestDeriveOverAFlagNamedByItsOpposite(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveCount}, {Op: atom.DeriveSum}}
	tasks := `[{"subject":"Call Arcwell","is_closed":false},{"subject":"Quote Brisk","is_closed":true},{"subject":"Demo Corlan","is_closed":false},
		{"subject":"Follow up Dexa","is_closed":true},{"subject":"Renewal Evon","is_closed":false},{"subject":"Visit Fenn","is_closed":true},
		{"subject":"Mail Gale","is_closed":true}]`
	customers := `[{"name":"Tessel Books","active":false,"balance":420.00},{"name":"Umber Gallery","active":true,"balance":980.00},
		{"name":"Vane Records","active":false,"balance":35.50},{"name":"Wicker Deli","active":true,"balance":155.25},
		{"name":"Yarrow Theatre","active":true,"balance":610.00}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Email how many of the tasks are still outstanding.", tasks, "3", true},
		{"Email how many of the tasks are open.", tasks, "3", true},
		{"Email how many of the tasks are closed.", tasks, "4", true},
		{"Email the number of tasks, by subject.", tasks, "3", false},
		{"Email the balance our inactive customers owe.", customers, "455.50", true},
		{"Email the balance owed by customers not active any more.", customers, "455.50", true},
		{"Email the balance our active customers owe.", customers, "1,745.25", true},
		{"Email the balance our customers owe, by name.", customers, "455.50", false},
		{"Email how many of the tasks haven't been closed.", tasks, "3", true},
		{"Email how many of the tasks aren't closed yet.", tasks, "3", true},
		{"Email how many of the tasks are not yet closed.", tasks, "3", true},
		{"Email how many of the tasks haven't been closed.", tasks, "4", false},
		{"Email the balance owed by customers that are no longer active.", customers, "455.50", true},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("records", c.records)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
