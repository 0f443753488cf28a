package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestStatesDenyFields: a record's kind and status fields deny a flag, an
// output, a share of money or a role the way the products do not allow:
// Slack's private channel_type beside is_private false, Canva's
// result_url on a job in progress, Stripe's draft invoice with an
// amount paid, uncollectible invoice paid in full and failed charge
// refunded, a description naming an amount the invoice does not hold,
// Google Docs' owner permission
// for anyone. Each is found on its field and mended to agree.
func TestStatesDenyFields(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "app", Collections: []atom.Collection{
		{Name: "channels", Fields: map[string]atom.Field{
			"channel_type": {Type: "string", Enum: []any{"public", "private", "dm"}, Role: atom.RoleStatus},
			"is_private":   {Type: "boolean", Role: atom.RoleFlag},
		}},
		{Name: "jobs", Fields: map[string]atom.Field{
			"status":     {Type: "string", Enum: []any{"IN_PROGRESS", "COMPLETED", "FAILED"}, Role: atom.RoleStatus},
			"result_url": {Type: "string", Role: atom.RoleURL},
		}},
		{Name: "invoices", Fields: map[string]atom.Field{
			"status":      {Type: "string", Enum: []any{"draft", "open", "paid", "uncollectible", "void"}, Role: atom.RoleStatus},
			"amount_due":  {Type: "integer", Role: atom.RoleMoney},
			"amount_paid": {Type: "integer", Role: atom.RoleMoney},
			"description": {Type: "string", Role: atom.RoleText},
		}},
		{Name: "charges", Fields: map[string]atom.Field{
			"status":          {Type: "string", Enum: []any{"succeeded", "pending", "failed"}, Role: atom.RoleStatus},
			"amount":          {Type: "integer", Role: atom.RoleMoney},
			"refunded":        {Type: "boolean", Role: atom.RoleFlag},
			"amount_refunded": {Type: "integer", Role: atom.RoleMoney},
		}},
		{Name: "teams", Fields: map[string]atom.Field{
			"name":         {Type: "string", Role: atom.RoleTitle},
			"display_name": {Type: "string", Role: atom.RoleTitle},
		}},
		{Name: "permissions", Fields: map[string]atom.Field{
			"role": {Type: "string", Enum: []any{"owner", "writer", "commenter", "reader"}, Role: atom.RoleStatus},
			"type": {Type: "string", Enum: []any{"user", "group", "domain", "anyone"}, Role: atom.RoleStatus},
		}},
	}}
	for _, c := range []struct {
		name, coll string
		rec        map[string]any
		fields     []string
	}{
		{"a private channel not private", "channels", map[string]any{"channel_type": "private", "is_private": false}, []string{"is_private"}},
		{"a public channel private", "channels", map[string]any{"channel_type": "public", "is_private": true}, []string{"is_private"}},
		{"a private channel", "channels", map[string]any{"channel_type": "private", "is_private": true}, nil},
		{"a job in progress with its result", "jobs", map[string]any{"status": "IN_PROGRESS", "result_url": "https://x.example/r"}, []string{"result_url"}},
		{"a failed job with its result", "jobs", map[string]any{"status": "FAILED", "result_url": "https://x.example/r"}, []string{"result_url"}},
		{"a completed job with its result", "jobs", map[string]any{"status": "COMPLETED", "result_url": "https://x.example/r"}, nil},
		{"a draft invoice paid", "invoices", map[string]any{"status": "draft", "amount_due": 900, "amount_paid": 900}, []string{"amount_paid"}},
		{"an open invoice partly paid", "invoices", map[string]any{"status": "open", "amount_due": 900, "amount_paid": 400}, nil},
		{"a failed charge refunded", "charges", map[string]any{"status": "failed", "amount": 900, "refunded": true, "amount_refunded": 900}, []string{"amount_refunded", "refunded"}},
		{"an uncollectible invoice paid in full", "invoices", map[string]any{"status": "uncollectible", "amount_due": 1627, "amount_paid": 1627}, []string{"amount_paid"}},
		{"an uncollectible invoice partly paid", "invoices", map[string]any{"status": "uncollectible", "amount_due": 1627, "amount_paid": 300}, nil},
		{"a description naming another amount", "invoices", map[string]any{"status": "open", "amount_due": 1627, "amount_paid": 0, "description": "Covers March. Value: $3,574.00."}, []string{"description"}},
		{"a description naming only another amount", "invoices", map[string]any{"status": "open", "amount_due": 1627, "amount_paid": 0, "description": "Value: $3,574.00."}, []string{"description"}},
		{"a description naming its amount in cents", "invoices", map[string]any{"status": "open", "amount_due": 1627, "amount_paid": 0, "description": "Covers March. Value: $16.27."}, nil},
		{"a paid invoice paid in full", "invoices", map[string]any{"status": "paid", "amount_due": 1627, "amount_paid": 1627}, nil},
		{"a void invoice paid", "invoices", map[string]any{"status": "void", "amount_due": 1627, "amount_paid": 1627}, []string{"amount_paid"}},
		{"a pending charge refunded", "charges", map[string]any{"status": "pending", "amount": 443, "refunded": false, "amount_refunded": 377}, []string{"amount_refunded"}},
		{"a succeeded charge refunded", "charges", map[string]any{"status": "succeeded", "amount": 900, "refunded": true, "amount_refunded": 900}, nil},
		{"a display name of another name", "teams", map[string]any{"name": "stark-launch", "display_name": "deal-stark"}, []string{"display_name"}},
		{"a display name spelling the name", "teams", map[string]any{"name": "stark-launch", "display_name": "Stark Launch"}, nil},
		{"a display name of a name in words", "teams", map[string]any{"name": "Ops Team", "display_name": "Support"}, []string{"display_name"}},
		{"anyone owns the document", "permissions", map[string]any{"role": "owner", "type": "anyone"}, []string{"role"}},
		{"a domain owns the document", "permissions", map[string]any{"role": "owner", "type": "domain"}, []string{"role"}},
		{"a user owns the document", "permissions", map[string]any{"role": "owner", "type": "user"}, nil},
		{"anyone reads the document", "permissions", map[string]any{"role": "reader", "type": "anyone"}, nil},
	} {
		sh := ShapeOf(s, s.Collection(c.coll))
		got := sh.Contradictions(c.rec)
		var fields []string
		for _, d := range got {
			fields = append(fields, d.Field)
			d.Mend(c.rec)
		}
		if len(fields) != len(c.fields) || len(fields) > 0 && fields[0] != c.fields[0] {
			t.Errorf("%s: contradictions on %v; want %v (%+v)", c.name, fields, c.fields, got)
		}
		if left := sh.Contradictions(c.rec); len(left) != 0 {
			t.Errorf("%s: mended %v still contradicts itself: %+v", c.name, c.rec, left)
		}
	}
}
