package verify

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
)

// anyField declares every operation over any field: the widest an intent
// may declare.
var anyField = []atom.Derivation{{Op: atom.DeriveCount}, {Op: atom.DeriveSum}, {Op: atom.DeriveDifference},
	{Op: atom.DeriveProduct}, {Op: atom.DeriveRatio}, {Op: atom.DeriveDays}}

// A total over the rows of a group another document names, a total of
// per-row products, the days from today to a record's date and a load
// over a capacity are derived; numbers no formula over the rows gives, a
// group nothing names, and an operation the intent does not declare are
// not.
func TestDeriveOverRowsAndDays(t *testing.T) {
	ctx := &ground.Visible{Clock: time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC)}
	ctx.Docs = append(ctx.Docs, ground.NewDoc("the instruction", "Mail me the revenue total and the cost of the order lines."))
	ctx.Add("trial balance", `[{"Account":"SaaS","Type":"Revenue","Balance":"$185,000"},
		{"Account":"Consulting","Type":"Revenue","Balance":"$92,000"},
		{"Account":"Salaries","Type":"Expense","Balance":"$210,000"},
		{"Account":"Rent","Type":"Expense","Balance":"$15,000"},
		{"Account":"Deferred","Type":"Liability","Balance":"$45,000"}]`)
	ctx.Add("line items", `[{"Part":"A-EXP","Quantity":"50","Unit Price":"$125.00"},
		{"Part":"B-STD","Quantity":"200","Unit Price":"$18.50"},
		{"Part":"C-EXP","Quantity":"30","Unit Price":"$245.00"}]`)
	ctx.Add("visas", `[{"Employee":"Kim","Expiration":"2026-07-15"}]`)
	ctx.Add("agents", `[{"Agent":"Alice","Capacity":"4","Current Load":"2"}]`)
	for v, want := range map[string]string{
		"277,000": `whose Type is "revenue"`, // the two revenue rows
		"17,300":  "Quantity x Unit Price",   // 50 x 125 + 200 x 18.50 + 30 x 245
		"122":     "days from today",         // 2026-03-15 to 2026-07-15
		"50":      "ratio of Capacity and Current Load",
	} {
		if got := ctx.Derive(v, anyField); !strings.Contains(got, want) {
			t.Errorf("derive(%s) = %q, want it %s", v, got, want)
		}
	}
	// 225,000 is the two expense rows: no document names that group.
	for _, v := range []string{"123,457", "9,999", "121.5", "225,000"} {
		if got := ctx.Derive(v, anyField); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := ctx.Derive("277,000", []atom.Derivation{{Op: atom.DeriveCount}}); got != "" {
		t.Errorf("a total is derived without a declared sum: %q", got)
	}
	if got := ctx.Derive("277,000", []atom.Derivation{{Op: atom.DeriveSum, Field: "Quantity"}}); got != "" {
		t.Errorf("a total of Balance is derived by a sum declared over Quantity: %q", got)
	}
	if got := ctx.Derive("277,000", []atom.Derivation{{Op: atom.DeriveSum, Field: "balance"}}); got == "" {
		t.Error("a sum declared over balance does not derive the revenue total")
	}
	if got := ctx.Derive("122", []atom.Derivation{{Op: atom.DeriveSum}}); got != "" {
		t.Errorf("days are derived without declared days: %q", got)
	}
}

// An amount times the change of a rate read from two worksheets is
// derived when the intent declares a product and a difference; the same
// figure with one operation missing, a change between values of unlike
// size, or operands that are not two fields of one record is not.
func TestDeriveAmountTimesChange(t *testing.T) {
	ctx := &ground.Visible{}
	ctx.Add("open invoices", `[{"Customer":"EuroLogic","Foreign Amount":"50,000","Booking Rate":"1.08"},
		{"Customer":"British Design","Foreign Amount":"20,000","Booking Rate":"1.25"}]`)
	ctx.Add("current rates", `[{"Currency":"EUR","Rate to USD":"1.10"},{"Currency":"GBP","Rate to USD":"1.28"}]`)
	for v, want := range map[string]string{
		"1,000": "50000 x (1.1 - 1.08)",
		"600":   "20000 x (1.28 - 1.25)",
	} {
		if got := ctx.Derive(v, anyField); !strings.Contains(got, want) {
			t.Errorf("derive(%s) = %q, want %q", v, got, want)
		}
	}
	for _, ds := range [][]atom.Derivation{{{Op: atom.DeriveProduct}, {Op: atom.DeriveRatio}}, {{Op: atom.DeriveDifference}, {Op: atom.DeriveSum}}} {
		if got := ctx.Derive("1,000", ds); got != "" {
			t.Errorf("derive(1,000) with only %v = %q, want nothing", ds, got)
		}
	}
	for _, v := range []string{"1,001", "2,513.6"} {
		if got := ctx.Derive(v, anyField); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	small := &ground.Visible{}
	small.Add("claims", `[{"Amount":"$340","Cap":"250","Nights":"2"}]`)
	if got := small.Derive("180", anyField); got != "" {
		t.Errorf("derive(180) = %q: 2 x (340 - 250) is an accident, not a derivation", got)
	}
}

// The count of the records holding two values the instruction names, of
// two fields (leads from the webinar that are still new), is derived; a
// count over one of them, or over values nothing names, is not the pair's.
func TestDeriveCountOfTwoNamedValues(t *testing.T) {
	ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction",
		"Post how many leads came in from the Webinar and are still New.")}}
	ctx.Add("leads", `[{"name":"Berg","lead_source":"Webinar","status":"New"},
		{"name":"Chu","lead_source":"Webinar","status":"Working"},
		{"name":"Dunn","lead_source":"Webinar","status":"New"},
		{"name":"Eze","lead_source":"Web","status":"New"},
		{"name":"Fox","lead_source":"Referral","status":"New"}]`)
	count := []atom.Derivation{{Op: atom.DeriveCount}}
	if got := ctx.Derive("2", count); !strings.Contains(got, `whose lead_source is "webinar" and whose status is "new"`) {
		t.Errorf("derive(2) = %q, want the webinar leads still new", got)
	}
	// 1 is the Web lead still new: nothing names "Web" whole with "New".
	if got := ctx.Derive("1", count); got != "" {
		t.Errorf("derive(1) = %q, want nothing", got)
	}
	if got := ctx.Derive("2", []atom.Derivation{{Op: atom.DeriveCount, Field: "name"}}); got != "" {
		t.Errorf("a count declared over name derives the pair's count: %q", got)
	}
}

// Numbers are quantities of records, never pieces of dates or ids, and
// never a number with itself: 15 is not read from "2026-02-15", 100 is no
// ratio of 1.08 and 1.08, and 2919 is not in "INV-2919".
func TestDeriveNotByAccident(t *testing.T) {
	ctx := &ground.Visible{}
	ctx.Add("rates", `[{"Currency":"EUR","Rate":"1.08","Date":"2026-02-15","Invoice":"INV-2919","ticket_id":"601"}]`)
	for _, v := range []string{"750", "0.75", "15", "100", "2919", "601", "-13"} {
		if got := ctx.Derive(v, anyField); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
		if got := ctx.Find(v, ""); got != "" && v != "601" { // the id itself is seen, whole
			t.Errorf("find(%s) = %q, want nothing", v, got)
		}
	}
	ctx.Add("counts", `[{"Open":"30","Total":"120"}]`)
	if got := ctx.Derive("25", anyField); got == "" {
		t.Error("25 (30 of 120, as a percentage) is not derived")
	}
}

// A value that fills a template the data gives (the words before a
// placeholder, then a value the agent saw) is grounded; the same words
// with a value nobody showed, or one word of the template alone, are not.
func TestGroundTemplateFill(t *testing.T) {
	ctx := &ground.Visible{}
	ctx.Add("policy", `{"text":"Procedure: create a task with subject 'Follow up on missed call - <EventName>'. Code: EMG-[row_id]."}`)
	ctx.Add("events", `[{"name":"Product Demo"},{"name":"Kickoff"}]`)
	if got := ctx.Find("Follow up on missed call - Product Demo", "subject"); !strings.Contains(got, "template") {
		t.Errorf("template fill not grounded: %q", got)
	}
	for _, v := range []string{"Follow up on missed call - Board Review", "call Product Demo", "missed Kickoff"} {
		if got := ctx.Find(v, "subject"); got != "" {
			t.Errorf("find(%q) = %q, want nothing", v, got)
		}
	}
}

// A person shown as a first and a last name field is known by the whole
// name; two fields of different people are not joined.
func TestGroundFullName(t *testing.T) {
	ctx := &ground.Visible{}
	ctx.Add("leads", `[{"first_name":"Test","last_name":"Lead","company":"Test Co"},{"firstName":"New","lastName":"VP"},{"first_name":"Ann","title":"CTO"},{"last_name":"Smith"}]`)
	for _, v := range []string{"Test Lead", "New VP"} {
		if ctx.Find(v, "subject") == "" {
			t.Errorf("%q not grounded", v)
		}
	}
	if got := ctx.Find("Ann Smith", "subject"); got != "" {
		t.Errorf("two people's fields joined: %q", got)
	}
}

// A figure one write states beside the totals it is computed from (net
// income beside revenue and expenses) is derived from them; without the
// totals in the same write it is not.
func TestGroundStepDerivesFromItsOwnTotals(t *testing.T) {
	in := &envInfo{&facts.Info{Intent: &atom.Intent{Derive: []atom.Derivation{{Op: atom.DeriveSum, Field: "Balance"}, {Op: atom.DeriveDifference}}}}}
	lits := []literal{
		{goal: 0, target: "gmail.messages", field: "body", op: assert.OpContains, value: "277,000"},
		{goal: 1, target: "gmail.messages", field: "body", op: assert.OpContains, value: "229,500"},
		{goal: 2, target: "gmail.messages", field: "body", op: assert.OpContains, value: "47,500"},
	}
	read := func() *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Mail the revenue and expense totals and the net income.")}}
		ctx.Add("trial balance", `[{"Type":"Revenue","Balance":"$185,000"},{"Type":"Revenue","Balance":"$92,000"},
			{"Type":"Expense","Balance":"$210,000"},{"Type":"Expense","Balance":"$15,000"},{"Type":"Expense","Balance":"$4,500"},
			{"Type":"Liability","Balance":"$45,000"}]`)
		return ctx
	}
	call := func(body string) episode.ToolCall {
		raw, _ := json.Marshal(map[string]any{"body": body})
		return episode.ToolCall{Name: "gmail_send_email", Args: raw}
	}
	gs := in.groundStep(read(), 0, call("Revenue 277,000, expenses 229,500, net income 47,500"), lits, map[string]bool{})
	if len(gs) != 3 {
		t.Fatalf("groundings %+v", gs)
	}
	for _, g := range gs {
		if g.Source == "" {
			t.Errorf("%s not grounded", g.Value)
		}
	}
	gs = in.groundStep(read(), 0, call("net income 47,500"), lits, map[string]bool{})
	if len(gs) != 1 || gs[0].Source != "" {
		t.Errorf("47,500 alone: %+v, want it ungrounded", gs)
	}
}

// A field written with its value ("Risk Score: 10") is grounded by a row
// that holds them; the field's name alone, or with another value, is not.
func TestGroundFieldAndValue(t *testing.T) {
	ctx := &ground.Visible{}
	ctx.Add("rows", `[{"cells":{"Equipment Name":"HVAC Unit 3","Risk Score":"10"}},{"cells":{"Equipment Name":"Forklift","Risk Score":"8"}}]`)
	if ctx.Find("Risk Score: 10", "body") == "" {
		t.Error("field and value not grounded")
	}
	for _, v := range []string{"Risk Score", "Risk Score: 11", "Equipment Name: Crane"} {
		if got := ctx.Find(v, "body"); got != "" {
			t.Errorf("find(%q) = %q, want nothing", v, got)
		}
	}
}

// A flag is grounded by its value: "not a VIP" says false, never true;
// a state by a form of its word ("cancel" for cancelled), never by a word
// that shares four letters ("approximately" for approved), and never by
// another record's short value of the same field.
func TestGroundFlagsAndStatesByValue(t *testing.T) {
	neg := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Dana is not a VIP any more; fix her record.")}}
	if neg.Find(true, "is_vip") != "" || neg.Find(false, "is_vip") == "" {
		t.Error(`"not a VIP" must ground is_vip false and only false`)
	}
	pos := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Mark Dana as a VIP.")}}
	if pos.Find(true, "is_vip") == "" || pos.Find(false, "is_vip") != "" {
		t.Error(`"mark Dana as a VIP" must ground is_vip true and only true`)
	}
	words := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "The refund is approximately $40; cancel the order.")}}
	if got := words.FindState("approved"); got != "" {
		t.Errorf("approved grounded by %q", got)
	}
	if words.FindState("cancelled") == "" {
		t.Error("cancelled is not grounded by cancel")
	}
	other := &ground.Visible{}
	other.Add("requests", `[{"id":"r1","status":"approved"},{"id":"r2","status":"pending","note":"waiting on procurement review"}]`)
	if got := other.FindState("approved"); got != "" {
		t.Errorf("another record's status grounded approved: %q", got)
	}
	if other.FindState("procurement") == "" {
		t.Error("a word of a note is not grounded")
	}
}

// A total over the records the written text names by their values: the
// lines of the invoice the instruction names whose parts a mail lists,
// where one part is also on another invoice. A part the mail does not
// list, or the other invoice's line, is no part of it; with no invoice
// named there is no such selection.
func TestDeriveOverNamedValues(t *testing.T) {
	lines := `[{"Invoice":"INV-0452","Part":"WG-4410-EXP","Quantity":"50","Unit Price":"$125.00"},
		{"Invoice":"INV-0452","Part":"BK-9920-STD","Quantity":"200","Unit Price":"$18.50"},
		{"Invoice":"INV-0452","Part":"FL-7700-EXP","Quantity":"30","Unit Price":"$245.00"},
		{"Invoice":"INV-0451","Part":"WG-4410-EXP","Quantity":"25","Unit Price":"$125.00"}]`
	read := func(instruction string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", instruction)}}
		ctx.Add("line items", lines)
		ctx.Mentions = ground.MentionText(map[string]any{"body": "Expedited: WG-4410-EXP, FL-7700-EXP; total 13,600"})
		return ctx
	}
	ctx := read("Invoice INV-0452 cleared: mail the warehouse the expedited parts and their total value.")
	if got := ctx.Derive("13,600", anyField); !strings.Contains(got, "Quantity x Unit Price over the 2 records") {
		t.Errorf("derive(13,600) = %q, want the two named lines of INV-0452", got)
	}
	// 16,725 adds the other invoice's line; 9,375 is the listed part on
	// both invoices.
	for _, v := range []string{"16,725", "9,375"} {
		if got := ctx.Derive(v, anyField); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := read("Mail the warehouse the expedited parts.").Derive("13,600", anyField); got != "" {
		t.Errorf("derive(13,600) with no invoice named = %q, want nothing", got)
	}
}

// A figure the plan derived and wrote at one step is known to it at the
// steps after: the total of two monthly amounts written row by row is
// grounded in the mail that follows them, and not without those rows.
func TestGroundFromFiguresOfEarlierSteps(t *testing.T) {
	in := &envInfo{&facts.Info{Intent: &atom.Intent{Derive: []atom.Derivation{{Op: atom.DeriveRatio, Field: "Term", With: "Total Value"}, {Op: atom.DeriveSum, Field: "Term", With: "Total Value"}}}}}
	lits := []literal{
		{goal: 0, target: "google_sheets.rows", field: "cells.Amount", op: assert.OpContains, value: "10,000"},
		{goal: 1, target: "google_sheets.rows", field: "cells.Amount", op: assert.OpContains, value: "6,000"},
		{goal: 2, target: "gmail.messages", field: "body", op: assert.OpContains, value: "16,000"},
	}
	read := func() *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Spread each contract over its term; mail the month's total.")}}
		ctx.Add("contracts", `[{"Contract":"CTR-001","Total Value":"$120,000","Term":"12"},{"Contract":"CTR-002","Total Value":"$36,000","Term":"6"}]`)
		return ctx
	}
	call := func(name string, args map[string]any) episode.ToolCall {
		raw, _ := json.Marshal(args)
		return episode.ToolCall{Name: name, Args: raw}
	}
	ctx, seen := read(), map[string]bool{}
	for i, amount := range []string{"10,000", "6,000"} {
		if gs := in.groundStep(ctx, i, call("google_sheets_add_row", map[string]any{"cells": map[string]any{"Amount": amount}}), lits, seen); len(gs) != 1 || gs[0].Source == "" {
			t.Fatalf("row %s: %+v", amount, gs)
		}
	}
	mail := call("gmail_send_email", map[string]any{"body": "January total: 16,000"})
	total := func(gs []ground.Grounding) ground.Grounding {
		for _, g := range gs {
			if g.Value == "16,000" {
				return g
			}
		}
		t.Fatalf("16,000 not traced: %+v", gs)
		return ground.Grounding{}
	}
	if g := total(in.groundStep(ctx, 2, mail, lits, seen)); !strings.Contains(g.Source, "10000 and 6000") {
		t.Errorf("the total after the rows: %+v, want it derived from them", g)
	}
	if g := total(in.groundStep(read(), 0, mail, lits, map[string]bool{})); g.Source != "" {
		t.Errorf("the total alone: %+v, want it ungrounded", g)
	}
}

// A rate a document names by the end of a record's work (a config row's
// "Resolution_Rate_Threshold") is the share of one parent's records in
// the state that work ends in, written as a rounded percentage: one
// closed conversation of the six assigned to hu_a is 17, read from a
// listing of everyone's. Without the rate's name no state is a group;
// a truncated 16 and another state's share are not derived.
func TestDeriveRateOfEndedRecords(t *testing.T) {
	convs := `[{"id":"c1","status":"open","assignee_id":"hu_a"},{"id":"c2","status":"open","assignee_id":"hu_a"},
		{"id":"c3","status":"pending","assignee_id":"hu_a"},{"id":"c4","status":"open","assignee_id":"hu_a"},
		{"id":"c5","status":"closed","assignee_id":"hu_a"},{"id":"c6","status":"open","assignee_id":"hu_a"},
		{"id":"c7","status":"closed","assignee_id":"hu_b"},{"id":"c8","status":"closed","assignee_id":"hu_b"},
		{"id":"c9","status":"closed","assignee_id":"hu_b"},{"id":"c10","status":"pending","assignee_id":"hu_b"}]`
	read := func(config string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Identify underperformers using our coaching criteria and email their managers.")}}
		ctx.Add("config", config)
		ctx.Add("conversations", convs)
		return ctx
	}
	ratio := []atom.Derivation{{Op: atom.DeriveRatio, Field: "status"}}
	ctx := read(`[{"Key":"Resolution_Rate_Threshold","Value":"50"}]`)
	if got := ctx.Derive("17", ratio); !strings.Contains(got, `whose status is "closed"`) || !strings.Contains(got, "one parent") {
		t.Errorf("derive(17) = %q, want the share of hu_a's closed conversations", got)
	}
	// 16 is 1/6 cut, not rounded; 67 is hu_a's open share, a state no
	// rate names.
	for _, v := range []string{"16", "67"} {
		if got := ctx.Derive(v, ratio); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	// A group named otherwise ("new" agents, one of six) is no rate: its
	// share is 16.67, not a rounded 17.
	other := read(`[{"Key":"New_Agent_Tenure_Days","Value":"90"}]`)
	other.Add("roster", `[{"Agent":"A","Status":"new"},{"Agent":"B","Status":"active"},{"Agent":"C","Status":"active"},
		{"Agent":"D","Status":"active"},{"Agent":"E","Status":"active"},{"Agent":"F","Status":"active"}]`)
	if got := other.Derive("17", ratio); got != "" {
		t.Errorf("derive(17) with no rate of resolution named = %q, want nothing", got)
	}
	if got := other.Derive("16.67", ratio); !strings.Contains(got, `whose Status is "new"`) {
		t.Errorf("derive(16.67) = %q, want the share of new agents", got)
	}
}

// A state is named, never computed: a status code the goal checks that a
// declared total happens to equal (two tickets' priorities, 3 + 2, as
// status 5) is not grounded, while the same figure in a field with no
// fixed states is.
func TestGroundNoStateFromFigures(t *testing.T) {
	def := &atom.Collection{Fields: map[string]atom.Field{
		"status": {Type: "integer", Enum: []any{2.0, 3.0, 4.0, 5.0}},
		"score":  {Type: "integer"},
	}}
	in := &envInfo{&facts.Info{
		Intent: &atom.Intent{Derive: []atom.Derivation{{Op: atom.DeriveSum, Field: "priority"}}},
		Colls:  map[string]*facts.Coll{"desk.tickets": {Name: "desk.tickets", Def: def}},
	}}
	ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Merge the duplicate tickets appropriately.")}}
	ctx.Add("tickets", `[{"id":"t1","priority":3,"requester_id":"r1"},{"id":"t2","priority":2,"requester_id":"r1"}]`)
	for field, want := range map[string]bool{"status": false, "score": true} {
		lits := []literal{{goal: 0, target: "desk.tickets", field: field, op: assert.OpEquals, value: 5.0}}
		raw, _ := json.Marshal(map[string]any{"ticket_id": "t2", field: 5})
		gs := in.groundStep(ctx, 1, episode.ToolCall{Name: "desk_update_ticket", Args: raw}, lits, map[string]bool{})
		if len(gs) != 1 || (gs[0].Source != "") != want {
			t.Errorf("%s 5: %+v, want grounded %v", field, gs, want)
		}
	}
}

// A formula a mail states in words is computed for each record whose
// fields its names bind ("Average AP Balance" is the "Avg AP Balance"
// column), with the quantity a document states for the name's unit ("Q4
// has 92 days") and the value a message corrects for one record; the
// figure is written whole, as its whole part, or to one decimal. Without
// the formula, with the uncorrected purchases' 18.4 in place of 15, a 63
// or 61 for 62.7, or with two day counts stated, nothing is derived.
func TestDeriveFromStatedFormula(t *testing.T) {
	cfo := "Target DPO range: 30-45 days.\n- Under 30 days: paying too quickly\n- DPO = Average AP Balance / (Total Purchases / Days in Period)\n- Q4 has 92 days\n- CFO"
	slack := `[{"text":"Heads up: Metro Supply's Total Purchases for Q4 should be $18,000, not $15,000. Avg AP stays at $3,000."}]`
	rows := `[{"Vendor":"Acme Supplies","Avg AP Balance":"$18,000","Total Purchases":"$72,000"},
		{"Vendor":"TechServe","Avg AP Balance":"$45,000","Total Purchases":"$66,000"},
		{"Vendor":"Metro Supply","Avg AP Balance":"$3,000","Total Purchases":"$15,000"}]`
	read := func(mail string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Determine the days payable outstanding by vendor for Q4.")}}
		ctx.Add("mail", `[{"subject":"DPO Targets","body_plain":`+strconvQuote(mail)+`}]`)
		ctx.Add("slack", slack)
		ctx.Add("vendors", rows)
		return ctx
	}
	ds := []atom.Derivation{{Op: atom.DeriveRatio, Field: "DPO", With: "Avg AP Balance"}}
	ctx := read(cfo)
	for v, want := range map[string]string{"23": "record 1", "62": "record 2", "62.7": "record 2", "15.3": "Total Purchases 18000"} {
		if got := ctx.Derive(v, ds); !strings.Contains(got, "DPO as") || !strings.Contains(got, want) {
			t.Errorf("derive(%s) = %q, want DPO of %s", v, got, want)
		}
	}
	// 18 is Metro Supply's DPO on the purchases the message corrects; 25
	// is a ratio of the two columns, which declaring the formula does
	// not declare.
	for _, v := range []string{"63", "61", "24", "16", "18", "25"} {
		if got := ctx.Derive(v, ds); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := read(strings.Replace(cfo, "- DPO = Average AP Balance / (Total Purchases / Days in Period)", "", 1)).Derive("23", ds); got != "" {
		t.Errorf("derive(23) with no formula stated = %q, want nothing", got)
	}
	if got := read(cfo+"\nQ3 has 91 days").Derive("23", ds); got != "" {
		t.Errorf("derive(23) with two day counts stated = %q, want nothing", got)
	}
	if got := ctx.Derive("23", []atom.Derivation{{Op: atom.DeriveSum}}); got != "" {
		t.Errorf("derive(23) with no ratio declared = %q, want nothing", got)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// The records a document qualifies (a date range it states, and no note
// where it says notes exclude) give the total of a value split evenly
// over each record's list of items, and each item's share: the January
// deals with no note, less the one with no touchpoint. A December deal,
// a noted deal, the deal with no touchpoint or a share cut otherwise is
// no part of it, and without the range or the word on notes there is no
// such selection.
func TestDeriveOverQualifiedRecords(t *testing.T) {
	deals := `[{"deal":"Acme","value":"50000","touchpoints":"Google Ads, Webinar, Sales Email","close_date":"2026-01-20","notes":""},
		{"deal":"Zenith","value":"150000","touchpoints":"Webinar, Conference, Sales Email, Demo","close_date":"2026-01-15","notes":""},
		{"deal":"Horizon","value":"20000","touchpoints":"Referral","close_date":"2026-01-22","notes":""},
		{"deal":"Vertex","value":"40000","touchpoints":"","close_date":"2026-01-25","notes":""},
		{"deal":"Ridgeline","value":"80000","touchpoints":"LinkedIn Ad, Conference","close_date":"2025-12-31","notes":""},
		{"deal":"Northstar","value":"90000","touchpoints":"Google Ads, Webinar","close_date":"2026-01-08","notes":"Attribution under dispute, exclude until resolved"}]`
	read := func(mail string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Send the channel attribution report.")}}
		ctx.Add("mail", `[{"body_plain":`+strconvQuote(mail)+`}]`)
		ctx.Add("deals", deals)
		return ctx
	}
	rules := "Use a linear model: credit is split evenly across touchpoints.\nOnly include deals whose close_date falls within January 2026 (2026-01-01 through 2026-01-31). Always check the notes column and exclude any deal flagged for exclusion."
	ds := []atom.Derivation{{Op: atom.DeriveSum, Field: "value", With: "touchpoints"}}
	ctx := read(rules)
	// 54,166 is the share of Webinar and of Sales Email alike (Acme's
	// third and Zenith's quarter: 54,166.67, cut).
	for v, want := range map[string]string{"220,000": "split evenly", "37,500": `"conference"'s share`, "54,166": `'s share of the total of value split evenly`} {
		if got := ctx.Derive(v, ds); !strings.Contains(got, want) || !strings.Contains(got, "with no notes") {
			t.Errorf("derive(%s) = %q, want %s over the qualifying deals", v, got, want)
		}
	}
	// 260,000 counts Vertex; 300,000 Ridgeline; 310,000 Northstar;
	// 77,500 is Conference with Ridgeline's share.
	for _, v := range []string{"260,000", "300,000", "310,000", "77,500"} {
		if got := ctx.Derive(v, ds); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := read("Use a linear model. Check the notes column and exclude flagged deals.").Derive("220,000", ds); got != "" {
		t.Errorf("derive(220,000) with no date range stated = %q, want nothing", got)
	}
	if got := read("Only include deals whose close_date falls in 2026-01-01 through 2026-01-31.").Derive("220,000", ds); got != "" {
		t.Errorf("derive(220,000) with notes not said to exclude = %q, want nothing", got)
	}
}

// A rubric of conditions and points scores what the other texts meet:
// always 50; a budget named, 20; "Q1 or Q2", 15; one of a list of titles,
// 10; -5 per competitor, counted in the one text that names them most
// (a second listing of the same mails counts them once). A score with a
// condition not met, or a table whose columns are no rubric's, is not
// derived.
func TestDeriveRubricScore(t *testing.T) {
	rubric := `[{"Factor":"Base","Condition":"Always","Points":"50"},
		{"Factor":"Budget disclosed","Condition":"Budget amount mentioned","Points":"20"},
		{"Factor":"Near-term timeline","Condition":"Q1 or Q2","Points":"15"},
		{"Factor":"C-level decision maker","Condition":"CEO, CFO, CTO, COO","Points":"10"},
		{"Factor":"Competitive landscape","Condition":"Per competitor mentioned","Points":"-5"}]`
	mails := `[{"body_plain":"pain point: data silos\nbudget: $150,000\ncompetitor: Acme Analytics"},
		{"body_plain":"decision maker: CTO\ntimeline: Q2\ncompetitor: DataViz Pro\ncompetitor: Insight Corp"}]`
	read := func(mails, rubric string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Document the discovery call with its deal score.")}}
		ctx.Add("mails", mails)
		ctx.Add("mails again", mails)
		ctx.Add("scoring", rubric)
		return ctx
	}
	ds := []atom.Derivation{{Op: atom.DeriveSum, Field: "Points", With: "Condition"}}
	if got := read(mails, rubric).Derive("80", ds); !strings.Contains(got, "Points of the conditions") {
		t.Errorf("derive(80) = %q, want the rubric's score", got)
	}
	for _, v := range []string{"65", "95", "70"} {
		if got := read(mails, rubric).Derive(v, ds); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	// Q3 meets no condition: 65.
	if got := read(strings.Replace(mails, "Q2", "Q3", 1), rubric).Derive("80", ds); got != "" {
		t.Errorf("derive(80) with Q3 = %q, want nothing", got)
	}
	if got := read(mails, strings.ReplaceAll(rubric, `"Condition"`, `"Note"`)).Derive("80", anyField); got != "" {
		t.Errorf("derive(80) with no condition column = %q, want nothing", got)
	}
}

// A percentage change or a price the instruction states on its own
// scales a figure the records give: a record's amount plus a stated
// uplift, a group's hours at a stated rate. Ratios are not scaled, and a
// figure no record gives stays underived.
func TestDeriveStatedFactorOfARecordFigure(t *testing.T) {
	ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction",
		"Set the Marlow Foods renewal to last year's closed-won amount plus the 15% uplift, and bill Verity Books for their hours at our rate of $120 an hour.")}}
	ctx.Add("deals", `[{"dealname":"Marlow Foods 2026","dealstage":"closedwon","amount":48000},
		{"dealname":"Marlow Foods add-on","dealstage":"closedlost","amount":9000}]`)
	ctx.Add("rows", `[{"Client":"Verity Books","Hours":"12.5"},{"Client":"Verity Bookshop","Hours":"6"},
		{"Client":"Verity Books","Hours":"15"},{"Client":"Verity Books","Hours":"10"}]`)
	if got := ctx.Derive("55200", anyField); !strings.Contains(got, "plus the stated 15%") {
		t.Errorf("derive(55200) = %q, want 48000 plus the stated 15%%", got)
	}
	if got := ctx.Derive("4500", anyField); !strings.Contains(got, `"verity books"`) || !strings.Contains(got, "$120 per hour") {
		t.Errorf("derive(4500) = %q, want the Verity Books hours at the stated $120", got)
	}
	for _, v := range []string{"56000", "5760"} { // no record's figure, no group's
		if got := ctx.Derive(v, anyField); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := ctx.Derive("55200", []atom.Derivation{{Op: atom.DeriveSum}}); got != "" {
		t.Errorf("a scaled figure needs a declared product: %q", got)
	}
}

// A period the instruction names without its dates ("Q3 2026", "this
// quarter", "last month", "in the last 7 days") qualifies records by their
// date, as a range written out does; a month written as 2026-07 lies in
// the period when its days do. Read against the data's clock.
func TestDeriveTotalOverANamedPeriod(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-10-09T08:00:00Z")
	sum := []atom.Derivation{{Op: atom.DeriveSum}}
	months := `[{"Month":"2026-06","Revenue":"401,220.10"},{"Month":"2026-07","Revenue":"412,880.25"},
		{"Month":"2026-08","Revenue":"389,105.50"},{"Month":"2026-09","Revenue":"482,365.00"},{"Month":"2026-10","Revenue":"97,000.00"}]`
	days := `[{"id":"p1","amount":1200,"paid_on":"2026-07-14"},{"id":"p2","amount":800,"paid_on":"2026-09-30T18:00:00Z"},
		{"id":"p3","amount":500,"paid_on":"2026-10-05"},{"id":"p4","amount":300,"paid_on":"2026-10-08"},{"id":"p5","amount":50,"paid_on":"2026-06-30"}]`
	cases := []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Email the CFO the total Q3 2026 revenue.", months, "1284350.75", true},
		{"Email the CFO the total revenue for this quarter so far.", months, "97000", false}, // one row: no total
		{"Email the CFO the total Q3 2026 revenue.", months, "1685570.85", false},            // June too
		{"Post the payments received last quarter.", days, "2000", true},
		{"Post the payments received this quarter.", days, "800", true},
		{"Post the payments received in the last 7 days.", days, "800", true},
		{"Post the payments received in the last 7 days.", days, "1300", false},
		{"Post the payments received last month.", days, "800", false}, // one record: no total
	}
	for _, c := range cases {
		ctx := &ground.Visible{Clock: clock, Docs: []ground.ContextDoc{ground.NewDoc("the instruction", c.instruction)}}
		ctx.Add("records", c.records)
		if got := ctx.Derive(c.figure, sum); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A yes-or-no field the instruction names by its word (is_won: "won")
// qualifies records as a period does, and a qualified set of records
// gives each field's average: the deals won this quarter average 26,000;
// the lost one and last quarter's are out.
func TestDeriveAverageOfFlaggedRecordsInAPeriod(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-09-21T10:00:00Z")
	ctx := &ground.Visible{Clock: clock, Docs: []ground.ContextDoc{ground.NewDoc("the instruction",
		"Email the board the average amount of the opportunities we won this quarter.")}}
	ctx.Add("opportunities", `[{"name":"Arden","amount":24000,"is_won":true,"close_date":"2026-07-14"},
		{"name":"Bexley","amount":36000,"is_won":true,"close_date":"2026-08-30"},
		{"name":"Corran","amount":18000,"is_won":true,"close_date":"2026-09-05"},
		{"name":"Dunmore","amount":90000,"is_won":true,"close_date":"2026-06-28"},
		{"name":"Elgin","amount":12000,"is_won":false,"close_date":"2026-08-02"}]`)
	avg := []atom.Derivation{{Op: atom.DeriveSum}, {Op: atom.DeriveCount}}
	if got := ctx.Derive("26000", avg); !strings.Contains(got, "average of amount") {
		t.Errorf("derive(26000) = %q, want the average of the won deals this quarter", got)
	}
	for _, v := range []string{"22500", "42000"} { // the lost deal in; last quarter's in
		if got := ctx.Derive(v, avg); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
}
