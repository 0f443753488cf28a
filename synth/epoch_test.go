package synth

import (
	"slices"

	"github.com/legoenv/legoenv/state"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestEpochTimesDrawn: a time its field keeps as a count since the epoch
// is drawn in the field's unit: Quip's created_usec and updated_usec are
// whole microseconds, of a time before the world's clock, and coherence
// finds no value of the wrong type or form in them.
func TestEpochTimesDrawn(t *testing.T) {
	c, servers := readWorld(t, 54, "quip")
	n := 0
	for _, d := range c.Data {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatal(err)
		}
		for coll, f := range map[string]string{"messages": "created_usec", "threads": "updated_usec"} {
			fd := servers["quip"].Collection(coll).Fields[f]
			for _, r := range d.Records["quip"][coll] {
				v, ok := r[f]
				if !ok {
					continue
				}
				n++
				at, ok := fd.EpochTime(v)
				if !ok || at.Year() < 2000 || at.After(clock) {
					t.Errorf("%s: quip.%s %v %s is %v (%T), not microseconds since the epoch before %s", d.ID, coll, r["id"], f, v, v, d.Clock)
				}
			}
		}
		for _, rule := range []string{coherence.RuleType, coherence.RuleFormat} {
			for _, v := range violationsOf(d, servers, rule, "") {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("%d quip times drawn", n)
	if n < 20 {
		t.Fatalf("only %d quip times drawn", n)
	}
	if _, ok := (atom.Field{Unit: atom.UnitEpochMicros}).EpochTime("2026-05-03T16:00:00Z"); ok {
		t.Error("an ISO date reads as microseconds")
	}
}

// TestGmailDraftsDrawn: a Gmail draft is drawn as the account's own
// unsent message, labelled DRAFT and addressed to someone else, beside a
// DRAFT system label its label_ids name; a thread's snippet is its latest
// message's. Coherence finds no broken rule, reference or key form in
// what is drawn, and both sides are drawn, so the rules are met, not
// skirted.
func TestGmailDraftsDrawn(t *testing.T) {
	c, servers := readWorld(t, 54, "gmail")
	var drafts, threads int
	for _, d := range c.Data {
		for _, rule := range []string{coherence.RuleInvariant, coherence.RuleRef, coherence.RuleIDForm} {
			for _, v := range violationsOf(d, servers, rule, "") {
				t.Errorf("%s", v)
			}
		}
		g := d.Records["gmail"]
		for _, dr := range g["drafts"] {
			m := findRec(g["messages"], "id", state.Text(dr["message_id"]))
			if m == nil {
				continue
			}
			drafts++
			labels := atom.ReferenceKeys(m["label_ids"])
			if m["from_"] != "user@gmail.com" || !slices.Contains(labels, "DRAFT") || slices.Contains(labels, "SENT") || slices.Contains(labels, "INBOX") || slices.Contains(atom.Addresses(m["to"]), "user@gmail.com") {
				t.Errorf("%s: draft %v wraps %v from %v to %v labelled %v, not the account's own unsent mail", d.ID, dr["id"], m["id"], m["from_"], m["to"], labels)
			}
			if findRec(g["labels"], "id", "DRAFT") == nil {
				t.Errorf("%s: a message is labelled DRAFT, but no label DRAFT is drawn", d.ID)
			}
		}
		for _, th := range g["threads"] {
			if ids := atom.ReferenceKeys(th["message_ids"]); len(ids) > 0 {
				threads++
				if m := findRec(g["messages"], "id", ids[len(ids)-1]); len(ids) == 1 && m != nil && th["snippet"] != m["snippet"] {
					t.Errorf("%s: thread %v shows %q, not its message's snippet %q", d.ID, th["id"], th["snippet"], m["snippet"])
				}
			}
		}
	}
	t.Logf("%d drafts, %d threads with messages", drafts, threads)
	if drafts < 3 || threads == 0 {
		t.Errorf("only %d drafts and %d threads with messages drawn", drafts, threads)
	}
}
