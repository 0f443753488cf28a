package synth

import (
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// Templates say what the products do: a person is named by their name,
// not "Granite Holdings of Granite Holdings" (Klaviyo's profiles, Square's
// customers, once named by their company), and no task asks to email
// someone through a tool that sends texts to phone numbers (RingCentral's
// and MessageBird's SMS once took email addresses).
func TestTemplatesFitTheProducts(t *testing.T) {
	needWholeCorpus(t)
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 1, Workflows: -1})
	if err != nil {
		t.Fatal(err)
	}
	doubled := regexp.MustCompile(`\{\{(\w+)\.(\w+)\}\} of \{\{(\w+)\.(\w+)\}\}`)
	slotField := regexp.MustCompile(`\{\{\w+\.(\w+)\}\}`)
	people := 0
	for _, in := range c.Intents {
		for _, m := range doubled.FindAllStringSubmatch(in.Instruction, -1) {
			if m[1] == m[3] && m[2] == m[4] {
				t.Errorf("%s: %q names a record by the same field twice", in.ID, m[0])
			}
		}
		if strings.Contains(in.Instruction, " of {{s.") {
			people++
		}
		for _, g := range in.Goal {
			app, coll, _ := strings.Cut(g.Target, ".")
			e := src.ServerFor(app)
			if e == nil {
				continue
			}
			s := e.MustServer()
			cd := s.Collection(coll)
			if cd == nil {
				continue
			}
			for _, p := range g.Where {
				v, _ := p.Value.(string)
				m := slotField.FindStringSubmatch(v)
				if m == nil || !atom.HasWord(atom.Words(m[1]), "email") {
					continue
				}
				if role, _ := atom.RoleOf(s, cd, p.Field); role == atom.RolePhone {
					t.Errorf("%s: an email address %s goes into %s.%s, a phone number", in.ID, v, g.Target, p.Field)
				}
			}
		}
	}
	if people < 20 {
		t.Errorf("only %d instructions name a person with their company; the test reads too little", people)
	}
	// Klaviyo's people are asked for by their names.
	klaviyo := 0
	for _, in := range c.Intents {
		if strings.HasPrefix(in.ID, "klaviyo.") && strings.Contains(in.Instruction, ".first_name}}") {
			klaviyo++
		}
	}
	if klaviyo == 0 {
		t.Error("no Klaviyo task names a person by their first name")
	}
}
