package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestCountNotBelowTheRecordsPresent: a customer's orders_count is not
// below the orders in the world that name it; a count above them (orders
// before the world's records) is left alone, and so is a count whose
// records reference their owner by a field named otherwise (a user's
// tweet_count of tweets by author_id).
func TestCountNotBelowTheRecordsPresent(t *testing.T) {
	ref := func(c string) atom.Field { return atom.Field{Type: "string", Role: atom.RoleRef, Ref: c} }
	count := atom.Field{Type: "integer", Role: atom.RoleCount}
	s := &atom.Server{Kind: atom.KindServer, ID: "shop", Collections: []atom.Collection{
		{Name: "customers", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}, "orders_count": count}},
		{Name: "orders", Fields: map[string]atom.Field{"customer_id": ref("customers")}},
		{Name: "users", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}, "tweet_count": count}},
		{Name: "tweets", Fields: map[string]atom.Field{"author_id": ref("users")}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("shop.customers", "id", []state.Record{
			{"id": "c1", "name": "Ana Ruiz", "orders_count": 1},
			{"id": "c2", "name": "Bo Lund", "orders_count": 5},
		}),
		state.NewCollection("shop.orders", "id", []state.Record{
			{"id": "o1", "customer_id": "c1"}, {"id": "o2", "customer_id": "c1"}, {"id": "o3", "customer_id": "c1"}, {"id": "o4", "customer_id": "c2"},
		}),
		state.NewCollection("shop.users", "id", []state.Record{{"id": "u1", "name": "Cy Park", "tweet_count": 0}}),
		state.NewCollection("shop.tweets", "id", []state.Record{{"id": "t1", "author_id": "u1"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"shop": s}, w) {
		if v.Rule == RuleFields {
			got = append(got, v.Collection+"["+v.Key+"]."+v.Field)
		}
	}
	if len(got) != 1 || got[0] != "shop.customers[c1].orders_count" {
		t.Errorf("fields violations at %v, want the customer counting 1 of its 3 orders only", got)
	}
}
