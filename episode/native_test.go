package episode

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// nativeBank composes the bank environment with bank_transfer's script
// replaced by f, under lim.
func nativeBank(t *testing.T, f NativeFunc, lim Limits) *Session {
	t.Helper()
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(starServer)}, "d.yaml": {Data: []byte(starData)}, "i.yaml": {Data: []byte(starIntent)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	code := lib.Head(atom.KindServer, "bank").MustServer().Tools[0].Effect.Code
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "pay"}, Data: atom.Pin{ID: "bankdata"}}, Options{Limits: lim, Natives: NewNatives(map[string]NativeFunc{code: f})})
	if err != nil {
		t.Fatal(err)
	}
	if !env.Tool("bank_transfer").Native() || env.Tool("bank_spin").Native() {
		t.Fatal("the natives are not bound by script")
	}
	s, err := NewSession(env, SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// drain writes a1's balance to 0, then does what then says.
func drain(then func() (any, error)) NativeFunc {
	return func(db *NativeDB, _ map[string]any) (any, error) {
		if _, err := db.Update("accounts", "a1", map[string]any{"balance": 0.0}); err != nil {
			return nil, err
		}
		return then()
	}
}

func TestNativeRunsInPlaceOfTheScript(t *testing.T) {
	transfer := ToolCall{Name: "bank_transfer", Args: json.RawMessage(`{"from":"a1","to":"a2","amount":30}`)}
	cases := []struct {
		name    string
		f       NativeFunc
		lim     Limits
		want    string // the observation holds it
		isErr   bool
		changed bool
	}{
		{"answers", drain(func() (any, error) { return "native", nil }), Limits{}, `"native"`, false, true},
		{"fails after a write", drain(func() (any, error) { return nil, errors.New("nope") }), Limits{}, "nope", true, false},
		{"declines after a write", drain(func() (any, error) { return nil, ErrDecline }), Limits{}, `"amount":30`, false, true},
		{"limits below the defaults", drain(func() (any, error) { return "native", nil }), Limits{StarlarkSteps: 5000}, `"amount":30`, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nativeBank(t, c.f, c.lim)
			start := s.Hash()
			o := s.Call(transfer)
			if o.IsError != c.isErr || !strings.Contains(o.Content, c.want) || (s.Hash() != start) != c.changed {
				t.Fatalf("observation %+v, state changed %v", o, s.Hash() != start)
			}
			if c.want == `"amount":30` {
				a1, _ := s.State().Get("bank.accounts", "a1")
				if a1["balance"] != 70.0 {
					t.Fatalf("the script ran on the native's write: a1 %v", a1)
				}
			}
		})
	}
}

func TestNativesFor(t *testing.T) {
	f := func(*NativeDB, map[string]any) (any, error) { return nil, nil }
	n := NewNatives(map[string]NativeFunc{"def run(args, db):\n    return 1\n": f})
	if n.For(atom.Effect{Kind: "starlark", Code: "def run(args, db):\n    return 1\n"}) == nil {
		t.Error("the registered script has no native")
	}
	for _, e := range []atom.Effect{{Kind: "starlark", Code: "def run(args, db):\n    return 2\n"}, {Kind: "get", Code: "def run(args, db):\n    return 1\n"}} {
		if n.For(e) != nil {
			t.Errorf("%+v has a native", e)
		}
	}
	var none *Natives
	if none.For(atom.Effect{Kind: "starlark"}) != nil || none.Len() != 0 {
		t.Error("a nil Natives has natives")
	}
}

func TestStarJSON(t *testing.T) {
	v := map[string]any{"b": -0.0, "a": []any{1, int64(9007199254740993), 2.5, "<x>"}, "c": nil}
	b, ok := StarJSON(v)
	if want := `{"a":[1,9007199254740992,2.5,"\u003cx\u003e"],"b":0,"c":null}`; !ok || string(b) != want {
		t.Fatalf("StarJSON = %s, want %s", b, want)
	}
	sv, ok := StarValue(v)
	m := sv.(map[string]any)
	if !ok || m["a"].([]any)[0] != 1.0 || math.Signbit(m["b"].(float64)) {
		t.Fatalf("StarValue = %v", sv)
	}
	if _, ok := StarValue(struct{}{}); ok {
		t.Error("StarValue took a struct")
	}
}

// TestWithFields checks a write's new record, whether its fields are all
// the old record's (cloned) or add some (copied), and that the old record
// is left as it was.
func TestWithFields(t *testing.T) {
	old := state.Record{"id": "a", "n": 1.0, "tags": []any{"x"}}
	for _, tc := range []struct {
		fields map[string]any
		want   state.Record
	}{
		{map[string]any{"n": 2.0}, state.Record{"id": "a", "n": 2.0, "tags": []any{"x"}}},
		{map[string]any{"n": 2.0, "new": true}, state.Record{"id": "a", "n": 2.0, "tags": []any{"x"}, "new": true}},
		{map[string]any{}, old},
	} {
		got := withFields(old, tc.fields)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("withFields(%v) = %v, want %v", tc.fields, got, tc.want)
		}
		got["id"] = "changed"
		if old["id"] != "a" || old["n"] != 1.0 || len(old) != 3 {
			t.Fatalf("withFields changed the old record: %v", old)
		}
	}
}
