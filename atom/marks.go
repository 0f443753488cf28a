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
// Set is written to that record. With Sum and Of, Set is written where
// the Sum field of the collection's records naming it comes to its Of
// field at least, and Short where it falls short: a refund of an order's
// whole total refunds it, a smaller one refunds it in part.
type Mark struct {
	Ref   string         `json:"ref"`             // the created record's reference
	Set   map[string]any `json:"set"`             // the fields written to the record it names
	Sum   string         `json:"sum,omitempty"`   // a number field of the created collection, summed over the records naming it
	Of    string         `json:"of,omitempty"`    // the named record's number field the sum is held against
	Short map[string]any `json:"short,omitempty"` // written instead where the sum falls short of Of
}

// Marked is the values a mark writes to target, the record its
// reference names, where the records naming target sum to sum in the
// mark's Sum field. A target that holds no Of is not known to be covered:
// it takes Short.
func (m Mark) Marked(target map[string]any, sum float64) map[string]any {
	if m.Sum == "" {
		return m.Set
	}
	if of, ok := state.Number(target[m.Of]); ok && sum >= of {
		return m.Set
	}
	return m.Short
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
		if (m.Sum == "") != (m.Of == "") || (m.Sum == "" && len(m.Short) > 0) {
			ds = append(ds, e.Diag(Error, mat, "sum, of and short go together: short is set where the sum falls short of of"))
			continue
		}
		if m.Sum != "" && (!isNumber(c.Fields[m.Sum]) || !isNumber(target.Fields[m.Of])) {
			ds = append(ds, e.Diag(Error, mat+".sum", "sum %q of %s and of %q of %s must be number fields", m.Sum, c.Name, m.Of, target.Name))
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
