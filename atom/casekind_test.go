package atom

import "testing"

// TestCaseFitsAmong: a request type at large takes a request of a topic
// only where no other type of its desk fits it naming that topic; a type
// naming a topic, and a request of none, are read as CaseFits reads them.
func TestCaseFitsAmong(t *testing.T) {
	desk := []string{"Ask about an order", "Report a delivery problem", "Report a bug"}
	for _, c := range []struct {
		subject, name string
		others        []string
		want          bool
	}{
		{"Order 2231 arrived damaged", "Ask about an order", desk, false},
		{"Order 2231 arrived damaged", "Ask about an order", []string{"Ask about an order", "Change a shipping address"}, true},
		{"Order 2231 arrived damaged", "Ask about an order", nil, true},
		{"Order 2231 arrived damaged", "Report a delivery problem", desk, true},
		{"Shipping address change for order 2231", "Ask about an order", []string{"Change a shipping address"}, false},
		{"Shipping address change for order 2231", "Report a delivery problem", desk, false},
		{"Where is order 2231?", "Ask about an order", desk, true},
		{"Login fails after password reset", "Report a bug", desk, true},
		{"Login fails after password reset", "Report a bug", []string{"Fix a printer"}, true},
		{"Order 2231 arrived damaged", "Report a bug", nil, false},
	} {
		if got := CaseFitsAmong(c.subject, c.name, c.others); got != c.want {
			t.Errorf("%q under %q beside %q: fits %v, want %v", c.subject, c.name, c.others, got, c.want)
		}
	}
}
