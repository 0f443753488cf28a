package serve

import (
	"reflect"
	"testing"
)

// stepBodies are step bodies readStep reads and ones it leaves to
// decodeJSON.
var stepBodies = []struct {
	in   string
	fast bool
}{
	{`{"tool_calls":[{"name":"get","arguments":{"id":"T-1"}}]}`, true},
	{` { "tool_calls" : [ { "id" : "c1" , "type":"function", "name" : "get" , "arguments" : { "a" : [1, {"b": "x,]}"}] , "n": -1.5 } } , {"name":"s","arguments":"{\"q\":1}"} ] } `, true},
	{`{"tool_calls":[{"name":"n","arguments":3}, {"name":"m","arguments":true}, {"name":"o","arguments":[] }]}`, true},
	{`{"tool_calls":[]}`, true},
	{`{"tool_calls":[{}]}`, true},
	{`{"tool_calls":[{"name":"é"}]}`, true},
	{`{"tool_calls":[{"name":"get","arguments":null}]}`, false},
	{`{"tool_calls":[{"Name":"get"}]}`, false},
	{`{"tool_calls":[{"name":"g\u0065t"}]}`, false},
	{`{"tool_calls":[{"name":"get","name":"put"}]}`, false},
	{`{"tool_calls":[{"function":{"name":"get"}}]}`, false},
	{`{"tool_calls":[{"name":"get","extra":1}]}`, false},
	{`{"tool_calls":[],"tool_calls":[]}`, false},
	{`{"tool_calls":null}`, false},
	{`{"other":1}`, false},
	{`{}`, false},
	{`{"tool_calls":[{"name":1}]}`, false},
	{`{"tool_calls":[{"name":"get"}]} {}`, false},
	{`{"tool_calls":[{"name":"get",}]}`, false},
	{``, false},
}

func TestReadStep(t *testing.T) {
	for _, c := range stepBodies {
		got, ok := readStep([]byte(c.in))
		if ok != c.fast {
			t.Errorf("readStep(%s): fast %v, want %v", c.in, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		var want StepRequest
		if err := decodeJSON([]byte(c.in), &want, false); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("readStep(%s) = %+v, want %+v", c.in, got, want)
		}
	}
}

// FuzzReadStep checks that what readStep reads, decodeJSON reads the same,
// and that readStep takes no body decodeJSON refuses.
func FuzzReadStep(f *testing.F) {
	for _, c := range stepBodies {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := readStep([]byte(in))
		if !ok {
			return
		}
		var want StepRequest
		if err := decodeJSON([]byte(in), &want, false); err != nil {
			t.Fatalf("readStep took %q, which decodeJSON refuses: %v", in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("readStep(%q) = %+v, want %+v", in, got, want)
		}
	})
}
