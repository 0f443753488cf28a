package synth

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A field a team rule covers (a shared inbox's name and address, a Drive
// grant to a group) holds a team's name or address: a record drawn from a
// person's row gets a team's in its place, one the collection's other
// records do not hold, its name and its address the same team's.

// sharedNames are what a company calls its shared inboxes and groups.
var sharedNames = append([]string{"Support", "Sales", "Finance", "Accounts Payable", "HR", "Recruiting", "Legal",
	"Marketing", "Operations", "IT Help", "Partners", "Press", "Careers", "Leadership", "Engineering"}, teamNames...)

// teamValues gives each record a team rule covers a team's name and
// address where it holds a person's.
func (db *dataBuilder) teamValues(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if rules := cm.rulesOf("team"); len(rules) > 0 {
				db.teamRecords(rules, db.d.Records[m.app][cm.name])
			}
		}
	}
}

// rulesOf are the collection's invariants of one rule.
func (cm *collModel) rulesOf(rule string) []atom.Invariant {
	var out []atom.Invariant
	for _, inv := range cm.c.Invariants {
		if inv.Rule == rule {
			out = append(out, inv)
		}
	}
	return out
}

// teamRecords names each record of recs a team rule finds holding a
// person's value after a team the others do not hold.
func (db *dataBuilder) teamRecords(rules []atom.Invariant, recs []map[string]any) {
	taken := map[string]bool{}
	for _, rec := range recs {
		for _, inv := range rules {
			taken[teamWord(state.Text(rec[inv.Fields[0]]))] = true
		}
	}
	for _, rec := range recs {
		team := teamNamed(rules, rec)
		for _, inv := range rules {
			f := inv.Fields[0]
			v := state.Text(rec[f])
			if !inv.TeamApplies(rec) || !atom.PersonLike(v) {
				continue
			}
			if team == "" {
				team = db.freeTeam(taken)
			}
			if _, domain, isAddress := strings.Cut(v, "@"); isAddress {
				rec[f] = slugOf(team) + "@" + domain
			} else {
				rec[f] = team
			}
		}
	}
}

// freeTeam draws a shared name not taken, and takes it; once every
// name is, the first free one numbered ("Support 2").
func (db *dataBuilder) freeTeam(taken map[string]bool) string {
	start := db.val.rng.IntN(len(sharedNames))
	for n := 1; ; n++ {
		for i := range sharedNames {
			t := sharedNames[(start+i)%len(sharedNames)]
			if n > 1 {
				t = fmt.Sprintf("%s %d", t, n)
			}
			if !taken[teamWord(t)] {
				taken[teamWord(t)] = true
				return t
			}
		}
	}
}

// teamWord is what two teams' names or addresses share where they are
// the same team: the slug of the name, or the address's local part.
func teamWord(v string) string {
	local, _, _ := strings.Cut(v, "@")
	return slugOf(local)
}

// teamNamed is the team name a record's team rules already hold (a
// shared inbox named "Billing" at a person's address), or "".
func teamNamed(rules []atom.Invariant, rec map[string]any) string {
	for _, inv := range rules {
		v := state.Text(rec[inv.Fields[0]])
		if inv.TeamApplies(rec) && v != "" && !strings.Contains(v, "@") && !atom.PersonLike(v) {
			return v
		}
	}
	return ""
}
