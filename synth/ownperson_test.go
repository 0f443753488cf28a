package synth

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/coherence"
)

// topicOfOwnPerson reports whether a sentence of text names the person
// full as a topic beside naming them by first name ("Spoke with Rosa ...
// about Rosa Fischer"): their first name more often than their full name.
func topicOfOwnPerson(text, full string) bool {
	first, _, _ := strings.Cut(full, " ")
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(first) + `\b`)
	for _, s := range coherence.Sentences(text) {
		if strings.Contains(s, full) && len(re.FindAllString(s, -1)) > strings.Count(s, full) {
			return true
		}
	}
	return false
}

// TestTopicIsNotTheRecordsOwnPerson: on a record whose name is its own
// person (a contact, an employee), no text speaks to or of the person
// and of the person as its topic at once ("Checked with Ximena: Soylent
// LLC has no open questions on Ximena Schmidt").
func TestTopicIsNotTheRecordsOwnPerson(t *testing.T) {
	for _, kind := range []string{"", "person", "deal"} {
		facts := textFacts{"kind": kind, "first": "Rosa", "person": "Rosa Fischer", "company": "Soylent LLC", "app": "Copper",
			"name": "Rosa Fischer", "since": "3 March", "due": "14 April", "amount": "$120.00", "related": "Q3 review", "other": "Q3 review", "otherkind": "deal", "link": "Q3 review", "linkkind": "deal"}
		for _, group := range []string{"message", "description", "note", "work"} {
			for i := uint64(0); i < 300; i++ {
				if text := composeText(rand.New(rand.NewPCG(i, 23)), group, facts); topicOfOwnPerson(text, "Rosa Fischer") {
					t.Fatalf("%s %s: %q names Rosa as its own topic", kind, group, text)
				}
			}
		}
	}
	c := synthApps(t, 2, "copper", "hubspot", "zendesk", "bamboohr")
	people := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for coll, recs := range colls {
				for _, rec := range recs {
					full, _ := rec["name"].(string)
					if first, ok := rec["firstName"].(string); ok {
						full = first + " " + rec["lastName"].(string)
					}
					if len(strings.Fields(full)) != 2 || !hasWord([]string{coll}, "people", "contacts", "users", "employees") {
						continue
					}
					people++
					for f, x := range rec {
						if text, ok := x.(string); ok && text != full && topicOfOwnPerson(text, full) {
							t.Errorf("%s %s.%s %s: %q names %s as its own topic", d.ID, app, coll, f, text, full)
						}
					}
				}
			}
		}
	}
	if people < 50 {
		t.Fatalf("only %d records of a person read", people)
	}
}
