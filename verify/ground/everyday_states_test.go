package ground

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// States asked in everyday words across lifecycles (the twenty-first
// batch's working tasks): webinars that "have finished" are the ended
// ones, a meeting's end being an end of work; registrants "awaiting
// approval" the pending ones, beside approved and denied ones (waiting for
// the act a pending record lacks, where no value itself says what it
// awaits); estimates the customers "declined" the rejected ones; bookings
// and events "still on" the active and the confirmed ones, but not work
// "still on his plate"; a text without the words names no group.
func TestDeriveCountOfAStateNamedInEverydayWords(t *testing.T) {
	webinars := records("status", "ended", 11, "waiting", 5, "started", 2)
	registrants := records("status", "pending", 13, "approved", 8, "denied", 3)
	estimates := records("txn_status", "Rejected", 11, "Accepted", 7, "Pending", 4)
	bookings := records("status", "active", 12, "canceled", 6, "completed", 5)
	events := records("status", "confirmed", 14, "cancelled", 5, "tentative", 3)
	checkCounts(t, []countCase{
		{"Post how many of our Zoom webinars have finished, as 'Finished webinars: N'.", "webinars", webinars, "11", true},
		{"Post how many Zoom webinars we have, by status.", "webinars", webinars, "11", false},
		{"Text how many Zoom registrants are still awaiting approval.", "registrants", registrants, "13", true},
		{"Text how many registrants are waiting for approval.", "registrants", registrants, "13", true},
		{"Text how many registrants there are, by status.", "registrants", registrants, "13", false},
		{"Text how many registrants are awaiting approval.", "registrants", records("status", "pending", 13, "awaiting approval", 4, "approved", 8), "13", false},
		{"Email how many QuickBooks estimates our customers declined.", "estimates", estimates, "11", true},
		{"Email how many QuickBooks estimates we sent.", "estimates", estimates, "11", false},
		{"Email how many Calendly bookings are still on, as 'Still on: N'.", "bookings", bookings, "12", true},
		{"Email how many Calendly bookings are still on his calendar.", "bookings", bookings, "12", false},
		{"Text how many of the events on our calendar are still on.", "events", events, "14", true},
		{"Text how many events there are on our calendar.", "events", events, "14", false},
	})
}

// A month named whole is a period that qualifies records by their dates
// (the twenty-first batch's gmail_calendly_invitees_no_show_in_november_count):
// on 9 December 2026 the invitees marked as no-shows "during November"
// are the 12 marked in November 2026, not those of October or December;
// "November 2025" is another year's, and a month beside a day's number is
// a date, no period.
func TestDeriveCountOverAMonthNamed(t *testing.T) {
	var recs []string
	add := func(n int, day string) {
		for range n {
			recs = append(recs, fmt.Sprintf(`{"name":"Invitee %c%c","is_no_show":true,"no_show_marked_at":%q}`, 'a'+len(recs)%26, 'a'+len(recs)/26, day))
		}
	}
	add(12, "2026-11-14T12:00:00Z")
	add(5, "2026-10-20T12:00:00Z")
	add(4, "2026-12-03T12:00:00Z")
	invitees := "[" + strings.Join(recs, ",") + "]"
	for _, c := range []struct {
		instruction string
		want        bool
	}{
		{"Email how many Calendly invitees were marked as no-shows during November.", true},
		{"Email how many Calendly invitees were marked as no-shows in November 2026.", true},
		{"Email how many Calendly invitees were marked as no-shows in November 2025.", false},
		{"Email how many Calendly invitees were marked as no-shows by November 14.", false},
		{"Email how many Calendly invitees were marked as no-shows.", false},
	} {
		ctx := &Visible{Clock: time.Date(2026, 12, 9, 10, 0, 0, 0, time.UTC), Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("invitees", invitees)
		if got := ctx.Derive("12", []atom.Derivation{{Op: atom.DeriveCount}}) != ""; got != c.want {
			t.Errorf("%q: derived 12 = %v, want %v", c.instruction, got, c.want)
		}
	}
}

// A count of things at a price the text does not write is that count
// times the price a record holds (the twenty-first batch's
// qb_estimate_thirteen_lanterns_at_item_price): "thirteen Copper lanterns
// at the item's list price" is 13 times the item's 64, 832; the same
// words without the count, or a count at no price, state no product.
func TestDeriveACountAtARecordsPrice(t *testing.T) {
	items := `[{"name":"Copper lantern","unit_price":64},{"name":"Copper lantern hook","unit_price":7}]`
	ds := []atom.Derivation{{Op: atom.DeriveProduct}, {Op: atom.DeriveSum}}
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Create an estimate for Millpond Brewery for thirteen Copper lanterns at the item's list price.", "832", true},
		{"Create an estimate for Millpond Brewery for 13 Copper lanterns at our unit price.", "832", true},
		{"Create an estimate for Millpond Brewery for Copper lanterns at the item's list price.", "832", false},
		{"Create an estimate for Millpond Brewery for thirteen Copper lanterns.", "832", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("items", items)
		if got := ctx.Derive(c.figure, ds) != ""; got != c.want {
			t.Errorf("%q: derived %s = %v, want %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A count of an item the text names by its quoted name, in a text that
// prices it at a record's price in another sentence, is that count times
// the price (the working half's
// gmail_total_for_oak_boards_at_xero_item_price): "24 of our 'Oak board
// 2m'" at "the sales price on the Xero item" is 24 times 18.75, 450; the
// same count with no price asked for states no product.
func TestDeriveACountOfANamedItemAtARecordsPrice(t *testing.T) {
	items := `[{"name":"Oak board 2m","sales_unit_price":18.75},{"name":"Oak board 3m","sales_unit_price":27.5}]`
	ds := []atom.Derivation{{Op: atom.DeriveProduct}}
	for _, c := range []struct {
		instruction string
		want        bool
	}{
		{"Pell & Hart want 24 of our 'Oak board 2m'. Email them the total at the sales price on the Xero item.", true},
		{"Pell & Hart want twenty-four \u201cOak board 2m\u201d. Email them the total at the item's price.", true},
		{"Pell & Hart want 24 of our 'Oak board 2m'. Email them a thank-you note.", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("items", items)
		if got := ctx.Derive("450", ds) != ""; got != c.want {
			t.Errorf("%q: derived 450 = %v, want %v", c.instruction, got, c.want)
		}
	}
}
