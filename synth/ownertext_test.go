package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestOwnerTextNamesTheOwner synthesises apps whose records have an
// owner or assignee beside a text (Asana's tasks, Jira's issues,
// Pipedrive's deals, HubSpot's deals): no text names another person as
// the owner than the owner field holds.
func TestOwnerTextNamesTheOwner(t *testing.T) {
	bad, owned := textViolations(t, "as owner", func(s string) int { return len(coherence.OwnerNamed(s)) },
		"asana", "jira", "pipedrive", "hubspot", "confluence", "salesforce")
	t.Logf("%d texts name an owner", owned)
	if owned < 20 || bad > 0 {
		t.Errorf("%d texts name another owner than the owner field, among %d that name one", bad, owned)
	}
}

// TestHostTextNamesAHost synthesises apps whose records have hosts beside
// a text (Calendly's scheduled events, Zoom's and Webex's meetings): no
// text says the record is hosted by a person none of its host fields hold.
func TestHostTextNamesAHost(t *testing.T) {
	bad, hosted := textViolations(t, "as host", func(s string) int { return len(coherence.HostNamed(s)) }, "calendly", "zoom", "webex")
	t.Logf("%d texts name a host", hosted)
	if hosted < 5 || bad > 0 {
		t.Errorf("%d texts name another host than the host fields hold, among %d that name one", bad, hosted)
	}
}

// textViolations synthesises apps (seed 27) and counts the field
// violations whose message holds words, reporting the first five, and
// the people the world's texts name as count reads them.
func textViolations(t *testing.T, words string, count func(string) int, apps ...string) (bad, named int) {
	c, servers := readWorld(t, 27, apps...)
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
				for _, r := range recs {
					for _, v := range r {
						if s, ok := v.(string); ok {
							named += count(s)
						}
					}
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleFields && strings.Contains(v.Message, words) {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	return bad, named
}

// TestRaiserTextNamesTheRaiser synthesises Zoho Desk, whose ticket is
// raised by its contact (contact_id, declared raiser): no text says it
// was raised, asked or reported by another person than the contact.
func TestRaiserTextNamesTheRaiser(t *testing.T) {
	bad, raised := textViolations(t, "as the one who raised it", func(s string) int { return len(coherence.RaiserNamed(s)) }, "zoho_desk", "github", "box")
	t.Logf("%d texts name who raised their record", raised)
	if raised < 5 || bad > 0 {
		t.Errorf("%d texts name another than the raiser field holds as who raised the record, among %d that name one", bad, raised)
	}
}

// TestApplicationTextNamesItsCandidate synthesises Ashby, whose
// application is its candidate's (candidateId, declared subject): no
// archive reason names another person than the candidate.
func TestApplicationTextNamesItsCandidate(t *testing.T) {
	if named := subjectTexts(t, []string{"ashby", "fastmail"}, "applications", "archiveReason", "candidateId", "candidates"); named < 3 {
		t.Errorf("%d archive reasons name a person; want more", named)
	}
}

// subjectTexts synthesises apps (seeds 61 to 65) and reports each person
// the text field of the first app's collection coll names who is not the
// one its subject reference names (a record of people, by its name); it
// gives how many people those texts name.
func subjectTexts(t *testing.T, apps []string, coll, text, ref, people string) (named int) {
	for seed := int64(61); seed < 66; seed++ {
		c, _ := readWorld(t, seed, apps...)
		for _, d := range c.Data {
			name := map[string]string{}
			for _, p := range d.Records[apps[0]][people] {
				name[state.Text(p["id"])] = state.Text(p["name"])
			}
			for _, r := range d.Records[apps[0]][coll] {
				who := name[state.Text(r[ref])]
				for _, n := range coherence.SubjectNamed(state.Text(r[text])) {
					if named++; who != "" && !coherence.SameParty(n.Name, who) {
						t.Errorf("%s: %v of %s reads %q", d.ID, r["id"], who, r[text])
					}
				}
			}
		}
	}
	return named
}
