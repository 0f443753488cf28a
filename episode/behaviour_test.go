package episode

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
)

const behaviourServer = `kind: server
id: shop
invalid_arguments: invalid_arguments
collections:
  - name: channels
    fields:
      name: {type: string}
  - name: users
    fields:
      name: {type: string}
  - name: messages
    fields:
      channel_id: {type: string, role: ref, ref: channels, resolve: channel_not_found, ref_also: [users]}
      also: {type: array, items: string, role: ref, ref: channels, resolve: channel_not_found}
      text: {type: string}
  - name: orders
    fields:
      tags: {type: array, items: string, role: tags, set: true}
      status: {type: string, enum: [open, paid, refunded, cancelled], role: status}
      cancelled_at: {type: string, format: date-time}
      paid_at: {type: string, format: date-time}
    lifecycle:
      field: status
      transitions: {paid: [refunded]}
      terminal: [cancelled, refunded]
      error: "Cannot change an order from {from} to {to}"
      errors: {refunded: "Order {to}: it is refunded"}
      stamps:
        - {field: cancelled_at, states: [cancelled]}
        - {field: paid_at, states: [paid, refunded]}
  - name: carts
    not_found: "No such cart: '{value}'"
    fields:
      cancelled_at: {type: string, format: date-time}
    lifecycle: {field: cancelled_at, terminal: [set], error: "INVALID: the cart is already cancelled"}
tools:
  - name: shop_cancel_cart
    description: Cancel a cart.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect: {kind: update, collection: carts, set: {cancelled_at: $now}}
  - name: shop_post
    description: Post a message.
    input: {type: object, properties: {channel: {type: string}, text: {type: string}}, required: [channel, text]}
    effect: {kind: create, collection: messages, fields: {channel: channel_id}}
  - name: shop_note
    description: Write a message, in a channel or none.
    input: {type: object, properties: {channel: {type: string}, text: {type: string}}, required: [text]}
    effect: {kind: create, collection: messages, fields: {channel: channel_id}}
  - name: shop_link
    description: Add channels to a message.
    input: {type: object, properties: {id: {type: string}, channels: {type: array, items: {type: string}}}, required: [id, channels]}
    effect: {kind: append, collection: messages, field: also, value: channels}
  - name: shop_tag_order
    description: Add a tag to an order.
    input: {type: object, properties: {id: {type: string}, tag: {type: string}}, required: [id, tag]}
    effect: {kind: append, collection: orders, field: tags, value: tag}
  - name: shop_untag_order
    description: Remove a tag from an order.
    input: {type: object, properties: {id: {type: string}, tag: {type: string}}, required: [id, tag]}
    effect: {kind: remove, collection: orders, field: tags, value: tag}
  - name: shop_update_order
    description: Update an order.
    input: {type: object, properties: {id: {type: string}, tags: {type: array, items: {type: string}}, status: {type: string}}, required: [id]}
    effect: {kind: update, collection: orders}
  - name: shop_cancel_order
    description: Cancel an order.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect: {kind: update, collection: orders, set: {status: cancelled}}
  - name: shop_script_tag
    description: Add a tag to an order, in Starlark.
    input: {type: object, properties: {id: {type: string}, tag: {type: string}}, required: [id, tag]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            o = db.get("orders", args["id"])
            return db.update("orders", args["id"], {"tags": o.get("tags", []) + [args["tag"]]})
  - name: shop_script_cancel
    description: Cancel an order, in Starlark.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            return db.update("orders", args["id"], {"status": "cancelled"})
  - name: shop_script_post
    description: Post a message, in Starlark.
    input: {type: object, properties: {channel: {type: string}, text: {type: string}}, required: [channel, text]}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            return db.create("messages", {"channel_id": args["channel"], "text": args["text"]})
`

const behaviourData = `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  shop:
    channels: [{id: C1, name: general}]
    users: [{id: U1, name: Ana Ruiz}]
    messages: [{id: m0, channel_id: C1, text: hello}]
    orders:
      - {id: o1, status: open, tags: [billing]}
      - {id: o2, status: paid, paid_at: "2026-02-01T00:00:00Z"}
      - {id: o3, status: cancelled, cancelled_at: "2026-02-03T00:00:00Z"}
      - {id: o4, status: open, tags: [billing]}
    carts: [{id: k1}]
`

func behaviourSession(t *testing.T) *Session {
	t.Helper()
	return yamlSession(t, behaviourServer, behaviourData, "kind: intent\nid: i\napps: [shop]\ninstruction: Tag the order.\ngoal:\n  - exists: shop.orders\n")
}

// yamlSession is a session of the environment that the server, data and
// intent atoms written as YAML compose.
func yamlSession(t testing.TB, server, data, intent string) *Session {
	t.Helper()
	lib, ds, err := atom.Load(fstest.MapFS{
		"s.yaml": {Data: []byte(server)},
		"d.yaml": {Data: []byte(data)},
		"i.yaml": {Data: []byte(intent)},
	})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(env, SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDeclaredBehaviour: set fields are idempotent, a reference that must
// resolve is checked, a status moves only as its machine allows and keeps
// its timestamps. Each call runs in order on one session.
func TestDeclaredBehaviour(t *testing.T) {
	s := behaviourSession(t)
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
		want             string // in the observation
		record, field    string // then the order's field reads
		value            string
	}{
		{"a tag the order holds is not added twice", "shop_tag_order", `{"id":"o1","tag":"billing"}`, false, `"tags":["billing"]`, "o1", "tags", `["billing"]`},
		{"a new tag is added", "shop_tag_order", `{"id":"o1","tag":"vip"}`, false, `"tags":["billing","vip"]`, "o1", "tags", `["billing","vip"]`},
		{"an update's list is a set", "shop_update_order", `{"id":"o1","tags":["vip","vip","rush"]}`, false, `"tags":["vip","rush"]`, "o1", "tags", `["vip","rush"]`},
		{"removing a tag it lacks changes nothing", "shop_untag_order", `{"id":"o1","tag":"billing"}`, false, `"tags":["vip","rush"]`, "o1", "tags", `["vip","rush"]`},
		{"removing a tag it holds", "shop_untag_order", `{"id":"o1","tag":"vip"}`, false, `"tags":["rush"]`, "o1", "tags", `["rush"]`},
		{"an unknown channel is the product's error", "shop_post", `{"channel":"C999999","text":"hi"}`, true, "channel_not_found", "", "", ""},
		{"an empty channel the tool requires is not found", "shop_post", `{"channel":"","text":"hi"}`, true, "channel_not_found", "", "", ""},
		{"an empty list member is not found", "shop_link", `{"id":"m0","channels":[""]}`, true, "channel_not_found", "", "", ""},
		{"an empty optional reference is no reference", "shop_note", `{"channel":"","text":"hi"}`, false, `"text":"hi"`, "", "", ""},
		{"a known channel", "shop_post", `{"channel":"C1","text":"hi"}`, false, `"channel_id":"C1"`, "", "", ""},
		{"a user id is a channel too", "shop_post", `{"channel":"U1","text":"hi"}`, false, `"channel_id":"U1"`, "", "", ""},
		{"a paid order cannot be cancelled", "shop_cancel_order", `{"id":"o2"}`, true, "Cannot change an order from paid to cancelled", "o2", "status", `"paid"`},
		{"a cancelled order cannot be cancelled again", "shop_cancel_order", `{"id":"o3"}`, true, "Cannot change an order from cancelled to cancelled", "o3", "cancelled_at", `"2026-02-03T00:00:00Z"`},
		{"cancelling stamps the time", "shop_cancel_order", `{"id":"o1"}`, false, `"cancelled_at":"2026-03-02T10:00:00Z"`, "o1", "status", `"cancelled"`},
		{"a paid order refunded keeps its paid date", "shop_update_order", `{"id":"o2","status":"refunded"}`, false, `"paid_at":"2026-02-01T00:00:00Z"`, "o2", "status", `"refunded"`},
		{"a refunded order's own wording", "shop_cancel_order", `{"id":"o2"}`, true, "Order cancelled: it is refunded", "o2", "status", `"refunded"`},
		{"a cart is cancelled once", "shop_cancel_cart", `{"id":"k1"}`, false, `"cancelled_at":"2026-03-02T10:00:00Z"`, "", "", ""},
		{"and not twice", "shop_cancel_cart", `{"id":"k1"}`, true, "INVALID: the cart is already cancelled", "", "", ""},
		{"an unknown id in the product's words", "shop_cancel_cart", `{"id":"k9"}`, true, "No such cart: 'k9'", "", "", ""},
		{"an unknown id of a collection without words", "shop_cancel_order", `{"id":"o9"}`, true, `no order with id \"o9\"`, "", "", ""},
		{"a missing argument starts with the product's code", "shop_post", `{"channel":"C1"}`, true, "invalid_arguments: invalid arguments for shop_post: missing property 'text'", "", "", ""},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError != c.isErr || !strings.Contains(o.Content, c.want) {
			t.Errorf("%s: error %v %s; want error %v and %s", c.name, o.IsError, o.Content, c.isErr, c.want)
		}
		if c.record == "" {
			continue
		}
		rec, _ := s.State().Get("shop.orders", c.record)
		if got, _ := json.Marshal(rec[c.field]); string(got) != c.value {
			t.Errorf("%s: %s.%s = %s, want %s", c.name, c.record, c.field, got, c.value)
		}
	}
	if n := len(s.State().Records("shop.messages")); n != 4 {
		t.Errorf("%d messages, want 4 (one drawn; the unknown and empty channels refused)", n)
	}
}

// Moving out of a stamped state clears its timestamp.
func TestTransitionClearsStamp(t *testing.T) {
	s := behaviourSession(t)
	o := s.Call(ToolCall{Name: "shop_update_order", Args: json.RawMessage(`{"id":"o1","status":"paid"}`)})
	if o.IsError || !strings.Contains(o.Content, `"paid_at":"2026-03-02T10:00:00Z"`) {
		t.Fatalf("pay: %s", o.Content)
	}
	lc := &atom.Lifecycle{Field: "status", Error: "no", Stamps: []atom.Stamp{{Field: "paid_at", States: []string{"paid"}}}}
	coll := &atom.Collection{Lifecycle: lc}
	rec := map[string]any{"status": "open", "paid_at": "x"}
	if err := transition(&Context{}, coll, map[string]any{"status": "paid", "paid_at": "x"}, rec, map[string]bool{"status": true}); err != nil || rec["paid_at"] != nil {
		t.Errorf("reopen: %v, paid_at %v; want it cleared", err, rec["paid_at"])
	}
}

// TestStarlarkKeepsBehaviour: a tool written in Starlark cannot bypass
// what the server declares: its writes are held to the same set fields,
// references and status machine as a declarative effect's, and a refused
// write changes nothing.
func TestStarlarkKeepsBehaviour(t *testing.T) {
	s := behaviourSession(t)
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
		want             string
	}{
		{"a tag the order holds is not added twice", "shop_script_tag", `{"id":"o4","tag":"billing"}`, false, `"tags":["billing"]`},
		{"an unknown channel is the product's error", "shop_script_post", `{"channel":"C999999","text":"hi"}`, true, "channel_not_found"},
		{"a known channel", "shop_script_post", `{"channel":"C1","text":"hi"}`, false, `"channel_id":"C1"`},
		{"a paid order cannot be cancelled", "shop_script_cancel", `{"id":"o2"}`, true, "Cannot change an order from paid to cancelled"},
		{"cancelling stamps the time", "shop_script_cancel", `{"id":"o4"}`, false, `"cancelled_at":"2026-03-02T10:00:00Z"`},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError != c.isErr || !strings.Contains(o.Content, c.want) {
			t.Errorf("%s: error %v %s; want error %v and %s", c.name, o.IsError, o.Content, c.isErr, c.want)
		}
	}
	if r, _ := s.State().Get("shop.orders", "o2"); r["status"] != "paid" {
		t.Errorf("a refused Starlark write changed o2: %v", r)
	}
	if n := len(s.State().Records("shop.messages")); n != 2 {
		t.Errorf("%d messages, want 2 (one drawn, one posted); the post to an unknown channel wrote one", n)
	}
}
