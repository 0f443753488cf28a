package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestLinesNamedForTheirFunction: the RingCentral extensions synthesised
// that are not a user's (departments, announcements, voicemail) are named
// for what they serve and hold no one's address; a user extension is a
// person's; the worlds break no rule of their extensions.
func TestLinesNamedForTheirFunction(t *testing.T) {
	c, servers := readWorld(t, 27, "ringcentral")
	lines, users := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			if v.Collection == "ringcentral.extensions" {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
		}
		for _, r := range d.Records["ringcentral"]["extensions"] {
			name := state.Text(r["name"])
			if r["type"] == "User" {
				users++
				continue
			}
			lines++
			if !coherence.FitsRole("department", name) || r["email"] != nil || name != "" && gen.IsFirstName(name) {
				t.Errorf("%s: %v extension %q holds %v", d.ID, r["type"], name, r["email"])
			}
		}
	}
	t.Logf("%d department, announcement and voicemail extensions, %d users", lines, users)
	if lines < 5 || users < 5 {
		t.Errorf("only %d extensions of a line and %d of a user drawn", lines, users)
	}
}

// TestLeaveOfAnEmployee: a Rippling leave request is an employee's: its
// role_id names an employee of the world (a reference coherence checks),
// and synthesis draws every one so.
func TestLeaveOfAnEmployee(t *testing.T) {
	c, servers := readWorld(t, 27, "rippling")
	leaves := 0
	for _, d := range c.Data {
		employees := map[string]bool{}
		for _, e := range d.Records["rippling"]["employees"] {
			employees[state.Text(e["id"])] = true
		}
		for _, l := range d.Records["rippling"]["leave_requests"] {
			if leaves++; !employees[state.Text(l["role_id"])] {
				t.Errorf("%s: leave request %v of role %v, no employee", d.ID, l["id"], l["role_id"])
			}
		}
		if len(d.Records["rippling"]["leave_requests"]) > 0 {
			d.Records["rippling"]["leave_requests"][0]["role_id"] = "2663QwGVs"
			if len(violationsOf(d, servers, coherence.RuleRef, "2663QwGVs")) == 0 {
				t.Errorf("%s: a leave request of role 2663QwGVs, no employee, is no violation", d.ID)
			}
		}
	}
	if leaves < 5 {
		t.Errorf("only %d leave requests drawn", leaves)
	}
}

// TestChiefOfficersInTheirDepartment: a Rippling company has at most one
// CFO and one CTO, the CFO in Finance and the CTO in Engineering; a chief
// drawn elsewhere moves to the department they lead, and a second one
// holds another title. Coherence finds a second CTO, and a CFO in Support.
func TestChiefOfficersInTheirDepartment(t *testing.T) {
	c, servers := readWorld(t, 27, "rippling")
	home := map[string]string{"CFO": "Finance", "CTO": "Engineering"}
	chiefs := 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
		}
		held := map[string]int{}
		es := d.Records["rippling"]["employees"]
		for _, e := range es {
			title := state.Text(e["title"])
			if dep, ok := home[title]; ok {
				chiefs++
				if held[title]++; held[title] > 1 || e["department"] != dep {
					t.Errorf("%s: %s %v in %v, holder %d of the title", d.ID, title, e["id"], e["department"], held[title])
				}
			}
		}
		if len(es) > 1 {
			es[0]["title"], es[0]["department"] = "CTO", "Engineering"
			es[1]["title"], es[1]["department"] = "CTO", "Engineering"
			if len(violationsOf(d, servers, coherence.RuleInvariant, "CTO")) == 0 {
				t.Errorf("%s: two CTOs are no violation", d.ID)
			}
			es[1]["title"], es[1]["department"] = "CFO", "Support"
			if !slices.ContainsFunc(violationsOf(d, servers, "", ""), func(v coherence.Violation) bool { return v.Key == es[1]["id"] && v.Field == "title" }) {
				t.Errorf("%s: a CFO in Support is no violation", d.ID)
			}
		}
	}
	if chiefs < 2 {
		t.Errorf("only %d chief officers drawn", chiefs)
	}
}
