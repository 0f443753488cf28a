package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRefundOnASucceededCharge: a Stripe refund is of a charge that
// succeeded; a failed or pending charge took no money to give back, so
// it holds no refund of any status, not even a failed one, which moved
// no money itself (the built-in atom's refers_to on charge).
func TestRefundOnASucceededCharge(t *testing.T) {
	ss := map[string]*atom.Server{"stripe": builtinServer(t, "stripe")}
	clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		status string
		want   int
	}{{"succeeded", 0}, {"failed", 1}, {"pending", 1}} {
		charges := state.NewCollection("stripe.charges", "id", []state.Record{{"id": "ch_10001", "amount": 5000, "currency": "usd", "status": c.status}})
		refunds := state.NewCollection("stripe.refunds", "id", []state.Record{{"id": "re_10001", "charge": "ch_10001", "amount": 2000, "status": "failed"}})
		vs := CheckWorld("d", ss, state.NewWorld(clock, charges, refunds))
		if got := countOn(vs, "stripe.refunds", "charge"); got != c.want {
			t.Errorf("charge %s: %d violations on charge, want %d: %v", c.status, got, c.want, vs)
		}
	}
}
