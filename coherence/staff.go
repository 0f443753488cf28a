package coherence

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// The workspace's own people (collections declaring staff) work at one
// company, the one the world is about: their work addresses share its
// domain. So does the address of a record's owner or assignee (an Asana
// task's assignee, a Box file's owned_by, a Google Docs document's owner):
// who owns a record in the company's own tool is one of its people. The
// domain is the one most of them are on; an address at a free-mail
// provider says nothing of the company.

// staffAddress is one work address of a member of staff.
type staffAddress struct {
	coll, key, field, email string
}

// staffDomain checks every staff work address of the world is on the
// domain most of them share.
func (c *checker) staffDomain() {
	all := c.staffAddresses()
	home := sharedDomain(all)
	for _, a := range all {
		if !OnDomain(a.email, home) {
			c.add(RuleIdentity, a.coll, a.key, a.field, a.email, "%s, one of the workspace's own people, is not on its domain %s", a.email, home)
		}
	}
}

// staffAddresses are the work addresses of the world's members of staff
// and of its records' owners.
func (c *checker) staffAddresses() []staffAddress {
	var all []staffAddress
	for _, name := range c.w.Names() {
		sh := c.shape(name)
		if sh == nil {
			continue
		}
		owners := OwnerAddressFields(sh)
		if sh.def.Staff == nil && len(owners) == 0 {
			continue
		}
		col := c.w.Collection(name)
		via := c.viaCollection(name, sh.def)
		for _, rec := range col.Records {
			k, _ := state.KeyOf(rec, col.Key)
			fields := owners
			if st := sh.def.Staff; st != nil && st.HoldsVia(rec, via.lookup(rec, st.Via)) {
				fields = slices.Concat(st.AddressFields(sh.def), owners)
			}
			for _, f := range fields {
				e := strings.ToLower(state.Text(rec[f]))
				if strings.Contains(e, "@") && !FreeMail(e) {
					all = append(all, staffAddress{name, k, f, e})
				}
			}
		}
	}
	return all
}

// OwnerAddressFields are the fields of a collection holding an address of
// the company's own: its owner fields (OwnerFields) that hold an address,
// whose address it is works at the company, and its email fields declared
// staff (a Box file's owned_by, a Teams channel's own address).
func OwnerAddressFields(sh *Shape) []string {
	var out []string
	owners := OwnerFields(sh)
	for _, f := range sh.names {
		if sh.fields[f].role != atom.RoleEmail {
			continue
		}
		if sh.def.Fields[f].Staff || slices.Contains(owners, f) {
			out = append(out, f)
		}
	}
	return out
}

// sharedDomain is the domain (or parent domain) the most addresses are
// on; among equals, the shortest, then the first in order.
func sharedDomain(as []staffAddress) string {
	best, most := "", 0
	seen := map[string]bool{}
	for _, a := range as {
		d := a.email[strings.LastIndex(a.email, "@")+1:]
		for ; d != "" && strings.Contains(d, "."); d = d[strings.Index(d, ".")+1:] {
			if seen[d] {
				continue
			}
			seen[d] = true
			n := 0
			for _, b := range as {
				if OnDomain(b.email, d) {
					n++
				}
			}
			if n > most || n == most && (len(d) < len(best) || len(d) == len(best) && d < best) {
				best, most = d, n
			}
		}
	}
	return best
}

// viaTarget is the collection a staff declaration's Via reference names,
// or nil.
type viaTarget struct{ col *state.Collection }

// viaCollection is the collection the staff declaration of def reads its
// field on (Via), in the world's app of name.
func (c *checker) viaCollection(name string, def *atom.Collection) viaTarget {
	if def.Staff == nil || def.Staff.Via == "" {
		return viaTarget{}
	}
	app, _ := state.Split(name)
	return viaTarget{c.w.Collection(app + "." + def.Fields[def.Staff.Via].Ref)}
}

// lookup is the record rec's reference f names, or nil.
func (v viaTarget) lookup(rec state.Record, f string) map[string]any {
	if v.col == nil || f == "" {
		return nil
	}
	t, ok := v.col.Lookup(state.Text(rec[f]))
	if !ok {
		return nil
	}
	return t
}
