package ground

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// Payment terms and a quarter's ends are days a text names (the
// nineteenth batch's xero_invoice_corran_net_fifteen and
// gcal_ledger_sign_off_final_day_of_quarter): "net 15" and "sixty-day
// terms" count days from today, the end, close or last (final) day of a
// quarter is its last day and its start or first day its first, the
// quarter named by this, current, next or the.
func TestNamedDaysOfTermsAndQuarters(t *testing.T) {
	clock := time.Date(2026, 12, 9, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, want string }{
		{"Invoice them on net 15 terms.", "2026-12-24"},
		{"Invoice them, net fifteen.", "2026-12-24"},
		{"Enter the bill on sixty-day terms.", "2027-02-07"},
		{"Put it on the final day of the current quarter.", "2026-12-31"},
		{"Payable by the close of the quarter.", "2026-12-31"},
		{"Due the last day of this quarter.", "2026-12-31"},
		{"Due at the end of next quarter.", "2027-03-31"},
		{"Start on the first day of next quarter.", "2027-01-01"},
		{"Invoice them for the net amount.", ""},
	} {
		var got []string
		for _, d := range namedDays(satisfy.Loose(c.text), clock) {
			got = append(got, d.Format(time.DateOnly))
		}
		if (c.want == "" && len(got) > 0) || (c.want != "" && !slices.Contains(got, c.want)) {
			t.Errorf("%q names %v, want %q", c.text, got, c.want)
		}
	}
}
