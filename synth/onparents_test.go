package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// companyRE finds a company's name in text: a capitalised stem and the
// form the generator gives companies.
var companyRE = regexp.MustCompile(`\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) (Inc|LLC|Industries|Labs|Group|Systems|Partners|Logistics|Health|Analytics)\b`)

// TestRecordsAgreeWithWhatTheyAreOn synthesises apps whose records are
// written on or collected by another record without being named for parts
// (Facebook's leads on an ad, Freshservice's conversations on a ticket,
// HappyFox's updates and Lever's interviews on an opportunity its owner's
// handle names no person of), and apps whose states speak
// of the clock (Zoom's started meetings, MessageBird's delivered
// messages, Statuspage's maintenance in progress, Outlook's received
// mail): none contradicts itself or the record it is on, and the text or
// title of a record on another names no company the other does not.
func TestRecordsAgreeWithWhatTheyAreOn(t *testing.T) {
	c, servers := readWorld(t, 29, "facebook_lead_ads", "freshservice", "happyfox", "lever", "asana", "figma", "zoom", "messagebird", "statuspage", "outlook", "brevo")
	on, named, foreign, bad := 0, 0, 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				n, k, f := companiesOnParents(servers[app], servers[app].Collection(name), recs, byName)
				on, named, foreign = on+n, named+k, foreign+f
			}
		}
		bad += reportViolations(t, d, servers, bad, coherence.RuleLifecycle, coherence.RuleFields)
	}
	t.Logf("%d records on another; %d of their texts name a company, %d one their record does not", on, named, foreign)
	if on < 50 || named < 20 {
		t.Fatalf("only %d records on another, %d texts naming a company", on, named)
	}
	if foreign*20 > named {
		t.Errorf("%d of %d texts on another record name a company it does not", foreign, named)
	}
}

// companiesOnParents counts the records of def written on another (n),
// those whose text or title names a company (k), and those that name one their
// parent record does not (f).
func companiesOnParents(s *atom.Server, def *atom.Collection, recs []map[string]any, byName map[string][]map[string]any) (n, k, f int) {
	shapeOf := func(c string) *coherence.Shape {
		if cd := s.Collection(c); cd != nil {
			return coherence.ShapeOf(s, cd)
		}
		return nil
	}
	sh := coherence.ShapeOf(s, def)
	if sh.IsParty() {
		return 0, 0, 0 // a party of its own names its own company
	}
	for field, target := range sh.OnRefs(shapeOf) {
		tdef := s.Collection(target)
		for _, rec := range recs {
			p := findRec(byName[target], tdef.KeyField(), state.Text(rec[field]))
			if p == nil {
				continue
			}
			n++
			var text []string
			for g, fd := range def.Fields {
				if role, _ := atom.RoleOf(s, def, g); (role == atom.RoleText || role == atom.RoleTitle) && fd.Type == "string" {
					text = append(text, state.Text(rec[g]))
				}
			}
			ms := companyRE.FindAllString(strings.Join(text, " "), -1)
			if len(ms) == 0 {
				continue
			}
			k++
			theirs := folded(p)
			for _, m := range ms {
				if !strings.Contains(theirs, strings.ToLower(strings.ReplaceAll(m, " ", ""))) {
					f++
					break
				}
			}
		}
	}
	return n, k, f
}

// folded is every string value of rec, lower-cased, without spaces: a
// company shows in a name, a subject or the domain of an address.
func folded(rec map[string]any) string {
	var b strings.Builder
	for _, v := range rec {
		b.WriteString(strings.ToLower(strings.ReplaceAll(state.Text(v), " ", "")))
		b.WriteByte('|')
	}
	return b.String()
}

// TestItemsComeToTheirTotal synthesises Expensify: every report with
// expenses in the world totals them (the total a task reads stays, its
// expenses share it), an expense's text that names its amount names the
// amount it has, and an expense, a party of its own, keeps its merchant
// rather than take its report's employee's company.
func TestItemsComeToTheirTotal(t *testing.T) {
	c, servers := readWorld(t, 31, "expensify", "asana")
	held, own, bad := 0, 0, 0
	for _, d := range c.Data {
		reports := d.Records["expensify"]["reports"]
		for _, rec := range d.Records["expensify"]["expenses"] {
			held++
			if r := findRec(reports, "reportID", state.Text(rec["reportID"])); r != nil && strings.Contains(state.Text(r["employee_email"]), strings.ToLower(strings.ReplaceAll(state.Text(rec["merchant"]), " ", ""))) {
				own++ // bought from the employee's own employer
			}
			x, _ := state.Number(rec["amount"])
			if s := state.Text(rec["comment"]); strings.Contains(s, "$") && !strings.Contains(s, money(x)) {
				t.Errorf("%s: expense of %s says %q", d.ID, money(x), s)
			}
		}
		bad += reportViolations(t, d, servers, bad, coherence.RuleFields)
	}
	if held < 10 {
		t.Fatalf("only %d expenses drawn", held)
	}
	if own*4 > held {
		t.Errorf("%d of %d expenses are bought from their employee's own company", own, held)
	}
}

// reportViolations checks data atom d's world and reports its violations
// of rules, the first ten in all (seen: how many were reported before),
// returning how many it found.
func reportViolations(t *testing.T, d *atom.Data, servers map[string]*atom.Server, seen int, rules ...string) int {
	t.Helper()
	clock, err := time.Parse(time.RFC3339, d.Clock)
	if err != nil {
		t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
	}
	var colls []*state.Collection
	for app, byName := range d.Records {
		for name, recs := range byName {
			colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
		}
	}
	n := 0
	for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
		if slices.Contains(rules, v.Rule) {
			if n++; seen+n <= 10 {
				t.Errorf("%s", v)
			}
		}
	}
	return n
}
