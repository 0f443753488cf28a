package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestFreshserviceAssetsAreTheCompanys: a Freshservice asset of the
// built-in atom is an item of the company's own IT estate, used by one of
// its requesters: an asset named for a customer's matter ("Renewal vendor
// for Lakeside Health"), or whose user_id names no requester, is a
// violation; a laptop used by a requester, or in stock with no user, is
// not.
func TestFreshserviceAssetsAreTheCompanys(t *testing.T) {
	ss := map[string]*atom.Server{"freshservice": builtinServer(t, "freshservice")}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("freshservice.requesters", "id", []state.Record{
			{"id": "fsr_101", "first_name": "Ana", "last_name": "Ruiz", "primary_email": "ana.ruiz@acme.example"},
		}),
		state.NewCollection("freshservice.assets", "display_id", []state.Record{
			{"display_id": "910001", "name": "Renewal vendor for Lakeside Health", "user_id": "fsr_101", "state": "In Use"},
			{"display_id": "910002", "name": "MacBook Pro 14", "user_id": "fsr_999", "state": "In Use"},
			{"display_id": "910003", "name": "Dell Latitude 7440", "user_id": "fsr_101", "state": "In Use"},
			{"display_id": "910004", "name": "YubiKey 5 NFC", "state": "In Stock"},
		}))
	if got, want := violatedFields(ss, w, "freshservice.assets", ""), []string{"910001 name", "910002 user_id"}; !slices.Equal(got, want) {
		t.Errorf("asset violations %v, want %v", got, want)
	}
}

// TestFrontInboxesApart: the inboxes of a Front workspace (the built-in
// atom) each have a name and an address of their own: a second inbox of
// one name, or of one address, is a violation.
func TestFrontInboxesApart(t *testing.T) {
	ss := map[string]*atom.Server{"front": builtinServer(t, "front")}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("front.inboxes", "id", []state.Record{
			{"id": "inb_101", "name": "Support", "address": "support@acme.example"},
			{"id": "inb_102", "name": "Support", "address": "help@acme.example"},
			{"id": "inb_103", "name": "Billing", "address": "support@acme.example"},
			{"id": "inb_104", "name": "Partners", "address": "partners@acme.example"},
		}))
	if got, want := violatedFields(ss, w, "front.inboxes", RuleInvariant), []string{"inb_102 name", "inb_103 address"}; !slices.Equal(got, want) {
		t.Errorf("inbox violations %v, want %v", got, want)
	}
}

// violatedFields are the "key field" of each violation of a collection,
// of one rule or (rule "") any, sorted.
func violatedFields(ss map[string]*atom.Server, w *state.World, coll, rule string) []string {
	var got []string
	for _, v := range CheckWorld("d", ss, w) {
		if v.Collection == coll && (rule == "" || v.Rule == rule) {
			got = append(got, v.Key+" "+v.Field)
		}
	}
	slices.Sort(got)
	return got
}
