package synth

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// readWorld synthesises the built-in apps named from seed and returns the
// data with each app's server.
func readWorld(t *testing.T, seed int64, apps ...string) (*Corpus, map[string]*atom.Server) {
	t.Helper()
	src := builtinServers(t)
	lib := atom.NewLibrary()
	servers := map[string]*atom.Server{}
	for _, app := range apps {
		e := src.ServerFor(app)
		if e == nil {
			t.Fatalf("no %s server", app)
		}
		if _, err := lib.Put(e.MustServer(), app+".yaml", true); err != nil {
			t.Fatal(err)
		}
		servers[app] = e.MustServer()
	}
	c, err := Synthesize(lib, Options{Seed: seed, Variants: 3, Workflows: 4})
	if err != nil {
		t.Fatal(err)
	}
	return c, servers
}

var (
	slugPathRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*$`)
	greetingRE = regexp.MustCompile(`^(Hi|Hello|Dear|Morning) |reach out|regards|Cheers from|say hello to everyone`)
	dayRE      = regexp.MustCompile(`\b([0-9]{1,2} (January|February|March|April|May|June|July|August|September|October|November|December))\b`)
)

// TestRecordsReadAsTheirApp synthesises apps whose records read wrong
// where a value was drawn for another kind of field: a repository's
// owner/name path holds a path, not a person's name; a body or comment in
// an issue tracker or a shared drive is not a letter to a customer; a
// text names no date after its record was made as if it were then; an
// opportunity's name names the company its company_id points at; an
// outage's title is not a customer's question.
func TestRecordsReadAsTheirApp(t *testing.T) {
	c, servers := readWorld(t, 43, "github", "gitlab", "basecamp3", "box", "discord", "copper", "pipedrive", "freshsales", "insightly", "intercom", "statuspage", "pagerduty")
	var paths, work, dated, incidents, deals int
	for _, d := range c.Data {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
		}
		var colls []*state.Collection
		for app, byName := range d.Records {
			s := servers[app]
			for name, recs := range byName {
				def := s.Collection(name)
				colls = append(colls, state.NewCollection(app+"."+name, def.KeyField(), recs))
				for _, rec := range recs {
					paths += checkPaths(t, s, def, rec)
					work += checkWorkText(t, s, def, rec)
					dated += checkTextDates(t, s, def, rec, clock)
					incidents += checkOutage(t, s, def, rec)
					deals += checkParty(t, s, def, rec, byName)
				}
			}
		}
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef || v.Rule == coherence.RuleRole {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("%d paths, %d work texts, %d dated texts, %d incidents, %d deals", paths, work, dated, incidents, deals)
	if paths < 10 || work < 50 || dated < 50 || incidents < 10 || deals < 10 {
		t.Fatalf("too few records read: %d paths, %d work texts, %d dated texts, %d incidents, %d deals", paths, work, dated, incidents, deals)
	}
}

// checkPaths checks the fields qualified by an owner hold owner/slug.
func checkPaths(t *testing.T, s *atom.Server, def *atom.Collection, rec map[string]any) int {
	n := 0
	for f := range def.Fields {
		if role, _ := atom.RoleOf(s, def, f); role != atom.RoleSlug || !atom.Qualified(atom.Words(f)) || rec[f] == nil {
			continue
		}
		n++
		if v, _ := rec[f].(string); !slugPathRE.MatchString(v) {
			t.Errorf("%s.%s %s = %q, not owner/name", s.AppName(), def.Name, f, rec[f])
		}
	}
	return n
}

// texts yields the free-text values of rec.
func texts(s *atom.Server, def *atom.Collection, rec map[string]any) []string {
	var out []string
	for f := range def.Fields {
		if role, _ := atom.RoleOf(s, def, f); role == atom.RoleText {
			if x, ok := rec[f].(string); ok && x != "" {
				out = append(out, x)
			}
		}
	}
	return out
}

// checkWorkText checks that no text of an app people work in together,
// of an incident or of a note on a record reads like a letter.
func checkWorkText(t *testing.T, s *atom.Server, def *atom.Collection, rec map[string]any) int {
	if !workFamilies[s.Family] && s.Family != "incident" && !hasWord(atom.Words(def.Name), "notes") {
		return 0
	}
	n := 0
	for f := range def.Fields {
		if role, _ := atom.RoleOf(s, def, f); role == atom.RoleText && rec[f] == "" {
			t.Errorf("%s.%s %s: an empty text", s.AppName(), def.Name, f)
		}
	}
	for _, x := range texts(s, def, rec) {
		n++
		if greetingRE.MatchString(x) {
			t.Errorf("%s.%s: a letter in a work tool: %q", s.AppName(), def.Name, x)
		}
	}
	return n
}

// checkTextDates checks that a text names no day up to the clock but the
// day its record was made, where the record says when that was.
func checkTextDates(t *testing.T, s *atom.Server, def *atom.Collection, rec map[string]any, clock time.Time) int {
	made, ok := atom.Time(rec[coherence.ShapeOf(s, def).CreatedField()])
	if !ok || made.After(clock) {
		return 0
	}
	n := 0
	for _, x := range texts(s, def, rec) {
		for _, m := range dayRE.FindAllString(x, -1) {
			day, err := time.Parse("2 January 2006", fmt.Sprintf("%s %d", m, clock.Year()))
			if err != nil {
				continue
			}
			if day.After(clock.AddDate(0, 6, 0)) {
				day = day.AddDate(-1, 0, 0)
			}
			n++
			if !day.After(clock) && day.Format("01-02") != made.Format("01-02") {
				t.Errorf("%s.%s made on %s names %s: %q", s.AppName(), def.Name, made.Format("2 January"), m, x)
			}
		}
	}
	return n
}

// checkOutage checks that an incident app's incident is titled as an
// outage, and an issue where code is kept as a bug, not as a customer's
// question.
func checkOutage(t *testing.T, s *atom.Server, def *atom.Collection, rec map[string]any) int {
	if s.Family != "incident" && !keepsCode(s) || collKind(def.Name, s.Family) != "problem" {
		return 0
	}
	n := 0
	for f := range def.Fields {
		title, _ := rec[f].(string)
		if role, _ := atom.RoleOf(s, def, f); role != atom.RoleTitle || title == "" {
			continue
		}
		n++
		for _, p := range append(append([]string{}, problemPhrases...), codePhrases...) {
			head, _, _ := strings.Cut(p, "%s")
			if head != "" && strings.HasPrefix(title, head) || strings.Contains(title, "question") {
				t.Errorf("%s.%s titled as a support case: %q", s.AppName(), def.Name, title)
			}
		}
	}
	return n
}

// checkParty checks that a deal named "<company> - <what>" with a
// reference to a company record names that company.
func checkParty(t *testing.T, s *atom.Server, def *atom.Collection, rec map[string]any, byName map[string][]map[string]any) int {
	if collKind(def.Name, s.Family) != "deal" {
		return 0
	}
	n := 0
	for f := range def.Fields {
		role, ref := atom.RoleOf(s, def, f)
		tdef := s.Collection(ref)
		if role != atom.RoleRef || tdef == nil || collKind(ref, s.Family) != "company" || rec[f] == nil {
			continue
		}
		for _, c := range byName[ref] {
			if c[tdef.KeyField()] != rec[f] {
				continue
			}
			for g := range def.Fields {
				title, _ := rec[g].(string)
				named, _, ok := strings.Cut(title, " - ")
				if r, _ := atom.RoleOf(s, def, g); r != atom.RoleTitle || !ok {
					continue
				}
				n++
				if name, _ := c["name"].(string); name != "" && named != name {
					t.Errorf("%s.%s %q is for %s %v, %q", s.AppName(), def.Name, title, f, rec[f], name)
				}
			}
		}
	}
	return n
}
