package tau2

import (
	"encoding/json"
	"math/rand"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/episode"
)

// pools are the values the fuzz draws calls from: the data's own, so that
// calls reach every check and write, and wrong ones.
type pools struct {
	orders   []map[string]any
	users    map[string]map[string]any
	userIDs  []string
	products map[string]map[string]any
	tools    []string
	byStatus map[string][]map[string]any
	statuses map[string]any
}

func newPools(recs map[string][]map[string]any) *pools {
	p := &pools{orders: recs["orders"], users: map[string]map[string]any{}, products: map[string]map[string]any{}, byStatus: map[string][]map[string]any{}}
	for _, o := range p.orders {
		st := o["status"].(string)
		p.byStatus[st] = append(p.byStatus[st], o)
	}
	p.statuses = map[string]any{}
	for st := range p.byStatus {
		p.statuses[st] = true
	}
	for _, u := range recs["users"] {
		id := u["user_id"].(string)
		p.users[id] = u
		p.userIDs = append(p.userIDs, id)
	}
	for _, pr := range recs["products"] {
		p.products[pr["product_id"].(string)] = pr
	}
	for _, ts := range toolSpecs {
		p.tools = append(p.tools, ts.name)
	}
	return p
}

// weird are wrong values of every kind.
var weird = []any{"", "#W0000000", "gift_card_0000000", "0000000000", `a"b\c`, "näme", "\u2028", " ", 7, 1.5, nil, true, []any{"x"}, map[string]any{"a": 1}}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.Intn(len(xs))] }

// call draws a call: a coherent one (an order, its user, its items, their
// product's variants, the user's payment methods) with one value spoilt
// now and then, an argument dropped or added, or a tool that is not one.
func (p *pools) call(rng *rand.Rand) episode.ToolCall {
	name := pick(rng, p.tools)
	args := p.args(rng, name)
	switch rng.Intn(12) {
	case 0: // a wrong value
		if len(args) > 0 {
			keys := sortedKeys(args)
			args[pick(rng, keys)] = pick(rng, weird)
		}
	case 1: // a missing argument
		if len(args) > 0 {
			delete(args, pick(rng, sortedKeys(args)))
		}
	case 2:
		args["extra"] = "x"
	case 3:
		name = "no_such_tool"
	}
	b, _ := json.Marshal(args)
	if rng.Intn(40) == 0 {
		b = []byte(`{"order_id": `) // not JSON
	}
	return episode.ToolCall{Name: name, Args: b}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// recase changes a text's case now and then.
func recase(rng *rand.Rand, s string) string {
	switch rng.Intn(6) {
	case 0:
		return strings.ToUpper(s)
	case 1:
		return strings.ToLower(s)
	}
	return s
}

// wants is the status of the orders a tool changes.
var wants = map[string]string{
	"cancel_pending_order": "pending", "modify_pending_order_address": "pending", "modify_pending_order_items": "pending",
	"modify_pending_order_payment": "pending", "exchange_delivered_order_items": "delivered", "return_delivered_order_items": "delivered",
}

func (p *pools) args(rng *rand.Rand, name string) map[string]any {
	o := pick(rng, p.orders)
	switch rng.Intn(4) {
	case 0, 1: // an order the tool changes
		if st := wants[name]; st != "" {
			o = pick(rng, p.byStatus[st])
		}
	case 2: // an order of any status, however few have it
		o = pick(rng, p.byStatus[pick(rng, sortedKeys(p.statuses))])
	}
	u := p.users[o["user_id"].(string)]
	switch name {
	case "calculate":
		return map[string]any{"expression": expression(rng)}
	case "cancel_pending_order":
		return map[string]any{"order_id": o["order_id"], "reason": pick(rng, []string{"no longer needed", "ordered by mistake", "other"})}
	case "find_user_id_by_email":
		return map[string]any{"email": recase(rng, u["email"].(string))}
	case "find_user_id_by_name_zip":
		n := u["name"].(map[string]any)
		zip := u["address"].(map[string]any)["zip"]
		if rng.Intn(4) == 0 {
			zip = pick(rng, p.orders)["address"].(map[string]any)["zip"]
		}
		return map[string]any{"first_name": recase(rng, n["first_name"].(string)), "last_name": recase(rng, n["last_name"].(string)), "zip": zip}
	case "get_order_details":
		return map[string]any{"order_id": o["order_id"]}
	case "get_product_details":
		return map[string]any{"product_id": p.itemOf(rng, o)["product_id"]}
	case "get_item_details":
		return map[string]any{"item_id": pick(rng, []any{p.itemOf(rng, o)["item_id"], p.variantOf(rng, p.itemOf(rng, o))})}
	case "get_user_details":
		return map[string]any{"user_id": pick(rng, []any{u["user_id"], pick(rng, p.userIDs)})}
	case "list_all_product_types":
		return map[string]any{}
	case "transfer_to_human_agents":
		return map[string]any{"summary": "help"}
	case "modify_pending_order_address", "modify_user_address":
		a := map[string]any{"address1": "1 Main St", "address2": "", "city": "Austin", "country": "USA", "state": "TX", "zip": "78701"}
		if name == "modify_user_address" {
			a["user_id"] = u["user_id"]
		} else {
			a["order_id"] = o["order_id"]
		}
		return a
	case "modify_pending_order_payment":
		return map[string]any{"order_id": o["order_id"], "payment_method_id": p.methodOf(rng, u)}
	}
	return p.itemCallArgs(rng, name, o, u)
}

// itemCallArgs are the arguments of the item tools: the order's items
// (some twice, some not held), new variants of the same products.
func (p *pools) itemCallArgs(rng *rand.Rand, name string, o, u map[string]any) map[string]any {
	n := rng.Intn(4)
	if rng.Intn(30) == 0 {
		n = maxNativeItems + 2 // past the natives' bound: the script answers
	}
	// Distinct items of the order, one of them twice now and then, and
	// as many more as the bound needs.
	items := o["items"].([]any)
	ids, newIDs := []any{}, []any{}
	add := func(it map[string]any) {
		ids = append(ids, it["item_id"])
		newIDs = append(newIDs, p.variantOf(rng, it))
	}
	for i, j := range rng.Perm(len(items)) {
		if i < n {
			add(items[j].(map[string]any))
		}
	}
	for len(ids) < n && n > maxNativeItems {
		add(p.itemOf(rng, o))
	}
	if n > 0 && rng.Intn(4) == 0 {
		add(p.itemOf(rng, o))
	}
	if rng.Intn(8) == 0 && len(newIDs) > 0 {
		newIDs = newIDs[1:]
	}
	args := map[string]any{"order_id": o["order_id"], "item_ids": ids, "payment_method_id": p.methodOf(rng, u)}
	if name != "return_delivered_order_items" {
		args["new_item_ids"] = newIDs
	}
	return args
}

func (p *pools) itemOf(rng *rand.Rand, o map[string]any) map[string]any {
	return pick(rng, o["items"].([]any)).(map[string]any)
}

// variantOf is a variant of the item's product, now and then the item
// itself.
func (p *pools) variantOf(rng *rand.Rand, it map[string]any) any {
	vs := p.products[it["product_id"].(string)]["variants"].(map[string]any)
	keys := sortedKeys(vs)
	switch rng.Intn(6) {
	case 0:
		return it["item_id"]
	case 1, 2: // the dearest available: a difference a gift card may not cover
		best, price := keys[0], -1.0
		for _, k := range keys {
			v := vs[k].(map[string]any)
			if f := v["price"].(float64); v["available"] == true && f > price {
				best, price = k, f
			}
		}
		return best
	}
	return pick(rng, keys)
}

// methodOf is one of the user's payment methods, a gift card when the
// user has one more often than not, now and then another user's.
func (p *pools) methodOf(rng *rand.Rand, u map[string]any) any {
	if rng.Intn(6) == 0 {
		u = p.users[pick(rng, p.userIDs)]
	}
	pms := u["payment_methods"].(map[string]any)
	keys := sortedKeys(pms)
	if rng.Intn(3) > 0 {
		for _, k := range keys {
			if pms[k].(map[string]any)["source"] == "gift_card" {
				return k
			}
		}
	}
	return pick(rng, keys)
}

// calcParts are the pieces expression strings together: numbers of every
// form the script reads or refuses, its operators, brackets and spaces.
var calcParts = []string{"0", "7", "12", "007", "1.5", ".5", "5.", "1.2.3", ".", "0.1", "2.675", "99999999999999999", "1e5",
	"+", "-", "*", "/", "//", "**", "(", ")", " ", "  ", "x", "é"}

// expression is a random expression: mostly well formed, now and then not.
func expression(rng *rand.Rand) string {
	if rng.Intn(4) == 0 {
		var b strings.Builder
		for n := 1 + rng.Intn(10); n > 0; n-- {
			b.WriteString(pick(rng, calcParts))
		}
		return b.String()
	}
	nums := []string{"2", "3", "10", "0", "1.5", "0.1", "12.75", "100", "2.675", "0.005", "1000000"}
	var b strings.Builder
	for n := 1 + rng.Intn(6); n > 0; n-- {
		if rng.Intn(5) == 0 {
			b.WriteString(pick(rng, []string{"-", "+", "("}))
		}
		b.WriteString(pick(rng, nums))
		if n > 1 {
			b.WriteString(pick(rng, []string{" + ", " - ", " * ", " / ", "*", "/", " // ", " ** "}))
		}
	}
	return b.String()
}
