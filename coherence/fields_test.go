package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// channels is a collection whose records carry flags, states, amounts,
// counts and bounds the way Slack channels, Buffer posts and Stripe
// invoices carry them.
func channels() (*atom.Server, *atom.Collection) {
	s := &atom.Server{Kind: atom.KindServer, ID: "chat", Collections: []atom.Collection{{Name: "channels", Fields: map[string]atom.Field{
		"status":           {Type: "string", Enum: []any{"draft", "live", "archived"}, Role: atom.RoleStatus},
		"payment_status":   {Type: "string", Enum: []any{"pending", "succeeded", "failed"}, Role: atom.RoleStatus},
		"is_archived":      {Type: "boolean", Role: atom.RoleFlag},
		"paid":             {Type: "boolean", Role: atom.RoleFlag},
		"is_channel":       {Type: "boolean", Role: atom.RoleFlag},
		"is_private":       {Type: "boolean", Role: atom.RoleFlag},
		"is_public":        {Type: "boolean", Role: atom.RoleFlag},
		"published_at":     {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"amount_due":       {Type: "integer", Role: atom.RoleMoney},
		"amount_paid":      {Type: "integer", Role: atom.RoleMoney},
		"amount_remaining": {Type: "integer", Role: atom.RoleMoney},
		"member_count":     {Type: "integer", Role: atom.RoleCount},
		"members":          {Type: "array"},
		"min_price":        {Type: "number", Role: atom.RoleMoney},
		"max_price":        {Type: "number", Role: atom.RoleMoney},
	}}}}
	return s, &s.Collections[0]
}

func goodChannel() map[string]any {
	return map[string]any{"status": "live", "payment_status": "succeeded", "is_archived": false, "paid": true, "is_channel": true,
		"is_private": false, "is_public": true, "published_at": "2026-02-01T10:00:00Z", "amount_due": 900, "amount_paid": 400,
		"amount_remaining": 500, "member_count": 2, "members": []any{"U1", "U2"}, "min_price": 10.0, "max_price": 20.0}
}

// Each kind of contradiction is found on the field that breaks it, and
// mending it leaves a record with no contradiction left.
func TestContradictions(t *testing.T) {
	s, def := channels()
	if got := Contradictions(s, def, goodChannel()); len(got) != 0 {
		t.Fatalf("a coherent record has contradictions: %+v", got)
	}
	cases := []struct {
		name  string
		set   map[string]any
		field string
	}{
		{"flag denies its state", map[string]any{"status": "archived"}, "is_archived"},
		{"flag claims a state the record is not in", map[string]any{"is_archived": true}, "is_archived"},
		{"paid flag on a failed payment", map[string]any{"payment_status": "failed", "amount_paid": 0, "amount_remaining": 900}, "paid"},
		{"published on a draft", map[string]any{"status": "draft", "amount_paid": 0, "amount_remaining": 900}, "published_at"},
		{"opposite flags agree", map[string]any{"is_public": false}, "is_public"},
		{"own kind flag false with no other kind", map[string]any{"is_channel": false}, "is_channel"},
		{"paid above due", map[string]any{"amount_paid": 1200, "amount_remaining": 0}, "amount_paid"},
		{"remaining above due less paid", map[string]any{"amount_remaining": 800}, "amount_remaining"},
		{"count beside its list", map[string]any{"member_count": 5}, "member_count"},
		{"minimum above maximum", map[string]any{"min_price": 30.0}, "max_price"},
	}
	for _, c := range cases {
		rec := goodChannel()
		for k, v := range c.set {
			rec[k] = v
		}
		got := Contradictions(s, def, rec)
		if len(got) != 1 || got[0].Field != c.field {
			t.Errorf("%s: got %+v, want one on %s", c.name, got, c.field)
			continue
		}
		got[0].Mend(rec)
		if left := Contradictions(s, def, rec); len(left) != 0 {
			t.Errorf("%s: mended record still contradicts itself: %+v", c.name, left)
		}
		if vs := CheckRecord(s, def, rec); len(vs) != 0 {
			t.Errorf("%s: mended record has violations: %+v", c.name, vs)
		}
	}
}

// A private channel may say it is not a public channel: is_channel false
// is explained by another kind flag.
func TestOwnKindFlagExplained(t *testing.T) {
	s, def := channels()
	rec := goodChannel()
	rec["is_channel"], rec["is_private"], rec["is_public"] = false, true, false
	if got := Contradictions(s, def, rec); len(got) != 0 {
		t.Fatalf("a private group is flagged: %+v", got)
	}
}

// An edit is not dated before the record was made: Discord's
// edited_timestamp before the message's timestamp is mended to a minute
// after it, as is a comment's edited_at before its created_at, and a form
// response's lastSubmittedTime before its createTime. A page's
// last_edited_time before its created_time is LifecycleProblems' to name.
func TestEditedBeforeMade(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "chat", Collections: []atom.Collection{
		{Name: "messages", Fields: map[string]atom.Field{
			"timestamp":        {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"edited_timestamp": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "comments", Fields: map[string]atom.Field{
			"created_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"edited_at":  {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "pages", Fields: map[string]atom.Field{
			"created_time":     {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"last_edited_time": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "responses", Fields: map[string]atom.Field{
			"createTime":        {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"lastSubmittedTime": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
	}}
	msgs, comments, pages := ShapeOf(s, &s.Collections[0]), ShapeOf(s, &s.Collections[1]), ShapeOf(s, &s.Collections[2])
	responses := ShapeOf(s, &s.Collections[3])
	for _, c := range []struct {
		name string
		sh   *Shape
		rec  map[string]any
		want string // the mended edit, "" when in order
	}{
		{"edited before sent", msgs, map[string]any{"timestamp": "2026-02-10T10:00:00Z", "edited_timestamp": "2026-02-03T08:00:00Z"}, "2026-02-10T10:01:00Z"},
		{"edited after sent", msgs, map[string]any{"timestamp": "2026-02-10T10:00:00Z", "edited_timestamp": "2026-02-10T12:00:00Z"}, ""},
		{"never edited", msgs, map[string]any{"timestamp": "2026-02-10T10:00:00Z"}, ""},
		{"a comment edited before it was created", comments, map[string]any{"created_at": "2026-02-10T10:00:00Z", "edited_at": "2026-01-10T10:00:00Z"}, "2026-02-10T10:01:00Z"},
		{"a response last submitted before it was created", responses, map[string]any{"createTime": "2026-04-10T11:30:00Z", "lastSubmittedTime": "2026-03-14T16:30:00Z"}, "2026-04-10T11:31:00Z"},
	} {
		mendsOnce(t, c.name, c.rec, func() []Contradiction { return c.sh.Contradictions(c.rec) }, c.want)
	}
	page := map[string]any{"created_time": "2026-02-10T10:00:00Z", "last_edited_time": "2026-01-10T10:00:00Z"}
	if got, lp := pages.Contradictions(page), pages.LifecycleProblems(page); len(got) != 0 || len(lp) != 1 {
		t.Errorf("a page edited before it was created: contradictions %+v, lifecycle problems %v; want it named once, by LifecycleProblems", got, lp)
	}
}

// TestBalanceWithinTotal: what an invoice still owes (Zoho Books'
// balance) is no more than its total, and is mended to it.
func TestBalanceWithinTotal(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "books", Collections: []atom.Collection{{Name: "invoices", Fields: map[string]atom.Field{
		"total":   {Type: "number", Role: atom.RoleMoney},
		"balance": {Type: "number", Role: atom.RoleMoney},
	}}}}
	def := &s.Collections[0]
	if got := Contradictions(s, def, map[string]any{"total": 991.33, "balance": 400.0}); len(got) != 0 {
		t.Fatalf("a balance within the total: %+v", got)
	}
	rec := map[string]any{"total": 991.33, "balance": 2092.78}
	got := Contradictions(s, def, rec)
	if len(got) != 1 || got[0].Field != "balance" {
		t.Fatalf("a balance above the total: %+v, want one on balance", got)
	}
	got[0].Mend(rec)
	if rec["balance"] != 991.33 {
		t.Errorf("mended balance %v, want the total 991.33", rec["balance"])
	}
}

// TestActivityOfNone: a registrant who did not attend has no attendance
// (Zoom's attended false beside 45 minutes), a mail never opened no
// opened date; either the measure goes to zero or, where it must stay,
// the flag turns on. A registrant who attended keeps both.
func TestActivityOfNone(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "zoom", Collections: []atom.Collection{
		{Name: "registrants", Fields: map[string]atom.Field{
			"attended":            {Type: "boolean", Role: atom.RoleFlag},
			"attendance_duration": {Type: "integer", Role: atom.RoleCount},
			"questions_asked":     {Type: "integer", Role: atom.RoleCount},
			"join_url":            {Type: "string", Role: atom.RoleURL},
		}},
		{Name: "messages", Fields: map[string]atom.Field{
			"opened":    {Type: "boolean", Role: atom.RoleFlag},
			"opened_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
	}}
	reg, msg := ShapeOf(s, &s.Collections[0]), ShapeOf(s, &s.Collections[1])
	ds := reg.Contradictions(map[string]any{"attended": false, "attendance_duration": 45, "join_url": "https://zoom.example/j/1"})
	if len(ds) != 1 || ds[0].Field != "attendance_duration" || ds[0].Want != 0 || ds[0].Or == nil || ds[0].Or.Field != "attended" || ds[0].Or.Want != true {
		t.Errorf("not attended, 45 minutes: %+v, want the duration mended to 0, or attended to true", ds)
	}
	// Questions are asked while attending.
	if ds := reg.Contradictions(map[string]any{"attended": false, "attendance_duration": 0, "questions_asked": 4}); len(ds) != 1 || ds[0].Field != "questions_asked" {
		t.Errorf("not attended, 4 questions asked: %+v", ds)
	}
	if ds := reg.Contradictions(map[string]any{"attended": true, "attendance_duration": 45}); len(ds) != 0 {
		t.Errorf("attended for 45 minutes: %+v", ds)
	}
	if ds := reg.Contradictions(map[string]any{"attended": false, "attendance_duration": 0}); len(ds) != 0 {
		t.Errorf("not attended, no attendance: %+v", ds)
	}
	ds = msg.Contradictions(map[string]any{"opened": false, "opened_at": "2026-03-01T10:00:00Z"})
	if len(ds) != 1 || ds[0].Field != "opened_at" || ds[0].Want != nil {
		t.Errorf("never opened, opened on 1 March: %+v, want the date gone", ds)
	}
}

// TestNoLossOfASuccess: a hired candidate has no reason it was let go
// (Lever's archived_reason "moved the work in-house"), a won deal none it
// was lost; an offer withdrawn keeps its reason.
func TestNoLossOfASuccess(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "ats", Collections: []atom.Collection{
		{Name: "opportunities", Fields: map[string]atom.Field{
			"stage":           {Type: "string", Enum: []any{"phone-screen", "offer", "hired"}, Role: atom.RoleStatus},
			"archived_reason": {Type: "string", Role: atom.RoleText},
		}},
		{Name: "deals", Fields: map[string]atom.Field{
			"status":      {Type: "string", Enum: []any{"open", "won", "lost"}, Role: atom.RoleStatus},
			"lost_reason": {Type: "string", Role: atom.RoleText},
		}},
	}}
	opp, deals := ShapeOf(s, &s.Collections[0]), ShapeOf(s, &s.Collections[1])
	ds := opp.Contradictions(map[string]any{"stage": "hired", "archived_reason": "Olivia at Cedar Peak LLC moved the work in-house."})
	if len(ds) != 1 || ds[0].Field != "archived_reason" || ds[0].Want != nil {
		t.Errorf("a hire archived for a loss: %+v, want the reason gone", ds)
	}
	if ds := opp.Contradictions(map[string]any{"stage": "offer", "archived_reason": "Withdrew."}); len(ds) != 0 {
		t.Errorf("an offer withdrawn: %+v", ds)
	}
	var got []Contradiction
	for _, d := range deals.Contradictions(map[string]any{"status": "won", "lost_reason": "Went with a competitor."}) {
		if d.Field == "lost_reason" {
			got = append(got, d)
		}
	}
	if len(got) == 0 || got[0].Want != nil {
		t.Errorf("a won deal with a reason it was lost: %+v, want the reason gone", got)
	}
}

// TestCancelledYetDone: an order cancelled on a date is not fulfilled
// (Shopify cancels only an unfulfilled order): the status goes, or the
// date where a task keeps the status. A restocked one keeps both.
func TestCancelledYetDone(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "shop", Collections: []atom.Collection{{Name: "orders", Fields: map[string]atom.Field{
		"fulfillment_status": {Type: "string", Enum: []any{"fulfilled", "partial", "unfulfilled", "restocked"}, Role: atom.RoleStatus},
		"cancelled_at":       {Type: "string", Format: "date-time", Role: atom.RoleDate},
	}}}}
	sh := ShapeOf(s, &s.Collections[0])
	var got []Contradiction
	for _, d := range sh.Contradictions(map[string]any{"fulfillment_status": "fulfilled", "cancelled_at": "2026-03-02T10:00:00Z"}) {
		if d.Field == "fulfillment_status" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Want != nil || got[0].Or == nil || got[0].Or.Field != "cancelled_at" {
		t.Errorf("a fulfilled order cancelled: %+v, want the status gone or else the date", got)
	}
	for _, d := range sh.Contradictions(map[string]any{"fulfillment_status": "restocked", "cancelled_at": "2026-03-02T10:00:00Z"}) {
		if d.Field == "fulfillment_status" {
			t.Errorf("a restocked order cancelled: %+v", d)
		}
	}
}
