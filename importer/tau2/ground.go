package tau2

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// tau2's gold actions name the calls that matter, not every read an agent
// makes to learn an id: task 36 modifies order #W9348897 without reading
// the user's orders. An agent that reads only what the environment shows
// must see each value before it writes it, so the reference plan gets the
// reads that show it: the user's details for their orders and payment
// methods, an order's details for its items and products, a product's for
// its variants. Reads change nothing, so the plan's final state, and the
// goal, stay as the gold actions make them.

// freeArgs are arguments whose value the agent composes itself.
var freeArgs = map[string]bool{"summary": true, "expression": true}

// grounder replays a plan, inserting reads before values nobody has seen.
type grounder struct {
	s     *episode.Session
	seen  strings.Builder // instruction, policy and observations
	out   []atom.PlanCall
	known map[string]bool
}

// groundPlan returns plan with the reads inserted and the values no read
// could show (left as they are).
func groundPlan(env *episode.Env, policy string, plan []atom.PlanCall) ([]atom.PlanCall, []string, error) {
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil, nil, err
	}
	g := &grounder{s: s, known: map[string]bool{}}
	g.seen.WriteString(env.Instruction + "\n" + policy)
	var unseen []string
	for _, c := range plan {
		for _, kv := range argValues(c.Args) {
			if !g.shown(kv[1]) && !g.reveal(kv[1], c.Args, 3) && !g.said(kv[1]) {
				unseen = append(unseen, c.Tool+" "+kv[0]+"="+kv[1])
			}
		}
		g.call(c)
	}
	return g.out, unseen, nil
}

// argValues lists (argument, value) for every string an argument holds,
// arguments in name order so that the reads inserted do not depend on map
// order.
func argValues(args map[string]any) [][2]string {
	keys := slices.Sorted(maps.Keys(args))
	var out [][2]string
	for _, k := range keys {
		if freeArgs[k] {
			continue
		}
		switch x := args[k].(type) {
		case string:
			out = append(out, [2]string{k, x})
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					out = append(out, [2]string{k, s})
				}
			}
		}
	}
	return out
}

// shown reports whether v appears as it is.
func (g *grounder) shown(v string) bool {
	return v == "" || strings.Contains(g.seen.String(), v)
}

// said reports whether v appears as a whole word in another case: the
// customer may write a name in lower case, or give a user id that spells
// it ("mei_kovacs_8020"), and the tools match names ignoring case. A read
// that shows v as it is comes first.
func (g *grounder) said(v string) bool {
	text, w := strings.ToLower(g.seen.String()), strings.ToLower(v)
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		at := i + j
		if !wordByte(text, at-1) && !wordByte(text, at+len(w)) {
			return true
		}
		i = at + 1
	}
}

func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// call runs c and records what it shows.
func (g *grounder) call(c atom.PlanCall) bool {
	b, _ := json.Marshal(c.Args)
	obs := g.s.Call(episode.ToolCall{Name: c.Tool, Args: b})
	g.out = append(g.out, c)
	g.seen.WriteString("\n" + obs.Content)
	return !obs.IsError
}

// read inserts a read call unless the same one was made; its own
// arguments are revealed first.
func (g *grounder) read(tool, arg, val string, depth int) bool {
	key := tool + "\x00" + val
	if g.known[key] {
		return false
	}
	if !g.shown(val) && !g.reveal(val, nil, depth-1) {
		return false
	}
	g.known[key] = true
	return g.call(atom.PlanCall{Tool: tool, Args: map[string]any{arg: val}})
}

// reveal inserts reads that show v, for a call with arguments args; it
// reports whether v is shown afterwards.
func (g *grounder) reveal(v string, args map[string]any, depth int) bool {
	if depth <= 0 {
		return false
	}
	st := g.s.State()
	orderID, _ := args["order_id"].(string)
	order, hasOrder := st.Get(App+".orders", orderID)
	userID, _ := args["user_id"].(string)
	if hasOrder {
		userID, _ = order["user_id"].(string)
	}
	try := func(tool, arg, val string) bool {
		return val != "" && g.read(tool, arg, val, depth) && g.shown(v)
	}
	switch {
	case st.Has(App+".users") && isKey(st, "users", v):
		return g.findUser(v, depth)
	case isKey(st, "orders", v):
		o, _ := st.Get(App+".orders", v)
		u, _ := o["user_id"].(string)
		return try("get_user_details", "user_id", u)
	case isKey(st, "products", v):
		if hasOrder && holds(order, v) && try("get_order_details", "order_id", orderID) {
			return true
		}
		return g.call(atom.PlanCall{Tool: "list_all_product_types", Args: map[string]any{}}) && g.shown(v)
	}
	if hasOrder && holds(order, v) && try("get_order_details", "order_id", orderID) {
		return true
	}
	if p := productOf(st, v); p != "" && try("get_product_details", "product_id", p) {
		return true
	}
	if u, ok := st.Get(App+".users", userID); ok {
		if holds(u, v) {
			return try("get_user_details", "user_id", userID)
		}
		for _, o := range listOf(u["orders"]) {
			if rec, ok := st.Get(App+".orders", o); ok && holds(rec, v) && try("get_order_details", "order_id", o) {
				return true
			}
		}
	}
	return false
}

// findUser shows a user id through the lookups tau2's policy asks for:
// by email, else by name and zip, with what the instruction gives (names
// as the customer writes them).
func (g *grounder) findUser(id string, depth int) bool {
	u, ok := g.s.State().Get(App+".users", id)
	if !ok {
		return false
	}
	if email, _ := u["email"].(string); g.shown(email) || g.said(email) {
		return g.call(atom.PlanCall{Tool: "find_user_id_by_email", Args: map[string]any{"email": email}}) && g.shown(id)
	}
	name, _ := u["name"].(map[string]any)
	addr, _ := u["address"].(map[string]any)
	first, _ := name["first_name"].(string)
	last, _ := name["last_name"].(string)
	zip, _ := addr["zip"].(string)
	if (g.shown(first) || g.said(first)) && (g.shown(last) || g.said(last)) && g.shown(zip) {
		return g.call(atom.PlanCall{Tool: "find_user_id_by_name_zip", Args: map[string]any{"first_name": first, "last_name": last, "zip": zip}}) && g.shown(id)
	}
	return false
}

func isKey(st *state.State, coll, v string) bool {
	_, ok := st.Get(App+"."+coll, v)
	return ok
}

// holds reports whether a record's JSON text contains v.
func holds(r map[string]any, v string) bool {
	b, _ := json.Marshal(r)
	return strings.Contains(strings.ToLower(string(b)), strings.ToLower(v))
}

// productOf is the product that has variant item, or "".
func productOf(st *state.State, item string) string {
	for _, p := range st.Records(App + ".products") {
		if vs, _ := p["variants"].(map[string]any); vs != nil {
			if _, ok := vs[item]; ok {
				id, _ := p["product_id"].(string)
				return id
			}
		}
	}
	return ""
}

func listOf(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
