package atom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// A record written into a container by a person (a comment on a
// document, a message in a space) is written by someone the container
// lets in: a granted rule says so. Its fields are the record's address
// field, its reference to the container, the collection of the grants
// (permissions, memberships), the grants' reference to the container and,
// optionally, the grants' state field, In listing the states that let one
// write (a commenter, not a reader). From names the grant's address field
// and, optionally, its kind field: Values lists the kinds of grant that
// name no one and let everyone in (Drive's anyone), and a grant of
// another kind that names no address lets in those on the domain of the
// container's own people (Drive's domain grant, to the owner's
// organisation). With lists the container's fields whose address is let
// in without a grant (a document's owner). With by named, only a writer a
// grant names is judged, and is let in by a grant that counts: where the
// grants list only some of a container's people (a Google Chat space's
// memberships), one invited and not joined does not post. A writer kept
// as a handle (no @) is the grantee whose address has that local part.

// GrantNamed is the way (by) of a granted rule that judges only the
// writers a grant names.
const GrantNamed = "named"

// ByNamed reports whether a granted rule judges only the writers a grant
// names (by named).
func (inv Invariant) ByNamed() bool { return inv.Rule == "granted" && inv.By == GrantNamed }

// Names reports whether grant g names the writer addr: its address is
// addr, or, for a writer kept as a handle, has addr as its local part.
func (inv Invariant) Names(g map[string]any, addr string) bool {
	to := state.Text(g[inv.From[0]])
	if strings.EqualFold(to, addr) {
		return true
	}
	local, _, ok := strings.Cut(to, "@")
	return ok && addr != "" && !strings.Contains(addr, "@") && strings.EqualFold(local, addr)
}

// GrantsOf gathers, for a granted rule, the grants of recs by the key of
// the container their reference names.
func (inv Invariant) GrantsOf(recs []map[string]any) map[string]Referrers {
	out := map[string]Referrers{}
	for _, r := range recs {
		for _, k := range ReferenceKeys(r[inv.Fields[3]]) {
			out[k] = append(out[k], r)
		}
	}
	return out
}

// GrantCounts reports whether a grant lets its grantee write: any grant,
// or, with a fifth field, one holding one of In in it.
func (inv Invariant) GrantCounts(g map[string]any) bool {
	return len(inv.Fields) < 5 || slices.Contains(inv.In, state.Text(g[inv.Fields[4]]))
}

// ToAnyone reports whether a grant names no one and lets everyone in: its
// kind (From[1]) is one of Values.
func (inv Invariant) ToAnyone(g map[string]any) bool {
	return len(inv.From) > 1 && slices.Contains(inv.Values, state.Text(g[inv.From[1]]))
}

// Granted reports whether the address addr may write into container,
// whose grants are grants: it is one of the container's With fields, or
// a grant that counts names it, is to anyone, or names no address and is
// to the domain of the container's With fields. An empty address is not
// judged.
func (inv Invariant) Granted(addr string, container map[string]any, grants Referrers) bool {
	if addr == "" {
		return true
	}
	if inv.ByNamed() {
		return inv.grantedByName(addr, grants)
	}
	var homes []string
	for _, f := range inv.With {
		own := state.Text(container[f])
		if strings.EqualFold(own, addr) {
			return true
		}
		if d := domainOf(own); d != "" {
			homes = append(homes, d)
		}
	}
	for _, g := range grants {
		if !inv.GrantCounts(g) {
			continue
		}
		to := state.Text(g[inv.From[0]])
		switch {
		case inv.ToAnyone(g), inv.Names(g, addr):
			return true
		case to == "" && len(inv.From) > 1 && slices.Contains(homes, domainOf(addr)) && domainOf(addr) != "":
			return true
		}
	}
	return false
}

// grantedByName reports, for a granted rule by named, whether addr holds
// a grant that counts, or none at all.
func (inv Invariant) grantedByName(addr string, grants Referrers) bool {
	named := false
	for _, g := range grants {
		if inv.Names(g, addr) {
			if inv.GrantCounts(g) {
				return true
			}
			named = true
		}
	}
	return !named
}

// GrantedTo lists the addresses that may write into container by name:
// its With fields' and those of the grants that count, in that order,
// once each.
func (inv Invariant) GrantedTo(container map[string]any, grants Referrers) []string {
	var out []string
	add := func(v string) {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for _, f := range inv.With {
		add(state.Text(container[f]))
	}
	for _, g := range grants {
		if inv.GrantCounts(g) {
			add(state.Text(g[inv.From[0]]))
		}
	}
	return out
}

// domainOf is the lower-cased domain of an address, or "".
func domainOf(addr string) string {
	_, d, ok := strings.Cut(addr, "@")
	if !ok {
		return ""
	}
	return strings.ToLower(d)
}

// validateGranted checks a granted rule: its second field refers to a
// collection, its third names a collection whose fourth field refers to
// that one, and the grant's fields (the fifth, From) are that
// collection's, In among the fifth's values and Values among the kind's;
// With names fields of the container.
func validateGranted(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	target := s.Collection(c.Fields[inv.Fields[1]].Ref)
	if target == nil {
		return Diagnostics{e.Diag(Error, at+".fields[1]", "granted needs a ref field as its second field")}
	}
	grants := s.Collection(inv.Fields[2])
	if grants == nil {
		return Diagnostics{e.Diag(Error, at+".fields[2]", "no collection %q in %s", inv.Fields[2], s.AppName())}
	}
	if rf, ok := grants.Fields[inv.Fields[3]]; !ok || rf.Ref != target.Name {
		return Diagnostics{e.Diag(Error, at+".fields[3]", "granted needs a field of %s that refers to %s as its fourth field", grants.Name, target.Name)}
	}
	var ds Diagnostics
	if len(inv.From) == 0 || len(inv.From) > 2 {
		ds = append(ds, e.Diag(Error, at+".from", "granted takes the grant's address field, and its kind field where some kinds let everyone in"))
	}
	if len(inv.Values) > 0 && len(inv.From) < 2 {
		ds = append(ds, e.Diag(Error, at+".values", "values lists kinds of grant; from needs the kind field second"))
	}
	for i, f := range inv.From {
		if _, ok := grants.Fields[f]; !ok {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.from[%d]", at, i), "no field %q in collection %s", f, grants.Name))
		}
	}
	if len(inv.Fields) == 5 {
		if _, ok := grants.Fields[inv.Fields[4]]; !ok {
			ds = append(ds, e.Diag(Error, at+".fields[4]", "no field %q in collection %s", inv.Fields[4], grants.Name))
		}
		ds = append(ds, valuesOf(e, grants, inv.Fields[4], inv.In, at+".in")...)
	}
	if len(inv.From) == 2 {
		ds = append(ds, valuesOf(e, grants, inv.From[1], inv.Values, at+".values")...)
	}
	for i, f := range inv.With {
		if _, ok := target.Fields[f]; !ok {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.with[%d]", at, i), "no field %q in collection %s", f, target.Name))
		}
	}
	return ds
}
