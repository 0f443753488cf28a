package inflect

import "testing"

func TestSingularPlural(t *testing.T) {
	for _, c := range []struct{ one, many string }{
		{"ticket", "tickets"},
		{"support_ticket", "support_tickets"},
		{"activity", "activities"},
		{"mailbox", "mailboxes"},
		{"address", "addresses"},
		{"branch", "branches"},
		{"person", "people"},
		{"sales_person", "sales_people"},
		{"status", "statuses"},
		{"order status", "order statuses"},
		{"analysis", "analyses"},
		{"data", "data"},
		{"campus", "campuses"},
		{"house", "houses"},
		{"cause", "causes"},
		{"key", "keys"},
	} {
		if got := Singular(c.many); got != c.one {
			t.Errorf("Singular(%q) = %q, want %q", c.many, got, c.one)
		}
		if got := Plural(c.one); got != c.many {
			t.Errorf("Plural(%q) = %q, want %q", c.one, got, c.many)
		}
	}
	// A singular stays as it is.
	for _, s := range []string{"status", "address", "campus", "ticket", "person", "s"} {
		if got := Singular(s); got != s {
			t.Errorf("Singular(%q) = %q, want it unchanged", s, got)
		}
	}
}
