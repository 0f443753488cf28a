package coherence

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// countWords name a stored count: orders_count, messages_total,
// totalRowCount.
var countWords = []string{"count", "total", "num", "number"}

// Counter is a count a record keeps of the records of another collection
// of its app that reference it: a Shopify customer's orders_count of the
// orders whose customer_id is the customer.
type Counter struct {
	Field string // the count on the counted-on record
	Of    string // the collection counted
	Ref   string // its reference to the counted-on record
}

// Counters are the counts the shape's records keep of the records that
// reference them, where the count is clearly theirs: the count is named
// for one collection of the app alone (orders_count for orders, pin_count
// for pins) and that collection references the shape's through one field
// named for it alone (customer_id, board_id; not author_id nor
// original_tweet_id).
func (sh *Shape) Counters() []Counter {
	var out []Counter
	for _, f := range sh.names {
		ws, fd := sh.fields[f].words, sh.def.Fields[f]
		if fd.Type != "integer" && fd.Type != "number" || !atom.HasWord(ws, countWords...) || sh.fields[f].role == atom.RoleMoney {
			continue
		}
		var what []string
		for _, w := range ws {
			if !oneOf(w, countWords) {
				what = append(what, w)
			}
		}
		var found []Counter
		for i := range sh.server.Collections {
			c := &sh.server.Collections[i]
			if last := lastWord(c.Name); c.Name != sh.def.Name && len(what) == 1 && (what[0] == last || what[0]+"s" == last) {
				if ref := refNamedFor(sh.server, c, sh.def.Name); ref != "" {
					found = append(found, Counter{f, c.Name, ref})
				}
			}
		}
		if len(found) == 1 {
			out = append(out, found[0])
		}
	}
	return out
}

// lastWord is the last word of a name, or "".
func lastWord(name string) string {
	ws := atom.Words(name)
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// refNamedFor is the one field of c that references collection target and
// is named for it alone (customer_id, mailboxIds for mailboxes), or "".
func refNamedFor(s *atom.Server, c *atom.Collection, target string) string {
	own, found := lastWord(target), ""
	for f := range c.Fields {
		if role, ref := atom.RoleOf(s, c, f); role != atom.RoleRef || ref != target {
			continue
		}
		if found != "" {
			return ""
		}
		var rest []string
		for _, w := range atom.Words(f) {
			if w != "id" && w != "ids" {
				rest = append(rest, w)
			}
		}
		if len(rest) == 1 && (rest[0] == own || rest[0]+"s" == own) {
			found = f
		} else {
			return ""
		}
	}
	return found
}

// Refers reports whether rec's reference field f points at key: holds it,
// or lists it.
func Refers(rec map[string]any, f, key string) bool {
	if list, ok := rec[f].([]any); ok {
		return slices.ContainsFunc(list, func(v any) bool { return state.Text(v) == key })
	}
	return rec[f] != nil && state.Text(rec[f]) == key
}

// Below is the contradiction of rec's count (see Counter), keyed key,
// where it is below the records of of that reference rec, with the count
// of them as the value that agrees: a customer's orders_count of 1 with
// three of its orders in the world.
func (ct Counter) Below(rec map[string]any, key string, of []map[string]any) (Contradiction, bool) {
	n, ok := state.Number(rec[ct.Field])
	if !ok {
		return Contradiction{}, false
	}
	present := 0
	for _, r := range of {
		if Refers(r, ct.Ref, key) {
			present++
		}
	}
	why := fmt.Sprintf("%s is %v but %d %s in the world reference it by %s", ct.Field, rec[ct.Field], present, ct.Of, ct.Ref)
	return Contradiction{ct.Field, why, SameKind(rec[ct.Field], float64(present)), nil}, float64(present) > n
}

// counters reports the counts below the records present that they count.
func (c *checker) counters(sh *Shape, name string, col *state.Collection) {
	app, _ := state.Split(name)
	for _, ct := range sh.Counters() {
		of := c.w.Collection(app + "." + ct.Of)
		if of == nil {
			continue
		}
		for _, rec := range col.Records {
			k, _ := state.KeyOf(rec, col.Key)
			if d, below := ct.Below(rec, k, of.Records); below {
				c.add(RuleFields, name, k, ct.Field, rec[ct.Field], "%s", d.Why)
			}
		}
	}
}
