package synth

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

func TestFieldTerm(t *testing.T) {
	for _, c := range []struct {
		name string
		typ  string
		want string
	}{
		{"v3_status", "string", "status"},
		{"leadsourcecode", "string", "lead source code"},
		{"due_on", "string", "due date"},
		{"createdAt", "string", "creation date"},
		{"OPPORTUNITY_STATE", "string", "opportunity state"},
		{"assignee_id", "string", "assignee ID"},
		{"qty", "integer", "quantity"},
		// ident writes a record's address beside its name in these terms.
		{"emailaddress1", "string", "email address"},
		{"status", "string", "status"},
		// A flag keeps its words: grounding finds a set flag by them.
		{"donotemail", "boolean", "donotemail"},
		{"is_visible", "boolean", "is visible"},
	} {
		if got := fieldTerm(atom.Field{Type: c.typ}, c.name); got != c.want {
			t.Errorf("fieldTerm(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestPlainTermsLeavesValues(t *testing.T) {
	terms := [][2]string{{"v3 status", "status"}, {"due on", "due date"}}
	got := plainTerms(`Set the v3 status of "{{t.v3_status}}" to 'v3 status'; the task's due on stays.`, terms)
	want := `Set the status of "{{t.v3_status}}" to 'v3 status'; the task's due date stays.`
	if got != want {
		t.Errorf("plainTerms = %q, want %q", got, want)
	}
}

func TestFrameKeepsEverySentence(t *testing.T) {
	instr := `In Xero, find the invoice "{{t.name}}". Set its status to 'Paid. Done.'. Leave the rest.`
	seen := map[string]bool{}
	for seed := int64(0); seed < 40; seed++ {
		out := frame(rand.New(rand.NewPCG(uint64(seed), 1)), instr)
		for _, part := range []string{`"{{t.name}}"`, `'Paid. Done.'`, "Leave the rest."} {
			if !strings.Contains(out, part) {
				t.Fatalf("frame lost %q: %q", part, out)
			}
		}
		seen[strings.SplitN(out, " ", 2)[0]] = true
	}
	if len(seen) < 4 {
		t.Errorf("frames vary little over 40 seeds: %v", seen)
	}
}

var (
	rawNameRE = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b`)
	gluedSet  = regexp.MustCompile(`(?i)\bset '[^']*' on\b`)
)

// fieldLeaks lists what in an instruction reads as the schema rather than
// as a person: a field's name in snake_case or camelCase, a field's
// schema words where people use others ("v3 status"), a quoted value glued
// to "set ... on".
func fieldLeaks(instr string, fields map[string]atom.Field) []string {
	var out []string
	text := freeText(instr)
	for _, tok := range rawNameRE.FindAllString(text, -1) {
		if _, ok := fields[tok]; ok {
			out = append(out, "raw field name "+tok)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(fields)) {
		raw := human(f)
		if fieldTerm(fields[f], f) != raw && regexp.MustCompile(`\b`+regexp.QuoteMeta(raw)+`\b`).MatchString(text) {
			out = append(out, "schema words "+raw)
		}
	}
	if m := gluedSet.FindString(instr); m != "" {
		out = append(out, "templated "+m)
	}
	return out
}

// Every instruction of a synthesis reads as a person wrote it: no field
// names, no schema words, no "set 'x' on".
func TestInstructionsHaveNoFieldNames(t *testing.T) {
	lib := builtinServers(t)
	c, err := Synthesize(lib, Options{Seed: 1, Size: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	fieldsOf := map[string]map[string]atom.Field{}
	for _, e := range c.Servers {
		s := e.Atom.(*atom.Server)
		fs := map[string]atom.Field{}
		for _, coll := range s.Collections {
			for n, f := range coll.Fields {
				fs[n] = f
			}
		}
		fieldsOf[s.AppName()] = fs
	}
	bad := 0
	for _, in := range c.Intents {
		fs := map[string]atom.Field{}
		for _, app := range in.Apps {
			for n, f := range fieldsOf[app] {
				fs[n] = f
			}
		}
		if leaks := fieldLeaks(in.Instruction, fs); len(leaks) > 0 {
			bad++
			if bad <= 10 {
				t.Errorf("family %s, intent %s: %s\n  %q", in.Family, in.ID, strings.Join(leaks, "; "), in.Instruction)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d instructions read as the schema", bad, len(c.Intents))
	}
	if len(c.Intents) < 100 {
		t.Errorf("only %d intents synthesised: the scan proves little", len(c.Intents))
	}
}

// A colleague's request starts a new sentence with a capital after "!",
// "?" or "." and runs on in lower case after a colon.
func TestAfterOpening(t *testing.T) {
	for _, c := range []struct{ opening, rest, want string }{
		{"Hey! ", "could you take care of it?", "Hey! Could you take care of it?"},
		{"Hi, could you take care of something for me? ", "in Etsy, find it.", "Hi, could you take care of something for me? In Etsy, find it."},
		{"Hi, quick favour: ", "find the listing.", "Hi, quick favour: find the listing."},
		{"Morning, ", "could you do it?", "Morning, could you do it?"},
		{"Hey! ", "élan first.", "Hey! Élan first."},
		{"", "as is", "as is"},
	} {
		if got := afterOpening(c.opening, c.rest); got != c.want {
			t.Errorf("afterOpening(%q, %q) = %q, want %q", c.opening, c.rest, got, c.want)
		}
	}
}
