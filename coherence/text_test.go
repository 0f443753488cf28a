package coherence

import (
	"reflect"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

func TestSentences(t *testing.T) {
	for text, want := range map[string][]string{
		"Hi Ana, thanks. See you on 2 May! Is $1,250.00 right?": {"Hi Ana, thanks.", "See you on 2 May!", "Is $1,250.00 right?"},
		"Line one\nLine two.":         {"Line one", "Line two."},
		"v1.2 ships to ana@x.example": {"v1.2 ships to ana@x.example"},
		"  ":                          nil,
	} {
		if got := Sentences(text); !reflect.DeepEqual(got, want) {
			t.Errorf("Sentences(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestTextRole(t *testing.T) {
	for field, want := range map[string]string{
		"description": "description", "product_description": "description", "internalNotes": "note",
		"textBody": "body", "comments": "comment", "cancel_reason": "reason", "headline": "headline",
	} {
		if got := TextRole(field); got != want {
			t.Errorf("TextRole(%q) = %q, want %q", field, got, want)
		}
	}
}

func TestCardNumber(t *testing.T) {
	for text, want := range map[string]string{
		"Card on file 4111 1111 1111 1111, exp 09/28.": "4111 1111 1111 1111",
		"paid with 5500-0000-0000-0004":                "5500-0000-0000-0004",
		"card ending 4242, exp 09/28":                  "",
		"call +1-415-555-0101 about INV-10234":         "",
		"order 1234567890123 shipped":                  "", // 13 digits, not a card's checksum
	} {
		if got := CardNumber(text); got != want {
			t.Errorf("CardNumber(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestTextTally: a sentence is counted once per field, shares are per
// role, and the most repeated role comes first.
func TestTextTally(t *testing.T) {
	a, b := NewTextTally(), NewTextTally()
	a.Add("body", "Thanks. Thanks.")
	a.Add("body", "Thanks. See you on 2 May.")
	b.Add("body", "Hello Ana.")
	b.Add("body", "Hello Bo.")
	b.Add("note", "Called Ana.")
	a.Merge(b)
	got := a.Shares()
	want := []TextShare{
		{Role: "note", Records: 1, Top: "Called Ana.", TopCount: 1, Share: 1},
		{Role: "body", Records: 4, Top: "Thanks.", TopCount: 2, Share: 0.5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Shares() = %+v, want %+v", got, want)
	}
}

// TestCardInFreeText: a card number in a record's free text is a
// violation; its last four digits are not.
func TestCardInFreeText(t *testing.T) {
	s := &atom.Server{App: "yt", Collections: []atom.Collection{{Name: "videos", Fields: map[string]atom.Field{
		"id": {Type: "string"}, "description": {Type: "string"},
	}}}}
	def := s.Collection("videos")
	bad := CheckRecord(s, def, map[string]any{"id": "v1", "description": "Sponsored. Card 4111 1111 1111 1111 for the ads."})
	if len(bad) != 1 || bad[0].Rule != RuleSecret {
		t.Errorf("card in a description: %v, want one %s violation", bad, RuleSecret)
	}
	if ok := CheckRecord(s, def, map[string]any{"id": "v2", "description": "Paid by the card ending 1111."}); len(ok) != 0 {
		t.Errorf("last four digits: %v, want none", ok)
	}
}
