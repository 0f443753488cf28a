package verify

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// A total over the rows an agent selects by a condition, a total of
// per-row products, the days from today to a date, and a figure computed
// from two totals the same write states are derived; numbers no
// selection, product or date gives are not.
func TestDeriveSelectedRowsAndDays(t *testing.T) {
	all := []string{DeriveCount, DeriveSum, DeriveDifference, DeriveProduct, DeriveRatio}
	ctx := &visible{clock: time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC)}
	ctx.add("trial balance", `[{"Account":"SaaS","Type":"Revenue","Balance":"$185,000"},
		{"Account":"Consulting","Type":"Revenue","Balance":"$92,000"},
		{"Account":"Salaries","Type":"Expense","Balance":"$210,000"},
		{"Account":"Rent","Type":"Expense","Balance":"$15,000"},
		{"Account":"Deferred","Type":"Liability","Balance":"$45,000"}]`)
	ctx.add("line items", `[{"Part":"A-EXP","Quantity":"50","Unit Price":"$125.00"},
		{"Part":"B-STD","Quantity":"200","Unit Price":"$18.50"},
		{"Part":"C-EXP","Quantity":"30","Unit Price":"$245.00"}]`)
	ctx.add("visas", `[{"Employee":"Kim","Expiration":"2026-07-15"}]`)
	for v, want := range map[string]string{
		"277,000": "selected rows", // the two revenue rows
		"225,000": "selected rows", // the two expense rows
		"13,600":  "selected rows", // 50 x 125 + 30 x 245
		"122":     "days from",     // 2026-03-15 to 2026-07-15
	} {
		if got := ctx.derive(v, all); !strings.Contains(got, want) {
			t.Errorf("derive(%s) = %q, want it %s", v, got, want)
		}
	}
	for _, v := range []string{"123,457", "9,999", "121.5"} {
		if got := ctx.derive(v, all); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	if got := ctx.derive("277,000", []string{DeriveCount}); got != "" {
		t.Errorf("a total is derived without a declared sum: %q", got)
	}
	if got := ctx.derive("122", []string{DeriveSum}); got != "" {
		t.Errorf("days are derived without a declared difference: %q", got)
	}
	if !subsetSum([]float64{1, 2, 4}, 6) || subsetSum([]float64{1, 2, 4}, 4) {
		t.Error("subsetSum: a sum of two or more rows, not one row alone")
	}
}

// An amount times the change of a rate read from two worksheets is
// derived when the intent declares a product and a difference; the same
// figure with one operation missing, a change between values of unlike
// size, or a small whole number as the multiplier is not.
func TestDeriveTwoSteps(t *testing.T) {
	all := []string{DeriveCount, DeriveSum, DeriveDifference, DeriveProduct, DeriveRatio}
	ctx := &visible{}
	ctx.add("open invoices", `[{"Customer":"EuroLogic","Foreign Amount":"50,000","Booking Rate":"1.08"},
		{"Customer":"British Design","Foreign Amount":"20,000","Booking Rate":"1.25"}]`)
	ctx.add("current rates", `[{"Currency":"EUR","Rate to USD":"1.10"},{"Currency":"GBP","Rate to USD":"1.28"}]`)
	for v, want := range map[string]string{
		"1,000": "50000 x (1.1 - 1.08)",
		"600":   "20000 x (1.28 - 1.25)",
	} {
		if got := ctx.derive(v, all); got != "derived: "+want {
			t.Errorf("derive(%s) = %q, want %q", v, got, "derived: "+want)
		}
	}
	for _, ops := range [][]string{{DeriveProduct, DeriveRatio}, {DeriveDifference, DeriveSum}} {
		if got := ctx.derive("1,000", ops); got != "" {
			t.Errorf("derive(1,000) with only %v = %q, want nothing", ops, got)
		}
	}
	// 1,001 and 2,513.6 are no amount times a change of like-sized values.
	for _, v := range []string{"1,001", "2,513.6"} {
		if got := ctx.derive(v, all); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	small := &visible{}
	small.add("claims", `[{"Amount":"$340","Cap":"250","Nights":"2"}]`)
	if got := small.derive("180", all); got != "" {
		t.Errorf("derive(180) = %q: 2 x (340 - 250) is an accident, not a derivation", got)
	}
	if got := twoStep(1000, []float64{50000, 1.10, 3.5}, func(string) bool { return true }); got != "" {
		t.Errorf("twoStep over 1.10 and 3.5 (unlike sizes) = %q, want nothing", got)
	}
}

// A ratio is of two positive numbers: a number over a piece of a date
// ("2026-02-15" reads -2 and -15 too) derives nothing.
func TestDeriveRatioNotByAccident(t *testing.T) {
	ctx := &visible{}
	ctx.add("rates", `[{"Currency":"EUR","Rate":"1.08","Date":"2026-02-15"}]`)
	for _, v := range []string{"750", "0.75"} {
		if got := ctx.derive(v, []string{DeriveRatio}); got != "" {
			t.Errorf("derive(%s) = %q, want nothing", v, got)
		}
	}
	ctx.add("counts", `[{"Open":"30","Total":"120"}]`)
	if got := ctx.derive("25", []string{DeriveRatio}); got == "" {
		t.Error("25 (30 of 120, as a percentage) is not derived")
	}
}

// A value that fills a template the data gives (the words before a
// placeholder, then a value the agent saw) is grounded; the same words
// with a value nobody showed, or one word of the template alone, are not.
func TestGroundTemplateFill(t *testing.T) {
	ctx := &visible{}
	ctx.add("policy", `{"text":"Procedure: create a task with subject 'Follow up on missed call - <EventName>'. Code: EMG-[row_id]."}`)
	ctx.add("events", `[{"name":"Product Demo"},{"name":"Kickoff"}]`)
	if got := ctx.find("Follow up on missed call - Product Demo", "subject"); !strings.Contains(got, "template") {
		t.Errorf("template fill not grounded: %q", got)
	}
	for _, v := range []string{"Follow up on missed call - Board Review", "call Product Demo", "missed Kickoff"} {
		if got := ctx.find(v, "subject"); got != "" {
			t.Errorf("find(%q) = %q, want nothing", v, got)
		}
	}
}

// A person shown as a first and a last name field is known by the whole
// name; two fields of different people are not joined.
func TestGroundFullName(t *testing.T) {
	ctx := &visible{}
	ctx.add("leads", `[{"first_name":"Test","last_name":"Lead","company":"Test Co"},{"firstName":"New","lastName":"VP"},{"first_name":"Ann","title":"CTO"},{"last_name":"Smith"}]`)
	for _, v := range []string{"Test Lead", "New VP"} {
		if ctx.find(v, "subject") == "" {
			t.Errorf("%q not grounded", v)
		}
	}
	if got := ctx.find("Ann Smith", "subject"); got != "" {
		t.Errorf("two people's fields joined: %q", got)
	}
}

// A figure one write states beside the totals it is computed from (net
// income beside revenue and expenses) is derived from them; without the
// totals in the same write it is not.
func TestGroundStepDerivesFromItsOwnTotals(t *testing.T) {
	in := &envInfo{intent: &atom.Intent{Derive: []string{DeriveSum, DeriveDifference}}}
	lits := []literal{
		{goal: 0, target: "gmail.messages", field: "body", op: assert.OpContains, value: "277,000"},
		{goal: 1, target: "gmail.messages", field: "body", op: assert.OpContains, value: "229,500"},
		{goal: 2, target: "gmail.messages", field: "body", op: assert.OpContains, value: "47,500"},
	}
	read := func() *visible {
		ctx := &visible{}
		ctx.add("trial balance", `[{"Type":"Revenue","Balance":"$185,000"},{"Type":"Revenue","Balance":"$92,000"},
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
	ctx := &visible{}
	ctx.add("rows", `[{"cells":{"Equipment Name":"HVAC Unit 3","Risk Score":"10"}},{"cells":{"Equipment Name":"Forklift","Risk Score":"8"}}]`)
	if ctx.find("Risk Score: 10", "body") == "" {
		t.Error("field and value not grounded")
	}
	for _, v := range []string{"Risk Score", "Risk Score: 11", "Equipment Name: Crane"} {
		if got := ctx.find(v, "body"); got != "" {
			t.Errorf("find(%q) = %q, want nothing", v, got)
		}
	}
}
