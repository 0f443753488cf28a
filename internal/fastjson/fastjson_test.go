package fastjson

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	segjson "github.com/segmentio/encoding/json"
)

// FuzzValid holds the validator Decode uses to encoding/json's on UTF-8
// text: Decode takes nothing encoding/json refuses.
func FuzzValid(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2.5e3,-0,true,null,"x\u00e9"]}`, `01`, `{"a":1,}`, `[1 2]`, "\"\x01\"", `"\ud800"`, ` {"a" : "b"} `, `{"a":1} {}`, `1e`, `-`, `"\x"`, `{"a"}`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !utf8.Valid(b) {
			return
		}
		if got, want := segjson.Valid(b), json.Valid(b); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", b, got, want)
		}
	})
}
