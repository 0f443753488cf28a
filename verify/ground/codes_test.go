package ground

import (
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// freshdeskCodes are Freshdesk's documented ticket codes
// (https://developers.freshdesk.com/api/#tickets), as a server atom's
// fields carry them.
func freshdeskCodes() Codes {
	c := Codes{}
	c.Add("status", map[string]string{"2": "Open", "3": "Pending", "4": "Resolved", "5": "Closed", "6": "Waiting on Customer", "7": "Waiting on Third Party"})
	c.Add("priority", map[string]string{"1": "Low", "2": "Medium", "3": "High", "4": "Urgent"})
	return c
}

// codedTickets lists tickets whose field holds each code the given number
// of times.
func codedTickets(field string, counts ...int) string {
	var out []string
	for k := 0; k+1 < len(counts); k += 2 {
		for i := range counts[k+1] {
			out = append(out, fmt.Sprintf(`{"subject":"Ticket %d-%d","%s":%d}`, counts[k], i, field, counts[k]))
		}
	}
	return "[" + strings.Join(out, ",") + "]"
}

// A record whose field holds a code the tools name is read by that name
// (the working half's slack_freshdesk_tickets_flagged_urgent_count and
// gmail_freshdesk_company_tickets_sitting_open_count): the tickets
// "flagged urgent" are the 13 whose priority is 4, those "waiting on
// customer" the 11 whose status is 6. Without the codes, or where the
// text names no code, nothing is counted.
func TestDeriveCountOfRecordsByTheirCodesName(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	priorities := codedTickets("priority", 4, 13, 3, 5, 2, 4)
	statuses := codedTickets("status", 6, 11, 7, 4, 2, 7)
	for _, c := range []struct {
		instruction, recs, figure string
		codes                     Codes
		want                      bool
	}{
		{"Tell #support-leads how many tickets are flagged urgent, as 'Flagged urgent: N'.", priorities, "13", freshdeskCodes(), true},
		{"Tell #support-leads how many tickets are flagged urgent, as 'Flagged urgent: N'.", priorities, "13", nil, false},
		{"Tell #support-leads how many tickets there are by priority.", priorities, "13", freshdeskCodes(), false},
		{"Email how many tickets are waiting on customer, as 'Waiting on customer: N'.", statuses, "11", freshdeskCodes(), true},
		{"Email how many tickets are waiting on customer, as 'Waiting on customer: N'.", statuses, "11", nil, false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}, Codes: c.codes}
		ctx.Add("tickets", c.recs)
		if got := ctx.Derive(c.figure, ds) != ""; got != c.want {
			t.Errorf("%q (codes %v): derived %s = %v, want %v", c.instruction, c.codes != nil, c.figure, got, c.want)
		}
	}
}

// A code written to a record is named where its name is (the working
// half's freshdesk_outage_tickets_urgent: "up to urgent priority" gives
// priority 4); a code without a name, a name nothing says, a field two
// collections code differently name nothing.
func TestFindCodeByItsName(t *testing.T) {
	ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", "Bump every ticket with outage in the subject up to urgent priority; park the billing ones as waiting on third party.")}, Codes: freshdeskCodes()}
	for _, c := range []struct {
		field string
		v     any
		want  bool
	}{
		{"priority", 4.0, true},
		{"priority", "4", true},
		{"status", 7.0, true},
		{"priority", 3.0, false}, // "high" is said nowhere
		{"priority", 9.0, false}, // no such code
		{"source", 4.0, false},   // no codes
	} {
		if got := ctx.FindCode(c.field, c.v) != ""; got != c.want {
			t.Errorf("FindCode(%s, %v) = %v, want %v", c.field, c.v, got, c.want)
		}
	}
	mixed := freshdeskCodes()
	mixed.Add("priority", map[string]string{"4": "Critical"})
	ctx.Codes = mixed
	if src := ctx.FindCode("priority", 4.0); src != "" {
		t.Errorf("a field coded two ways: FindCode = %q, want none", src)
	}
}
