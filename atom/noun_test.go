package atom

import (
	"strings"
	"testing"
)

const nounServer = `kind: server
id: board
collections:
  - name: stages
    noun: stage
    fields:
      name: {type: string, role: title}
tools:
  - name: board_list_stages
    description: List the stages.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: stages}
`

// A collection's noun is one lint knows; an unknown one is an error
// naming the collection's place and the nouns it may be.
func TestNounDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"unknown noun", "noun: stage", "noun: colour", "collections[0].noun", `noun "colour" is not one of`},
		{"unknown noun lists the known", "noun: stage", "noun: colour", "collections[0].noun", "request_type"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(nounServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// NounOf reads a noun from a collection's name only where the name says
// it without doubt; a declaration wins.
func TestNounOf(t *testing.T) {
	for _, c := range []struct{ name, noun, want string }{
		{"workflow_states", "", "state"},
		{"stages", "", "stage"},
		{"request_types", "", "request_type"},
		{"labels", "", "label"},
		{"board_sections", "topic", "topic"},
		{"event_types", "", "event_type"},
		{"appointment_types", "", ""},
		{"roles", "", ""},
		{"components", "", ""},
		{"policies", "", ""},
		{"pages", "", ""},
		{"categories", "label", "label"},
		{"repositories", "", "repository"},
		{"tasklists", "", "checklist"},
		{"worksheets", "", "sheet"},
		{"adgroups", "", "ad_group"},
		{"schedules", "", ""},
		{"tables", "", ""},
		{"schedules", "availability", "availability"},
	} {
		if got := NounOf(&Collection{Name: c.name, Noun: c.noun}); got != c.want {
			t.Errorf("NounOf(%s, declared %q) = %q, want %q", c.name, c.noun, got, c.want)
		}
	}
}
