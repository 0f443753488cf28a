package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// fieldViolated reports whether checking w against ss finds a broken
// invariant on field f.
func fieldViolated(ss map[string]*atom.Server, w *state.World, f string) bool {
	for _, v := range CheckWorld("d", ss, w) {
		if v.Rule == RuleInvariant && v.Field == f {
			return true
		}
	}
	return false
}

// TestChargeRefundedInFull: a Stripe charge is refunded exactly when its
// amount_refunded has come to its amount (the built-in atom's reaches
// rule): one refunded in full yet not refunded breaks it, as does one
// refunded in part yet refunded.
func TestChargeRefundedInFull(t *testing.T) {
	ss := map[string]*atom.Server{"stripe": builtinServer(t, "stripe")}
	for _, c := range []struct {
		refunded, amount float64
		flag             bool
		want             bool // a violation
	}{{5000, 5000, true, false}, {5000, 5000, false, true}, {2000, 5000, false, false}, {2000, 5000, true, true}, {0, 5000, false, false}} {
		ch := state.Record{"id": "ch_1", "amount": c.amount, "amount_refunded": c.refunded, "refunded": c.flag, "paid": true, "status": "succeeded", "currency": "usd"}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("stripe.charges", "id", []state.Record{ch}))
		if got := fieldViolated(ss, w, "refunded"); got != c.want {
			t.Errorf("amount_refunded %v of %v, refunded %v: violation %v, want %v", c.refunded, c.amount, c.flag, got, c.want)
		}
	}
}

// TestPeopleCountOfItsPersons: a Pipedrive organization's people_count is
// the number of persons whose org_id names it (the built-in atom's
// referred_by rule by count): below or above them breaks it.
func TestPeopleCountOfItsPersons(t *testing.T) {
	ss := map[string]*atom.Server{"pipedrive": builtinServer(t, "pipedrive")}
	persons := []state.Record{
		{"id": "101", "name": "Ana Ruiz", "org_id": "3001"},
		{"id": "102", "name": "Ben Ode", "org_id": "3001"},
		{"id": "103", "name": "Cy Lam", "org_id": "3002"},
	}
	for _, c := range []struct {
		count float64
		want  bool // a violation
	}{{2, false}, {1, true}, {35, true}, {0, true}} {
		org := state.Record{"id": "3001", "name": "Acme Corp", "people_count": c.count}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("pipedrive.organizations", "id", []state.Record{org}),
			state.NewCollection("pipedrive.persons", "id", persons))
		if got := fieldViolated(ss, w, "people_count"); got != c.want {
			t.Errorf("people_count %v over 2 persons: violation %v, want %v", c.count, got, c.want)
		}
	}
}
