package atom

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// Referrers are, of the records of another collection, those whose
// reference Fields[2] names the record a referred_by rule judges (a
// message's attachments, a document's permissions).
type Referrers []map[string]any

// ReferrersOf gathers, for a referred_by rule, the records of recs whose
// reference names each key: the reference may hold one key or a list.
func (inv Invariant) ReferrersOf(recs []map[string]any) map[string]Referrers {
	out := map[string]Referrers{}
	for _, r := range recs {
		for _, k := range ReferenceKeys(r[inv.Fields[2]]) {
			out[k] = append(out[k], r)
		}
	}
	return out
}

// Counts reports whether a referring record is one a referred_by rule
// speaks of: all of them, or, with a fourth field, those holding one of In
// in it (a permission beyond the owner's), or, where the rule names NotIn
// instead, those holding none of NotIn (a JMAP mailbox's unread emails,
// those without the $seen keyword). A list field holds each of its values.
func (inv Invariant) Counts(r map[string]any) bool {
	if len(inv.Fields) < 4 {
		return true
	}
	held := ReferenceKeys(r[inv.Fields[3]])
	if len(inv.NotIn) > 0 {
		return !slices.ContainsFunc(held, func(v string) bool { return slices.Contains(inv.NotIn, v) })
	}
	if len(held) == 0 {
		held = []string{""}
	}
	return slices.ContainsFunc(held, func(v string) bool { return slices.Contains(inv.In, v) })
}

// ReferredValue is what a referred_by rule gives a referring record to
// its judged record: its From field, or its key (key names the referring
// collection's key field).
func (inv Invariant) ReferredValue(r map[string]any, key string) string {
	if len(inv.From) > 0 {
		return state.Text(r[inv.From[0]])
	}
	return state.Text(r[key])
}

// Referred judges the field Fields[0] of rec (field fd) against the
// records that refer to it (refs; key is their collection's key field):
//   - a flag is true exactly where one of them counts (a Gmail message
//     has attachments exactly where an attachment is on it);
//   - a list holds exactly the values of those that count (its
//     attachment_ids; a thread's message_ids are the messages in it);
//   - any other value is that of the one that counts, where one does: no
//     two count (one owner permission of a document), and one whose value
//     is rec's counts (the owner's permission is the owner one).
//
// It returns the problem, if any.
func (inv Invariant) Referred(fd Field, rec map[string]any, refs Referrers, key string) (Problem, bool) {
	f := inv.Fields[0]
	if inv.ByCount() {
		v, ok := state.Number(rec[f])
		if want := inv.ReferredCount(refs); ok && v != float64(want) {
			return Problem{f, fmt.Sprintf("%s is %v but %d of its %s count", f, rec[f], want, inv.Fields[1])}, true
		}
		return Problem{}, false
	}
	if inv.BySum() {
		v, ok := state.Number(rec[f])
		if want := inv.ReferredSum(refs); ok && math.Abs(v-want) > 0.005 {
			return Problem{f, fmt.Sprintf("%s is %v but the %s of its %s that count come to %.2f", f, rec[f], inv.From[0], inv.Fields[1], want)}, true
		}
		return Problem{}, false
	}
	if inv.ByLatest() {
		v := state.Text(rec[f])
		if want, ok := inv.Latest(refs); ok && v != "" && v != want {
			return Problem{f, fmt.Sprintf("%s is %q but the latest of its %s by %s holds %q", f, v, inv.Fields[1], inv.From[1], want)}, true
		}
		return Problem{}, false
	}
	var want []string
	for _, r := range refs {
		if inv.Counts(r) {
			want = append(want, inv.ReferredValue(r, key))
		}
	}
	switch fd.Type {
	case "boolean":
		if b, ok := rec[f].(bool); ok && b != (len(want) > 0) {
			return Problem{f, fmt.Sprintf("%s is %v but %d of its %s count", f, b, len(want), inv.Fields[1])}, true
		}
	case "array":
		got := ReferenceKeys(rec[f])
		if !sameSet(got, want) {
			return Problem{f, fmt.Sprintf("%s is %v but the %s naming it are %v", f, got, inv.Fields[1], want)}, true
		}
	default:
		v := state.Text(rec[f])
		switch {
		case v == "":
		case len(want) > 1:
			return Problem{f, fmt.Sprintf("%d of the %s naming it count (%v); one may", len(want), inv.Fields[1], want)}, true
		case len(want) == 1 && want[0] != v:
			return Problem{f, fmt.Sprintf("%s is %q but the one of its %s that counts is %q's", f, v, inv.Fields[1], want[0])}, true
		case len(want) == 0 && slices.ContainsFunc(refs, func(r map[string]any) bool { return inv.ReferredValue(r, key) == v }):
			return Problem{f, fmt.Sprintf("%s %q holds one of its %s, but not one that counts", f, v, inv.Fields[1])}, true
		}
	}
	return Problem{}, false
}

// Kept is the value a referred_by rule gives the field Fields[0] of rec
// (field fd) from the records that refer to it (refs; key is their
// collection's key field), as Referred judges it: a flag whether one of
// them counts, a list of the values of those that count, any other value
// that of the one that counts, or of the latest that counts where the rule
// keeps the latest (ByLatest). ok is false where the rule gives none: a
// flag or list rec does not hold while none counts (a message written
// without attachments need not say so), a value while none or several
// count.
func (inv Invariant) Kept(fd Field, rec map[string]any, refs Referrers, key string) (v any, ok bool) {
	if inv.ByLatest() {
		return inv.Latest(refs)
	}
	if inv.BySum() {
		return inv.ReferredSum(refs), true
	}
	if inv.ByCount() {
		return inv.ReferredCount(refs), true
	}
	var want []any
	for _, r := range refs {
		if inv.Counts(r) {
			want = append(want, inv.ReferredValue(r, key))
		}
	}
	_, held := rec[inv.Fields[0]]
	switch fd.Type {
	case "boolean":
		return len(want) > 0, held || len(want) > 0
	case "array":
		if want == nil {
			want = []any{}
		}
		return want, held || len(want) > 0
	}
	if len(want) != 1 {
		return nil, false
	}
	return want[0], true
}

// BySum reports whether a referred_by rule keeps its value to the sum of
// the From[0] of the referring records that count (a Zoho Books contact's
// outstanding receivable is the balance of its unpaid invoices).
func (inv Invariant) BySum() bool { return inv.Rule == "referred_by" && inv.By == DeriveSum }

// ByCount reports whether a referred_by rule keeps its value to the count
// of the referring records that count (a Pipedrive organization's
// people_count is the number of persons whose org_id names it).
func (inv Invariant) ByCount() bool { return inv.Rule == "referred_by" && inv.By == DeriveCount }

// ReferredCount is, for a referred_by rule kept to a count, how many of
// refs count.
func (inv Invariant) ReferredCount(refs Referrers) int {
	n := 0
	for _, r := range refs {
		if inv.Counts(r) {
			n++
		}
	}
	return n
}

// ReferredSum is, for a referred_by rule kept to a sum, the From[0] of the records
// of refs that count, added and rounded to the cent.
func (inv Invariant) ReferredSum(refs Referrers) float64 {
	var t float64
	for _, r := range refs {
		if x, ok := state.Number(r[inv.From[0]]); ok && inv.Counts(r) {
			t += x
		}
	}
	return math.Round(t*100) / 100
}

// ByLatest reports whether a referred_by rule keeps its value to the
// latest referring record: its From names the field the value is and the
// field that orders them (a Gmail thread's snippet is its latest
// message's, by internal_date).
func (inv Invariant) ByLatest() bool { return inv.Rule == "referred_by" && len(inv.From) == 2 }

// Latest is, for a referred_by rule kept to the latest referring record,
// the From[0] of the one among refs that counts with the greatest From[1]
// (a number, or a date); false where none counts or holds an order.
func (inv Invariant) Latest(refs Referrers) (string, bool) {
	var best map[string]any
	var bestAt float64
	for _, r := range refs {
		if !inv.Counts(r) {
			continue
		}
		at, ok := state.Number(r[inv.From[1]])
		if t, tok := Time(r[inv.From[1]]); !ok && tok {
			at, ok = float64(t.UnixMilli()), true
		}
		if ok && (best == nil || at > bestAt) {
			best, bestAt = r, at
		}
	}
	if best == nil {
		return "", false
	}
	return state.Text(best[inv.From[0]]), true
}

// sameSet reports whether a and b hold the same values, each any number
// of times.
func sameSet(a, b []string) bool {
	return !slices.ContainsFunc(a, func(x string) bool { return !slices.Contains(b, x) }) &&
		!slices.ContainsFunc(b, func(x string) bool { return !slices.Contains(a, x) })
}

// validateReferredBy checks that a referred_by rule names a collection of
// the server whose field Fields[2] refers to c, and that the fields it
// reads there (Fields[3], From) are that collection's, In among the
// values of Fields[3].
func validateReferredBy(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	other := s.Collection(inv.Fields[1])
	if other == nil {
		return Diagnostics{e.Diag(Error, at+".fields[1]", "no collection %q in %s", inv.Fields[1], s.AppName())}
	}
	rf, ok := other.Fields[inv.Fields[2]]
	if !ok || rf.Ref != c.Name {
		return Diagnostics{e.Diag(Error, at+".fields[2]", "referred_by needs a field of %s that refers to %s as its third field", other.Name, c.Name)}
	}
	var ds Diagnostics
	if len(inv.From) > 2 {
		ds = append(ds, e.Diag(Error, at+".from", "referred_by takes one field of %s its values are, and the field ordering them where the latest one's is kept", other.Name))
	}
	if t := c.Fields[inv.Fields[0]].Type; inv.BySum() && (len(inv.From) != 1 || t != "number" && t != "integer") {
		ds = append(ds, e.Diag(Error, at+".by", "a sum goes into a number, of the one field of %s that from names", other.Name))
	}
	if t := c.Fields[inv.Fields[0]].Type; inv.ByCount() && (len(inv.From) != 0 || t != "number" && t != "integer") {
		ds = append(ds, e.Diag(Error, at+".by", "a count goes into a number, and reads no field of %s (from)", other.Name))
	}
	if t := c.Fields[inv.Fields[0]].Type; inv.ByLatest() && (t == "boolean" || t == "array") {
		ds = append(ds, e.Diag(Error, at+".from", "the latest referring record's value goes into one value, not a %s", t))
	}
	read := map[string]string{at + ".fields[3]": "", at + ".from[0]": "", at + ".from[1]": ""}
	if len(inv.Fields) == 4 {
		read[at+".fields[3]"] = inv.Fields[3]
	}
	for i, f := range inv.From {
		read[fmt.Sprintf("%s.from[%d]", at, i)] = f
	}
	for _, where := range slices.Sorted(maps.Keys(read)) {
		if f := read[where]; f != "" {
			if _, ok := other.Fields[f]; !ok {
				ds = append(ds, e.Diag(Error, where, "no field %q in collection %s", f, other.Name))
			}
		}
	}
	if len(inv.Fields) == 4 {
		ds = append(ds, valuesOf(e, other, inv.Fields[3], inv.In, at+".in")...)
		ds = append(ds, valuesOf(e, other, inv.Fields[3], inv.NotIn, at+".not_in")...)
	}
	if len(inv.NotIn) > 0 && (len(inv.Fields) != 4 || len(inv.In) > 0) {
		ds = append(ds, e.Diag(Error, at+".not_in", "not_in names the values of a fourth field that keep a referring record from counting, in place of in"))
	}
	return append(ds, validateReferredWith(e, s, c, inv, at)...)
}

// validateReferredWith checks a referred_by rule's With: a flag's other
// collections, each with a field of the rule's reference name that
// refers to c.
func validateReferredWith(e *Entry, s *Server, c *Collection, inv Invariant, at string) Diagnostics {
	if len(inv.With) == 0 {
		return nil
	}
	if c.Fields[inv.Fields[0]].Type != "boolean" {
		return Diagnostics{e.Diag(Error, at+".with", "with names other collections whose records set a flag; %s is no flag", inv.Fields[0])}
	}
	var ds Diagnostics
	for j, name := range inv.With {
		o := s.Collection(name)
		if o == nil || o.Fields[inv.Fields[2]].Ref != c.Name {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.with[%d]", at, j), "no collection %q in %s whose field %s refers to %s", name, s.AppName(), inv.Fields[2], c.Name))
		}
	}
	return ds
}

// AddWith adds to refs the records of recs, of a collection a referred_by
// flag's With names, whose reference of the rule's name names each key,
// each as one that counts whatever it holds (a Xero contact is a supplier
// where a bill names it, as where a purchase invoice does).
func (inv Invariant) AddWith(refs map[string]Referrers, recs []map[string]any) {
	for k, rs := range (Invariant{Fields: inv.Fields[:3]}).ReferrersOf(recs) {
		for _, r := range rs {
			if len(inv.Fields) > 3 && len(inv.In) > 0 {
				r = maps.Clone(r)
				r[inv.Fields[3]] = inv.In[0]
			}
			refs[k] = append(refs[k], r)
		}
	}
}

// ReferenceKeys are the keys a reference holds: one, or each of a list's.
func ReferenceKeys(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case []string:
		return x
	case []any:
		var out []string
		for _, e := range x {
			if t := state.Text(e); t != "" {
				out = append(out, t)
			}
		}
		return out
	}
	if t := state.Text(v); t != "" {
		return []string{t}
	}
	return nil
}

// KeptFields lists, sorted, the fields of collection coll that a
// referred_by rule makes of other records (a Drive file's shared flag, a
// thread's snippet, a customer's receivable): the session writes them
// anew from those records after every call, so their change is the
// product's, following a change of the records they are made of.
func (s *Server) KeptFields(coll string) []string {
	c := s.Collection(coll)
	if c == nil {
		return nil
	}
	var out []string
	for _, inv := range c.Invariants {
		if inv.Rule == "referred_by" && len(inv.Fields) >= 3 && s.Collection(inv.Fields[1]) != nil {
			out = append(out, inv.Fields[0])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
