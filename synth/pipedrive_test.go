package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestNotesOfOneOrganization synthesises Pipedrive: a note or an activity
// is filed under the organization of the person and of the deal it is on,
// so its person and its deal are of one organization.
func TestNotesOfOneOrganization(t *testing.T) {
	notes := 0
	for seed := int64(61); seed < 64; seed++ {
		c, _ := readWorld(t, seed, "pipedrive", "statuspage")
		for _, d := range c.Data {
			orgOf := map[string]string{}
			for _, coll := range []string{"persons", "deals"} {
				for _, r := range d.Records["pipedrive"][coll] {
					orgOf[coll+"/"+state.Text(r["id"])] = state.Text(r["org_id"])
				}
			}
			for _, n := range append(slices.Clone(d.Records["pipedrive"]["notes"]), d.Records["pipedrive"]["activities"]...) {
				org := state.Text(n["org_id"])
				for _, ref := range []string{"persons/" + state.Text(n["person_id"]), "deals/" + state.Text(n["deal_id"])} {
					if o := orgOf[ref]; o != "" && o != org && (org != "" || orgOf["persons/"+state.Text(n["person_id"])] != "") {
						t.Errorf("%s: %v under %q, on %s of %s", d.ID, n["id"], org, ref, o)
					}
				}
				notes++
			}
		}
	}
	if notes < 5 {
		t.Errorf("drawn %d notes; want more", notes)
	}
}

// TestLostReasonsNameTheDealsPerson synthesises Pipedrive: a deal's lost
// reason names no person but the one the deal is linked to (person_id,
// declared subject).
func TestLostReasonsNameTheDealsPerson(t *testing.T) {
	if named := subjectTexts(t, []string{"pipedrive", "statuspage"}, "deals", "lost_reason", "person_id", "persons"); named < 3 {
		t.Errorf("%d lost reasons name a person; want more", named)
	}
}

// TestTextsOfTheirPartysCompany synthesises Zendesk and Pipedrive: a
// ticket's text says it was raised by its requester and speaks of the
// requester's company (requester_id declared raiser, agrees by company),
// a note speaks of its organization (agrees by company), and a lost
// reason names no other person of the world by a first name alone.
func TestTextsOfTheirPartysCompany(t *testing.T) {
	bad, worlds := 0, 0
	for seed := int64(61); seed < 64; seed++ {
		c, servers := readWorld(t, seed, "zendesk", "pipedrive")
		for _, d := range c.Data {
			worlds++
			bad += reportViolations(t, d, servers, bad, coherence.RuleFields, coherence.RuleInvariant)
		}
	}
	if worlds < 3 || bad > 0 {
		t.Errorf("%d violations in %d worlds", bad, worlds)
	}
}
