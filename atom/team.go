package atom

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// A team rule says a field holds a team's name or address, never one
// person's: a shared inbox is "Billing" at billing@, a Drive grant to a
// group goes to sales-team@. With a second field and In, it holds only
// where that field is one of In (a grant whose type is group).

// TeamApplies reports whether a team rule covers rec.
func (inv Invariant) TeamApplies(rec map[string]any) bool {
	return inv.Rule == "team" && (len(inv.Fields) == 1 || slices.Contains(inv.In, state.Text(rec[inv.Fields[1]])))
}

// PersonLike reports whether a name or an address reads as one person's:
// a first name the generator knows and one more word ("Kwame Schmidt",
// kwame.schmidt@...).
func PersonLike(v string) bool {
	if local, _, isAddress := strings.Cut(v, "@"); isAddress {
		v = local
	}
	words := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '.' || r == '_' })
	return len(words) == 2 && gen.IsFirstName(words[0])
}
