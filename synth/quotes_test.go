package synth

import (
	"strings"
	"testing"
)

// TestCommentsQuoteTheirDocument: a Google Docs comment's quoted text is
// a passage of the document it is on (before, it quoted the comment's own
// content).
func TestCommentsQuoteTheirDocument(t *testing.T) {
	c := synthApps(t, 3, "google_docs")
	n := 0
	for _, d := range c.Data {
		docs := map[any]string{}
		for _, doc := range d.Records["google_docs"]["documents"] {
			docs[doc["id"]], _ = doc["body"].(string)
		}
		for _, cm := range d.Records["google_docs"]["comments"] {
			q, _ := cm["quoted_text"].(string)
			body := docs[cm["document_id"]]
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
