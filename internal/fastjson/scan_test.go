package fastjson

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// scanCases are values Skip steps over and ones it must give up on.
var scanCases = []string{`{}`, `[]`, ` {"a" : [1, 2.5e3, -0, true, false, null, "x\u00e9\n\"", {"b": []}]} `, `"é"`, `-1.5E+3`,
	`01`, `1.`, `1e`, `-`, `{"a":1,}`, `[1 2]`, "\"\x01\"", `"\x"`, `"\u12g4"`, `{"a"}`, `{"a" 1}`, `tru`, "\"\xff\"", ``,
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)}

// skipsAll reports whether Skip steps over all of in, and fails t where
// it takes what encoding/json refuses or text that is not UTF-8.
func skipsAll(t *testing.T, in string) bool {
	sc := Scanner{Text: in}
	start, ok := sc.Skip(0)
	if !ok || !sc.End() {
		return false
	}
	if !json.Valid([]byte(in)) || !utf8.ValidString(in) {
		t.Fatalf("Skip took %q, which is not valid JSON in UTF-8", in)
	}
	if got := strings.TrimSpace(in[start:sc.Pos]); got != strings.TrimSpace(in) {
		t.Fatalf("Skip(%q) spans %q", in, got)
	}
	return true
}

func TestSkip(t *testing.T) {
	for i, in := range scanCases {
		if got, want := skipsAll(t, in), i < 5; got != want {
			t.Errorf("Skip(%q) took it: %v, want %v", in, got, want)
		}
	}
}

// TestStr checks that Str reads a plain string and gives up on any
// other.
func TestStr(t *testing.T) {
	for in, want := range map[string]string{`"abc"`: "abc", `"é ☃"`: "é ☃", `""`: ""} {
		sc := Scanner{Text: in + ","}
		if got, ok := sc.Str(); !ok || got != want || sc.Text[sc.Pos] != ',' {
			t.Errorf("Str(%q) = %q, %v at %d", in, got, ok, sc.Pos)
		}
	}
	for _, in := range []string{`"a\"b"`, "\"a\tb\"", "\"\xff\"", `"abc`} {
		sc := Scanner{Text: in}
		if got, ok := sc.Str(); ok {
			t.Errorf("Str(%q) = %q, want it left", in, got)
		}
	}
}

// FuzzSkip checks that what Skip steps over whole is valid JSON in UTF-8.
func FuzzSkip(f *testing.F) {
	for _, in := range scanCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { skipsAll(t, in) })
}
