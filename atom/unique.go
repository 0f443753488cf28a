package atom

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// What a product keeps unique is often unique within a scope: a
// Confluence page's title within its space, a Box file's name within its
// folder, a GitHub issue's number within its repository. A unique rule
// says so with per, the field whose value is the scope; with with, the
// other collections whose records take their values from the same space
// (GitHub numbers issues and pull requests from one counter per
// repository). error is the product's refusal of a write that repeats a
// value, which the session gives.

// UniqueKey is what a unique invariant keeps unique on rec: the value of
// its field, or of its fields joined by " / ", after the value of its
// scope (Per) where it has one; false where one is unset, or where the
// rule lists Values and its last field holds none of them (Drive keeps
// one grant to anyone per file, while its grants to users are told apart
// by address).
func UniqueKey(inv Invariant, rec map[string]any) (string, bool) {
	if len(inv.Values) > 0 && !slices.Contains(inv.Values, state.Text(rec[inv.Fields[len(inv.Fields)-1]])) {
		return "", false
	}
	fields := inv.Fields
	if inv.Per != "" {
		fields = append([]string{inv.Per}, fields...)
	}
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = state.Text(rec[f])
		if parts[i] == "" {
			return "", false
		}
	}
	return strings.Join(parts, " / "), true
}

// UniqueRule is a unique rule that binds the records of a collection, with
// the collections whose records share its values: the one that declares
// it first, then those it lists in With.
type UniqueRule struct {
	Inv   Invariant
	Colls []string
}

// UniqueRules lists the unique rules that bind the records of collection
// name: its own, and those of another collection that lists it in With (a
// pull request's number is kept unique by the issues' rule).
func (s *Server) UniqueRules(name string) []UniqueRule {
	var out []UniqueRule
	for i := range s.Collections {
		c := &s.Collections[i]
		for _, inv := range c.Invariants {
			if inv.Rule != "unique" || (c.Name != name && !slices.Contains(inv.With, name)) {
				continue
			}
			out = append(out, UniqueRule{Inv: inv, Colls: append([]string{c.Name}, inv.With...)})
		}
	}
	return out
}

// validateIdentity checks the rules of what tells a record apart: a
// unique rule's scope, shared collections and error, which only a unique
// rule has (per names a field of the collection, and every collection
// with lists holds the rule's fields and its scope), and that own_link
// names a text field.
func validateIdentity(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	if f, ok := c.Fields[inv.Fields[0]]; ok && inv.Rule == "own_link" && f.Type != "string" {
		return Diagnostics{e.Diag(Error, at+".fields[0]", "own_link is a web address; %s is a %s", inv.Fields[0], f.Type)}
	}
	if inv.Rule != "unique" {
		if inv.Per != "" || len(inv.With) > 0 && inv.Rule != "granted" && inv.Rule != "referred_by" && !inv.ByCompany() {
			return Diagnostics{e.Diag(Error, at+".per", "per and with are for the rule unique, and only for it (and with for granted, referred_by and an agrees rule by company)")}
		}
		if inv.Error != "" && inv.Rule != "only_when" && !inv.Follows() {
			return Diagnostics{e.Diag(Error, at+".error", "error is the product's refusal for the rules unique and only_when and a refers_to rule by follows, and only for them")}
		}
		return nil
	}
	var ds Diagnostics
	if inv.Per != "" {
		if _, ok := c.Fields[inv.Per]; !ok {
			ds = append(ds, e.Diag(Error, at+".per", "no field %q in collection %s", inv.Per, c.Name))
		}
	}
	if len(inv.With) > 0 && len(inv.Fields) > 1 {
		ds = append(ds, e.Diag(Error, at+".with", "with shares one field's values; the rule has %d fields", len(inv.Fields)))
	}
	for j, name := range inv.With {
		o := s.Collection(name)
		if o == nil || o.Name == c.Name {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.with[%d]", at, j), "no other collection %q in %s", name, s.AppName()))
			continue
		}
		for _, f := range append(slices.Clone(inv.Fields), inv.Per) {
			if _, ok := o.Fields[f]; f != "" && !ok {
				ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.with[%d]", at, j), "collection %s has no field %q to share", name, f))
			}
		}
	}
	return ds
}

// OwnLinkProblem reports how the web address an own_link rule names
// fails to name its record's key as a segment of its path; false where it
// names it, or where the record holds no address or no key.
func (inv Invariant) OwnLinkProblem(rec map[string]any, key string) (Problem, bool) {
	link, k := state.Text(rec[inv.Fields[0]]), state.Text(rec[key])
	if inv.Rule != "own_link" || link == "" || k == "" || LinkNames(link, k) {
		return Problem{}, false
	}
	return Problem{inv.Fields[0], fmt.Sprintf("%s %q does not name the record's own %s %s", inv.Fields[0], link, key, k)}, true
}

// LinkNames reports whether the path of the web address link holds key
// as one of its segments: https://app.shortcut.com/acme/story/176323
// names story 176323, .../stories/4449 does not.
func LinkNames(link, key string) bool {
	u, err := url.Parse(link)
	if err != nil {
		return false
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if seg == key {
			return true
		}
	}
	return false
}

// NumberedValue is the value of a unique rule's Values that rec's field
// holds with a number after it ("CFO 2"): a title the company gives one
// person, renamed by number for a second, which names no title at all.
// ok is false where the rule has no Values or rec's value is none such.
func (inv Invariant) NumberedValue(rec map[string]any) (string, bool) {
	if inv.Rule != "unique" || len(inv.Values) == 0 {
		return "", false
	}
	v := state.Text(rec[inv.Fields[len(inv.Fields)-1]])
	for _, want := range inv.Values {
		n, ok := strings.CutPrefix(v, want+" ")
		if ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return want, true
		}
	}
	return "", false
}
