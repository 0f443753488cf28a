package episode

import (
	"encoding/json"
	"reflect"
	"testing"
)

// argCases are arguments the fast decoder reads and ones it leaves to
// encoding/json.
var argCases = []struct {
	in   string
	fast bool
}{
	{`{}`, true},
	{` { "order_id" : "#W1", "item_ids": ["a","b"], "n": -1.5e3, "ok": true, "no": false, "x": null } `, true},
	{`{"a":{"b":[{"c":[]},{}]}}`, true},
	{`{"a":"é ü ☃"}`, true},
	{`{"a":1,"a":2}`, true}, // the last wins, as in json.Unmarshal
	{`{"a":0.1,"b":1E+2,"c":-0,"d":0e5}`, true},
	{`{"a":"x\"y"}`, false},
	{`{"a":"\u00e9"}`, false},
	{"{\"a\":\"\xff\"}", false},
	{"{\"a\":\"tab\there\"}", false},
	{`{"a":1e400}`, false},
	{`{"a":01}`, false},
	{`{"a":-}`, false},
	{`{"a":1.}`, false},
	{`{"a":1,}`, false},
	{`{"a" 1}`, false},
	{`{"a":1}x`, false},
	{`{"a":tru}`, false},
	{`{"a":truex}`, false},
	{`{"a":[1,]}`, false},
	{`{"a":[1 2]}`, false},
	{`[1]`, false},
	{`{`, false},
	{`{"a":"`, false},
}

func TestDecodeObject(t *testing.T) {
	for _, c := range argCases {
		got, ok := decodeObject([]byte(c.in))
		if ok != c.fast {
			t.Errorf("decodeObject(%s): fast %v, want %v", c.in, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		var want map[string]any
		if err := json.Unmarshal([]byte(c.in), &want); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("decodeObject(%s) = %#v, want %#v", c.in, got, want)
		}
	}
}

// FuzzDecodeObject checks that what the fast decoder reads, it reads as
// json.Unmarshal does, and that it reads only what json.Unmarshal takes.
func FuzzDecodeObject(f *testing.F) {
	for _, c := range argCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := decodeObject([]byte(in))
		if !ok {
			return
		}
		var want map[string]any
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("decodeObject took %q, which json.Unmarshal refuses: %v", in, err)
		}
		if want == nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeObject(%q) = %#v, want %#v", in, got, want)
		}
	})
}
