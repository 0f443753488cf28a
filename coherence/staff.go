package coherence

import (
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
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

// ownPersonText checks that the text of a record holding a person's
// address as the workspace's own (a Box file's owned_by, a Teams
// channel's address, a Freshservice ticket's requester, an owner field's
// address: an Asana task's assignee, OwnerAddressFields) places that
// person at no other company: the address is on the company's domain, so
// "Questions go to Sofia Romero at Summit Health" on a file
// sofia.romero owns at the company makes one person work at two.
func (c *checker) ownPersonText(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	var locals []string
	byFirst := map[string]bool{} // the person of a staff address is read by first name too
	for _, o := range c.ownersAbove(sh, coll, rec) {
		for _, f := range OwnerAddressFields(o.sh) {
			if l, _, ok := strings.Cut(strings.ToLower(state.Text(o.rec[f])), "@"); ok && strings.Contains(l, ".") {
				locals = append(locals, l)
				byFirst[l] = byFirst[l] || o.sh.def.Fields[f].Staff
			}
		}
	}
	if len(locals) == 0 {
		return
	}
	for _, f := range sh.names {
		if sh.fields[f].role != atom.RoleText || sh.def.Fields[f].Type != "string" {
			continue
		}
		text := state.Text(rec[f])
		if who, other := c.placedElsewhere(text, locals, byFirst); other != "" {
			c.add(RuleIdentity, coll, key, f, text, "%s places %s, one of the company's own people by the record's address, at %s", f, who, other)
		}
	}
}

// owned is a record that may hold an owner's address, with its shape.
type owned struct {
	sh  *Shape
	rec map[string]any
}

// ownersAbove are rec, a record of collection coll (shape sh), and the
// records it is kept under (its required or parent references): a text
// on a record speaks of its parent's owner as of its own, so a task on a
// Box file places the file's owner at no other company ("Call Bastian at
// Quantum Health" on a file bastian owns).
func (c *checker) ownersAbove(sh *Shape, coll string, rec map[string]any) []owned {
	out := []owned{{sh, rec}}
	app, _ := state.Split(coll)
	for _, f := range sh.names {
		fd := sh.def.Fields[f]
		if fd.Role != atom.RoleRef || !(fd.Required || fd.Parent) || app+"."+fd.Ref == coll {
			continue
		}
		psh, pc := c.shape(app+"."+fd.Ref), c.w.Collection(app+"."+fd.Ref)
		if psh == nil || pc == nil {
			continue
		}
		if p, ok := pc.Lookup(state.Text(rec[f])); ok {
			out = append(out, owned{psh, p})
		}
	}
	return out
}

// placedElsewhere finds in text a person of locals (the local parts of
// their addresses, first.last) written at, of or from a company that is
// not the workspace's own, or named in full as the one who speaks for it
// ("Called Noor Underwood: Hooli Logistics wants an update"): the person
// as written and the company, or "". A person of byFirst (a staff
// address: the record is theirs) is read by first name alone too; an
// owner's first name alone ("Spoke with Tara at Cyberdyne LLC" on a
// project tara.park owns) may be a customer's contact's.
func (c *checker) placedElsewhere(text string, locals []string, byFirst map[string]bool) (string, string) {
	var words []string
	for _, w := range strings.Fields(text) {
		if base, ok := strings.CutSuffix(w, ":"); ok && base != "" {
			words = append(words, base, ":")
		} else {
			words = append(words, w)
		}
	}
	for i := 1; i+1 < len(words); i++ {
		if w := words[i]; w != "at" && w != "of" && w != "from" && w != ":" {
			continue
		}
		last := strings.Trim(words[i-1], ",.;:'\"()")
		who := ""
		for _, l := range locals {
			first, _, _ := strings.Cut(l, ".")
			if i >= 2 && localOf(words[i-2], last) == l {
				who = words[i-2] + " " + last
			} else if byFirst[l] && localOf(last, "") == first && words[i] != ":" && !namedOtherwise(words, last, l) {
				who = last // a first name before a colon ("Checked with Keiko: ...") may be anyone's
			}
		}
		if who == "" {
			continue
		}
		rest := strings.Join(words[i+1:], " ")
		for _, n := range slices.Concat(slices.Sorted(maps.Keys(c.companies)), gen.CompaniesNamed(rest)) {
			if strings.HasPrefix(rest, n) && !c.isHome(n) {
				return who, n
			}
		}
	}
	return "", ""
}

// namedOtherwise reports whether words name first in full as someone other
// than the person of local l ("Spoke with Olivia at Brightline Health ...
// Next check-in with Olivia Park" speaks of Olivia Park, not of the
// company's own olivia.obrien).
func namedOtherwise(words []string, first, l string) bool {
	for i := 0; i+1 < len(words); i++ {
		last := strings.Trim(words[i+1], ",.;:'\"()")
		if words[i] != first || last == "" || !unicode.IsUpper([]rune(last)[0]) {
			continue
		}
		if localOf(first, last) != l {
			return true
		}
	}
	return false
}

// localOf is the local part of the address of a person named first and
// last ("Müller" spelt "mueller"), or of first alone where last is "".
func localOf(first, last string) string {
	l, _, _ := strings.Cut(gen.Email(gen.Person{First: first, Last: last}, "x"), "@")
	if last == "" {
		return strings.TrimSuffix(l, ".")
	}
	return l
}
