package serve

import (
	"reflect"
	"testing"
)

// stepBodies are step bodies clients send and ones only decodeJSON's
// errors should answer.
var stepBodies = []string{
	`{"tool_calls":[{"name":"get","arguments":{"id":"T-1"}}]}`,
	` { "tool_calls" : [ { "id" : "c1" , "type":"function", "name" : "get" , "arguments" : { "a" : [1, {"b": "x,]}"}] , "n": -1.5 } } , {"name":"s","arguments":"{\"q\":1}"} ] } `,
	`{"tool_calls":[{"name":"n","arguments":3}, {"name":"m","arguments":true}, {"name":"o","arguments":[] }]}`,
	`{"tool_calls":[]}`,
	`{"tool_calls":[{}]}`,
	`{"tool_calls":[{"name":"é"}]}`,
	`{"tool_calls":[{"name":"get","arguments":null}]}`,
	`{"tool_calls":[{"Name":"get"}]}`,
	`{"tool_calls":[{"name":"g\u0065t"}]}`,
	`{"tool_calls":[{"name":"get","name":"put"}]}`,
	`{"tool_calls":[{"function":{"name":"get"}}]}`,
	`{"tool_calls":[{"name":"get","extra":1}]}`,
	`{"tool_calls":[],"tool_calls":[]}`,
	`{"tool_calls":null}`,
	`{"other":1}`,
	`{}`,
	`{"tool_calls":[{"name":1}]}`,
	`{"tool_calls":[{"name":"get"}]} {}`,
	`{"tool_calls":[{"name":"get",}]}`,
	``,
}

// sameAsDecodeJSON fails t when readStep takes in and reads it otherwise
// than decodeJSON, or takes what decodeJSON refuses.
func sameAsDecodeJSON(t *testing.T, in string) bool {
	got, ok := readStep([]byte(in))
	if !ok {
		return false
	}
	var want StepRequest
	if err := decodeJSON([]byte(in), &want, false); err != nil {
		t.Fatalf("readStep took %q, which decodeJSON refuses: %v", in, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("readStep(%q) = %+v, want %+v", in, got, want)
	}
	return true
}

func TestReadStep(t *testing.T) {
	fast := 0
	for _, in := range stepBodies {
		if sameAsDecodeJSON(t, in) {
			fast++
		}
	}
	if fast < 5 {
		t.Errorf("go-json read %d of the bodies, want the 5 common ones at least", fast)
	}
}

// FuzzReadStep checks that what readStep reads, decodeJSON reads the same,
// and that readStep takes no body decodeJSON refuses.
func FuzzReadStep(f *testing.F) {
	for _, in := range stepBodies {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { sameAsDecodeJSON(t, in) })
}

// TestScanStep checks that scanStep reads the bodies clients write most
// itself, as decodeJSON does, and its strings and arguments are not the
// body's bytes.
func TestScanStep(t *testing.T) {
	for _, in := range append(stepBodies[:3:3], `{"tool_calls":[{"name":"é"}]}`, `{"tool_calls":[{"function":{"name":"get"}}]}`,
		`{"tool_calls":[{"id":"c","type":"function","function":{"name":"get","arguments":"{\"id\":1}"}}]}`) {
		body := []byte(in)
		got, ok := scanStep(body)
		if !ok {
			t.Errorf("scanStep left %q to the other readers", in)
			continue
		}
		sameAsDecodeJSON(t, in)
		var want StepRequest
		if err := decodeJSON(body, &want, false); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("scanStep(%q) = %+v, want %+v (%v)", in, got, want, err)
		}
		clear(body)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("scanStep(%q) kept the body's bytes", in)
		}
		// The call's strings and arguments share one allocation: appending
		// to the arguments must not write over what follows them.
		for _, c := range got.ToolCalls {
			args := c.Arguments
			if c.Function != nil {
				args = c.Function.Arguments
			}
			if cap(args) != len(args) {
				t.Errorf("scanStep(%q): arguments of length %d have room for %d", in, len(args), cap(args))
			}
		}
	}
	for _, in := range []string{`{"tool_calls":[]}`, `{"tool_calls":[{}]}`, `{"tool_calls":[{"name":"get","arguments":null}]}`,
		`{"tool_calls":[{"Name":"get"}]}`, `{"tool_calls":[{"name":"g\u0065t"}]}`, `{"tool_calls":[{"name":"get","name":"put"}]}`,
		`{"tool_calls":[{"name":"get","extra":1}]}`, `{"tool_calls":null}`, `{}`, `{"tool_calls":[{"name":1}]}`,
		`{"tool_calls":[{"name":"get"}]} {}`, `{"tool_calls":[{"name":"get",}]}`, ``} {
		if got, ok := scanStep([]byte(in)); ok {
			t.Errorf("scanStep(%q) = %+v, want it left", in, got)
		}
	}
}
