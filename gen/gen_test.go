package gen

import (
	"strings"
	"testing"
	"time"
)

var clock = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func TestParse(t *testing.T) {
	good := []string{"person.name", "person.email", "company.name", "date(-30d,0d)", "datetime(-3h,+15m)", "amount(10,500)", "int(1,3)", "text(5)", "sentence", "oneof(a|b|c)", "seq(INV-,1000)", "hex(tx_,8)", "bool", "const(x, y)"}
	for _, s := range good {
		if _, err := Parse(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	bad := map[string]string{
		"person.age":      "unknown generator",
		"amount(500,10)":  "bad range",
		"date(-30x,0d)":   "bad offset",
		"text(0)":         "bad count",
		"int(1)":          "needs 2 arguments",
		"oneof(a|b":       "missing )",
		"seq(INV-,first)": "bad start",
	}
	for s, want := range bad {
		if _, err := Parse(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want error containing %q", s, err, want)
		}
	}
}

func draw(seed int64, specs ...string) []any {
	src := New(seed, "crm.contacts", clock)
	var out []any
	for i := 0; i < 5; i++ {
		row := src.NewRow()
		for _, s := range specs {
			sp, _ := Parse(s)
			out = append(out, src.Value(sp, row))
		}
	}
	return out
}

func TestDeterministicAndSeeded(t *testing.T) {
	specs := []string{"person.name", "person.email", "amount(10,500)", "date(-30d,0d)", "seq(C-,1)"}
	a, b, c := draw(1, specs...), draw(1, specs...), draw(2, specs...)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed differs at %d: %v vs %v", i, a[i], b[i])
		}
	}
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	if same == len(a) {
		t.Fatal("different seeds give the same values")
	}
}

func TestValuesAreRealisticAndInRange(t *testing.T) {
	src := New(3, "x", clock)
	for i := 0; i < 200; i++ {
		row := src.NewRow()
		email := src.Value(Spec{Name: "person.email"}, row).(string)
		first := strings.ToLower(row.Person.First)
		if !strings.HasPrefix(email, first+".") || !strings.HasSuffix(email, ".example") {
			t.Fatalf("email %q does not fit %s at %s", email, row.Person.First, row.Company.Domain)
		}
		amt := src.Value(Spec{Name: "amount", Args: []string{"10", "20"}}, row).(float64)
		if amt < 10 || amt > 20 {
			t.Fatalf("amount %v out of range", amt)
		}
		d := src.Value(Spec{Name: "date", Args: []string{"-30d", "0d"}}, row).(string)
		day, err := time.Parse("2006-01-02", d)
		if err != nil || day.After(clock) || day.Before(clock.AddDate(0, 0, -31)) {
			t.Fatalf("date %q out of range", d)
		}
	}
	sp, _ := Parse("seq(INV-,1000)")
	if v1, v2 := src.Value(sp, nil), src.Value(sp, nil); v1 != "INV-1000" || v2 != "INV-1001" {
		t.Fatalf("seq: %v %v", v1, v2)
	}
}

// TestCompanyBeside: a company other than the one kept off is itself;
// the one kept off becomes another of the pool, with its stem, and
// drawing it moves no later draw.
func TestCompanyBeside(t *testing.T) {
	a, b := New(3, "rows", clock), New(3, "rows", clock)
	home := a.Company()
	b.Company()
	if got := CompanyBeside(Company{Name: "Globex Labs", Domain: Domain("Globex Labs")}, home); home.Name != "Globex Labs" && got.Name != "Globex Labs" {
		t.Errorf("CompanyBeside kept off %s moved Globex Labs to %s", home.Name, got.Name)
	}
	got := CompanyBeside(home, home)
	if got.Name == home.Name || got.Domain != Domain(got.Name) || !strings.HasPrefix(got.Name, strings.Fields(home.Name)[0]) {
		t.Errorf("CompanyBeside(%s) = %+v", home.Name, got)
	}
	if _, ok := CompanyAt(got.Domain); !ok {
		t.Errorf("%s is no company of the pool", got.Name)
	}
	if a.Company() != b.Company() {
		t.Error("CompanyBeside moved a later draw")
	}
}

// TestCompanyOfTitles: titles naming one company of the pool give it;
// naming none or several, none.
func TestCompanyOfTitles(t *testing.T) {
	for _, c := range []struct {
		titles []string
		want   string
	}{
		{[]string{"Quantum Analytics - new logo"}, "Quantum Analytics"},
		{[]string{"Quantum Analytics - new logo", "Quantum Analytics renewal"}, "Quantum Analytics"},
		{[]string{"Renewal - new logo"}, ""},
		{[]string{"Quantum Analytics and Redwood Systems - joint pilot"}, ""},
		{nil, ""},
	} {
		if got := CompanyOfTitles(c.titles...); got != c.want {
			t.Errorf("CompanyOfTitles(%q) = %q, want %q", c.titles, got, c.want)
		}
	}
}
