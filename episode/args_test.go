package episode

import (
	"encoding/json"
	"reflect"
	"testing"
)

// argCases are arguments agents send and ones only encoding/json's
// errors should answer.
var argCases = []string{
	`{}`,
	` { "order_id" : "#W1", "item_ids": ["a","b"], "n": -1.5e3, "ok": true, "no": false, "x": null } `,
	`{"a":{"b":[{"c":[]},{}]}}`,
	`{"a":"é ü ☃"}`,
	`{"a":1,"a":2}`,
	`{"a":0.1,"b":1E+2,"c":-0,"d":0e5}`,
	`{"a":"x\"y"}`,
	`{"a":"\u00e9"}`,
	`{"a":"\ud800"}`,
	"{\"a\":\"\xff\"}",
	"{\"a\":\"tab\there\"}",
	`{"a":1e400}`,
	`{"a":01}`,
	`{"a":-}`,
	`{"a":1.}`,
	`{"a":1,}`,
	`{"a" 1}`,
	`{"a":1}x`,
	`{"a":tru}`,
	`{"a":truex}`,
	`{"a":[1,]}`,
	`{"a":[1 2]}`,
	`[1]`,
	`null`,
	`{`,
	`{"a":"`,
}

// sameAsEncodingJSON fails t when decodeObject takes in and reads it
// otherwise than json.Unmarshal, or takes what json.Unmarshal refuses.
func sameAsEncodingJSON(t *testing.T, in string) bool {
	got, ok := decodeObject([]byte(in))
	if !ok {
		return false
	}
	var want map[string]any
	if err := json.Unmarshal([]byte(in), &want); err != nil {
		t.Fatalf("decodeObject took %q, which json.Unmarshal refuses: %v", in, err)
	}
	if want == nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeObject(%q) = %#v, want %#v", in, got, want)
	}
	return true
}

func TestDecodeObject(t *testing.T) {
	fast := 0
	for _, in := range argCases {
		if sameAsEncodingJSON(t, in) {
			fast++
		}
	}
	if fast < 8 {
		t.Errorf("go-json read %d of the arguments, want the 8 well-formed ones at least", fast)
	}
}

// FuzzDecodeObject checks that what the fast decoder reads, it reads as
// json.Unmarshal does, and that it reads only what json.Unmarshal takes.
func FuzzDecodeObject(f *testing.F) {
	for _, in := range argCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { sameAsEncodingJSON(t, in) })
}
