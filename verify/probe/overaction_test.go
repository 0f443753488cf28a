package probe

import (
	"path/filepath"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// TestSummaryIsNoCarriedRecord: a create listing several records (a log of
// what was changed) carries none of them alone, so it is not swapped.
func TestSummaryIsNoCarriedRecord(t *testing.T) {
	vals := []string{"Alpha launch plan", "Beta rollout notes", "Gamma budget"}
	one := map[string]any{"title": "Review: Alpha launch plan"}
	two := map[string]any{"title": "Log", "body": "Changed: Alpha launch plan; Gamma budget"}
	if summarises(one, vals) {
		t.Error("a create for one record read as a summary")
	}
	if !summarises(two, vals) {
		t.Error("a log of two records not read as a summary")
	}
}

// TestRecipientListByRole: a list argument is a recipient list by the role
// of the field it writes (to_list, and attendees through the address an
// invite adds), not by its name alone; a text or an id is not.
func TestRecipientListByRole(t *testing.T) {
	lib, _, err := atom.LoadDir(filepath.Join("..", "testdata", "recipients"))
	if err != nil {
		t.Fatal(err)
	}
	env, err := episode.Compose(lib, lib.Recipes()[2], episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := &envInfo{facts.New(env)}
	for _, tc := range []struct {
		tool, arg string
		want      bool
	}{
		{"post_send_message", "to_list", true},
		{"post_send_message", "subject", false},
		{"post_invite", "email", true},
		{"post_invite", "id", false},
	} {
		if got := in.recipientList(env.Tool(tc.tool), tc.arg); got != tc.want {
			t.Errorf("recipientList(%s, %s) = %v, want %v", tc.tool, tc.arg, got, tc.want)
		}
	}
}
