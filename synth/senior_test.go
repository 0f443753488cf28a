package synth

import (
	"regexp"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestChiefsReportToNoOneBelowThem: in drawn Rippling worlds no
// employee's manager holds a less senior title than theirs (a CTO under
// a procurement specialist), and no chief's title is numbered for a
// second holder ("CFO 2"); coherence finds none of either.
func TestChiefsReportToNoOneBelowThem(t *testing.T) {
	numbered := regexp.MustCompile(`^C[A-Z]O [0-9]+$`)
	managed, chiefs := 0, 0
	for _, seed := range []int64{27, 59} {
		c, servers := readWorld(t, seed, "rippling")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
			es := d.Records["rippling"]["employees"]
			byID := map[string]map[string]any{}
			for _, e := range es {
				byID[state.Text(e["id"])] = e
			}
			for _, e := range es {
				title := state.Text(e["title"])
				if numbered.MatchString(title) {
					t.Errorf("%s: employee %v holds the numbered title %q", d.ID, e["id"], title)
				}
				if atom.TitleRank(title) == 3 {
					chiefs++
				}
				m := byID[state.Text(e["manager_id"])]
				if m == nil {
					continue
				}
				managed++
				if atom.TitleRank(state.Text(m["title"])) < atom.TitleRank(title) {
					t.Errorf("%s: %s %v reports to %s %v", d.ID, title, e["id"], m["title"], m["id"])
				}
			}
		}
	}
	t.Logf("%d employees with a manager, %d chiefs", managed, chiefs)
	if managed == 0 || chiefs == 0 {
		t.Errorf("drawn: %d employees with a manager, %d chiefs; want some of each", managed, chiefs)
	}
}
