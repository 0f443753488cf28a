package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestManagerIsNoLessSenior: a Rippling CTO managed by a procurement
// specialist, or a vice president by a head of a team, reports to one
// below them; a CTO under the CEO, an account executive under a
// procurement specialist, or anyone with no manager, does not. A chief's
// title numbered for a second holder ("CFO 2") names no title.
func TestManagerIsNoLessSenior(t *testing.T) {
	ss := map[string]*atom.Server{"rippling": builtinServer(t, "rippling")}
	for _, c := range []struct {
		name, title, dept, boss string
		want                    int
	}{
		{"a CTO under a procurement specialist", "CTO", "Engineering", "Procurement Specialist", 1},
		{"a VP under a head", "VP of Sales", "Sales", "Head of Partnerships", 1},
		{"a CTO under the CEO", "CTO", "Engineering", "CEO", 0},
		{"staff under staff", "Account Executive", "Sales", "Procurement Specialist", 0},
		{"a head under a VP", "Head of Partnerships", "Sales", "VP of Sales", 0},
		{"a numbered chief", "CFO 2", "Finance", "CEO", 1},
		{"a title that only starts so", "CFO 2024 planning lead", "Finance", "CEO", 0},
	} {
		es := []state.Record{
			{"id": "5f0b1", "name": "Ana Ruiz", "title": c.boss, "department": "Operations", "role_state": "ACTIVE", "start_date": "2020-01-06"},
			{"id": "5f0b2", "name": "Kalani Drummond", "title": c.title, "department": c.dept, "manager_id": "5f0b1", "role_state": "ACTIVE", "start_date": "2022-03-07"},
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("rippling.employees", "id", es))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && (strings.Contains(v.Message, "less senior") || strings.Contains(v.Message, "held once")) {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}
