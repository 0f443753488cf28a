package episode

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/legoenv/legoenv/internal/fastjson"
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
	got, ok := decodeObject([]byte(in), nil)
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

// TestScanObject checks that scanObject reads the arguments agents send
// most (no escapes) itself, as json.Unmarshal does, and leaves the rest.
func TestScanObject(t *testing.T) {
	read := map[string]bool{}
	for _, in := range argCases {
		got, ok := scanObject([]byte(in), nil)
		if !ok {
			continue
		}
		read[in] = true
		var want map[string]any
		if err := json.Unmarshal([]byte(in), &want); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("scanObject(%q) = %#v; json.Unmarshal: %#v, %v", in, got, want, err)
		}
	}
	for _, in := range []string{argCases[0], argCases[1], argCases[2], argCases[3], argCases[4], argCases[5]} {
		if !read[in] {
			t.Errorf("scanObject left %q to the other readers", in)
		}
	}
	for _, in := range []string{`{"a":"x\"y"}`, "{\"a\":\"\xff\"}", `{"a":01}`, `{"a":1e400}`, `{"a":1,}`, `{"a":1}x`, strings.Repeat("[", 100)} {
		if read[in] {
			t.Errorf("scanObject read %q", in)
		}
		if _, ok := scanObject([]byte(`{"a":`+in+`}`), nil); ok && in[0] == '[' {
			t.Errorf("scanObject read nesting deeper than %d", fastjson.MaxDepth)
		}
	}
}

// TestScanObjectSharesNames checks that a key equal to a parameter name
// is the tool's own string, not a copy.
func TestScanObjectSharesNames(t *testing.T) {
	name := strings.Clone("order_id")
	got, ok := scanObject([]byte(`{"order_id":"#W1","other":1}`), map[string]string{name: name})
	if !ok || len(got) != 2 {
		t.Fatalf("scanObject = %v, %v", got, ok)
	}
	for k := range got {
		if shared := unsafe.StringData(k) == unsafe.StringData(name); shared != (k == name) {
			t.Errorf("key %q shares the name's text: %v", k, shared)
		}
	}
}

// BenchmarkDecodeArgs is what decoding a four-argument call costs.
func BenchmarkDecodeArgs(b *testing.B) {
	raw := []byte(`{"order_id":"#W2378156","item_ids":["1151293680","4983901480"],"new_item_ids":["9179378709","7706410293"],"payment_method_id":"credit_card_9513926"}`)
	names := map[string]string{}
	for _, k := range []string{"order_id", "item_ids", "new_item_ids", "payment_method_id"} {
		names[k] = k
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeArgs(raw, names); err != nil {
			b.Fatal(err)
		}
	}
}
