package atom

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"toRecipients":     {"to", "recipients"},
		"to_recipients":    {"to", "recipients"},
		"HTTPServer":       {"http", "server"},
		"userID":           {"user", "id"},
		"ABC":              {"abc"},
		"a.b-c d":          {"a", "b", "c", "d"},
		"__lead__":         {"lead"},
		"ÉtéFort":          {"été", "fort"},
		"":                 nil,
		"x\xffY":           {"x\uFFFDy"},
		"dueDate_UTCValue": {"due", "date", "utc", "value"},
	} {
		if got := Words(in); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzWords(f *testing.F) {
	for _, s := range []string{"toRecipients", "HTTPServer", "\xff\xfeA", "ÀÉb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range Words(s) {
			if w == "" {
				t.Fatalf("Words(%q) holds an empty word", s)
			}
		}
	})
}
