package atom

import (
	"fmt"
	"maps"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// Mark is what a create does to the record its new record's reference
// names, where the product says so: creating a Shopify fulfillment of an
// order's line items makes the order fulfilled
// (https://shopify.dev/docs/api/admin-rest/latest/resources/fulfillment).
// Set is written to that record. With Sum, Set is written where the
// created records cover the named one and Short where they fall short:
// with Of, where the Sum field of the collection's records naming it
// comes to its Of field (a refund of an order's whole total refunds it, a
// smaller one refunds it in part), or its Adds field does where it
// declares one; with Left, where the new record's Sum takes its Left
// field, the balance it still owes, to nothing, and Left takes what is
// left (a payment on a Zoho Books invoice). Adds is the named record's
// running total, which the new record's Sum raises (a Stripe charge's
// amount_refunded). With Fill, a new record that gives no Sum takes what
// the named record has left (a Stripe refund with no amount refunds the
// rest of its charge).
type Mark struct {
	Ref   string         `json:"ref"`             // the created record's reference
	Set   map[string]any `json:"set"`             // the fields written to the record it names
	Sum   string         `json:"sum,omitempty"`   // a number field of the created collection
	Of    string         `json:"of,omitempty"`    // the named record's whole, held against the sum of Sum over the records naming it
	Left  string         `json:"left,omitempty"`  // the named record's balance, which the new record's Sum lowers
	Adds  string         `json:"adds,omitempty"`  // the named record's running total, which the new record's Sum raises
	Fill  bool           `json:"fill,omitempty"`  // a new record giving no Sum takes what the named record has left
	Short map[string]any `json:"short,omitempty"` // written instead where the created records fall short
}

// Rest is what target, the record a mark's reference names, has left to
// cover before a new record's share, where the other records naming it
// sum to before in the mark's Sum field: its balance, else its whole less
// its running total or less before; false where it holds neither.
func (m Mark) Rest(target map[string]any, before float64) (float64, bool) {
	if left, ok := state.Number(target[m.Left]); ok && m.Left != "" {
		return left, true
	}
	of, ok := state.Number(target[m.Of])
	if !ok || m.Of == "" {
		return 0, false
	}
	if m.Adds != "" {
		added, _ := state.Number(target[m.Adds])
		return of - added, true
	}
	return of - before, true
}

// Marked is the values a mark writes to target, the record its
// reference names, where the other records naming target sum to before
// in the mark's Sum field and the new one holds own there. A target that
// holds neither its balance nor its whole is not known to be covered: it
// takes Short.
func (m Mark) Marked(target map[string]any, before, own float64) map[string]any {
	if m.Sum == "" {
		return m.Set
	}
	rest, ok := m.Rest(target, before)
	set := m.Short
	if ok && rest-own <= 0 {
		set = m.Set
	}
	if m.Left == "" && m.Adds == "" {
		return set
	}
	set = maps.Clone(set)
	if set == nil {
		set = map[string]any{}
	}
	if ok && m.Left != "" {
		set[m.Left] = max(rest-own, 0)
	}
	if m.Adds != "" {
		added, _ := state.Number(target[m.Adds])
		set[m.Adds] = added + own
	}
	return set
}

// MarkedFields is, by the collection each names, the fields an effect's
// marks write (an order's fulfillment status, which a fulfillment the
// tool creates moves): fields a call may change beside the collection it
// writes.
func (s *Server) MarkedFields(ef Effect) map[string][]string {
	c := s.Collection(ef.Collection)
	if c == nil || len(ef.Marks) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, m := range ef.Marks {
		coll := c.Fields[m.Ref].Ref
		out[coll] = append(out[coll], slices.Sorted(maps.Keys(m.Set))...)
		out[coll] = append(out[coll], slices.Sorted(maps.Keys(m.Short))...)
		for _, f := range []string{m.Left, m.Adds} {
			if f != "" {
				out[coll] = append(out[coll], f)
			}
		}
	}
	return out
}

// validateMarks checks an effect's marks: a create's, each on a single
// reference of its collection, writing constants that fit fields of the
// collection it names, and with Sum and Of number fields of each side.
func validateMarks(e *Entry, s *Server, c *Collection, ef Effect, at string) Diagnostics {
	var ds Diagnostics
	for i, m := range ef.Marks {
		mat := fmt.Sprintf("%s.marks[%d]", at, i)
		if ef.Kind != "create" {
			ds = append(ds, e.Diag(Error, mat, "marks are what a create does to the record it names; the effect is %s", ef.Kind))
			continue
		}
		ref := c.Fields[m.Ref]
		target := s.Collection(ref.Ref)
		if ref.Role != "ref" || target == nil || ref.Type == "array" {
			ds = append(ds, e.Diag(Error, mat+".ref", "%q is not a single reference of collection %s", m.Ref, c.Name))
			continue
		}
		if len(m.Set) == 0 {
			ds = append(ds, e.Diag(Error, mat+".set", "a mark sets at least one field of %s", target.Name))
		}
		ds = append(ds, markFits(e, target, m.Set, mat+".set")...)
		ds = append(ds, markFits(e, target, m.Short, mat+".short")...)
		if (m.Sum == "") != (m.Of == "" && m.Left == "") || (m.Sum == "" && (len(m.Short) > 0 || m.Adds != "" || m.Fill)) {
			ds = append(ds, e.Diag(Error, mat, "sum goes with of or left, and short with sum, as adds and fill with sum: short is set where the created records fall short"))
			continue
		}
		for _, f := range []struct{ name, field string }{{"of", m.Of}, {"left", m.Left}, {"adds", m.Adds}} {
			if f.field != "" && !isNumber(target.Fields[f.field]) {
				ds = append(ds, e.Diag(Error, mat+"."+f.name, "%s %q must be a number field of %s", f.name, f.field, target.Name))
			}
		}
		if m.Sum != "" && !isNumber(c.Fields[m.Sum]) {
			ds = append(ds, e.Diag(Error, mat+".sum", "sum %q must be a number field of %s", m.Sum, c.Name))
		}
	}
	return ds
}

// markFits checks that each constant a mark writes is a value of a field
// of target.
func markFits(e *Entry, target *Collection, set map[string]any, at string) Diagnostics {
	var ds Diagnostics
	for _, f := range slices.Sorted(maps.Keys(set)) {
		fd, ok := target.Fields[f]
		if !ok {
			ds = append(ds, e.Diag(Error, at+"."+f, "no field %q in collection %s", f, target.Name))
			continue
		}
		if err := constantFits(fd, set[f]); err != nil {
			ds = append(ds, e.Diag(Error, at+"."+f, "%v", err))
		}
	}
	return ds
}

func isNumber(f Field) bool { return f.Type == "number" || f.Type == "integer" }
