package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestDialledAbroad: a phone number written with another calling code
// than its record's country's is found, and mended to the country's code
// with its digits kept; a number of the country, one written without a
// code, and a record of no known country are left alone.
func TestDialledAbroad(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "companies", Fields: map[string]atom.Field{
		"name":    {Type: "string", Role: atom.RoleCompany},
		"country": {Type: "string", Role: atom.RoleCountry},
		"phone":   {Type: "string", Role: atom.RolePhone},
	}}}}
	sh := ShapeOf(s, &s.Collections[0])
	for _, tc := range []struct {
		country, phone, want string // want "": no contradiction
	}{
		{"KE", "+1-323-555-1977", "+254-323-555-1977"},
		{"de", "+1 789 555 7505", "+49 789 555 7505"},
		{"GB", "+44-20-555-0100", ""},
		{"CA", "+1-416-555-0100", ""},
		{"KE", "0323-555-1977", ""},
		{"KE", "+13235551977", ""},
		{"Atlantis", "+1-323-555-1977", ""},
	} {
		rec := map[string]any{"name": "Polaris Logistics", "country": tc.country, "phone": tc.phone}
		ds := sh.Contradictions(rec)
		got := ""
		for _, d := range ds {
			if d.Field == "phone" {
				d.Mend(rec)
				got = rec["phone"].(string)
			}
		}
		if got != tc.want {
			t.Errorf("%s %s: mended to %q, want %q (%v)", tc.country, tc.phone, got, tc.want, ds)
		}
	}
}

// TestDialledIn: a number is dialled in a country by its calling code,
// its digits kept; one with no calling code apart, or a country not
// known, stays as it is.
func TestDialledIn(t *testing.T) {
	for _, tc := range []struct{ phone, country, want string }{
		{"+1-323-555-1977", "PT", "+351-323-555-1977"},
		{"+1-323-555-1977", "us", "+1-323-555-1977"},
		{"+44-20-555-0100", "IE", "+353-20-555-0100"},
		{"0323-555-1977", "KE", "0323-555-1977"},
		{"+1-323-555-1977", "Atlantis", "+1-323-555-1977"},
	} {
		if got := DialledIn(tc.phone, tc.country); got != tc.want {
			t.Errorf("DialledIn(%q, %q) = %q, want %q", tc.phone, tc.country, got, tc.want)
		}
	}
}
