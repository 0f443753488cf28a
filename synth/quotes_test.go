package synth

import (
	"strings"
	"testing"
)

// TestCommentsQuoteTheirDocument: a Google Docs comment is on a document,
// and its quoted text is a passage of it (before, half the comments were
// on none, and every quote was the comment's own words).
func TestCommentsQuoteTheirDocument(t *testing.T) {
	c := synthApps(t, 2, "google_docs", "box")
	n := 0
	for _, d := range c.Data {
		docs := map[any]string{}
		for _, doc := range d.Records["google_docs"]["documents"] {
			docs[doc["id"]], _ = doc["body"].(string)
		}
		for _, cm := range d.Records["google_docs"]["comments"] {
			q, _ := cm["quoted_text"].(string)
			body, on := docs[cm["document_id"]]
			if !on {
				t.Errorf("%s: comment %v is on no document (%v)", d.ID, cm["id"], cm["document_id"])
			}
			if q == "" || body == "" {
				continue
			}
			n++
			if !strings.Contains(body, q) || q == cm["content"] {
				t.Errorf("%s: comment %v quotes %q, not of its document's %q", d.ID, cm["id"], q, body)
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d comments quote a document", n)
	}
}
