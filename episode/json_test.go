package episode

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// marshalJSON writes what json.Marshal writes, for random JSON-like values
// with the strings and numbers where encoders differ, and falls back to
// json.Marshal for everything else.
func TestMarshalJSONMatchesEncodingJSON(t *testing.T) {
	strs := []string{"", "plain", `q"b\s`, "<a href='x'>&amp;</a>", "tab\tnl\ncr\rbs\bff\f", "\x00\x01\x1f\x7f",
		"caf\u00e9 \u2028 \u2029 \U0001F600", "bad \xff\xfe utf8 \xc3", "\xe2\x80"}
	nums := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.5e-7, 1e-6, 999999999999999999999, 1e21, 1e-300,
		5e-324, math.MaxFloat64, 123456789.125, -2.5e-9, 1e20}
	rng := rand.New(rand.NewPCG(3, 4))
	var gen func(depth int) any
	gen = func(depth int) any {
		switch n := rng.IntN(10); {
		case n == 0:
			return nil
		case n == 1:
			return rng.IntN(2) == 0
		case n <= 3:
			return strs[rng.IntN(len(strs))]
		case n == 4:
			return nums[rng.IntN(len(nums))]
		case n == 5:
			return int64(rng.IntN(1000) - 500)
		case n == 6 && depth < 4:
			l := make([]any, rng.IntN(4))
			for i := range l {
				l[i] = gen(depth + 1)
			}
			return l
		case depth < 4:
			m := map[string]any{}
			for i := rng.IntN(20); i > 0; i-- {
				m[strs[rng.IntN(len(strs))]+string(rune('a'+rng.IntN(26)))] = gen(depth + 1)
			}
			return m
		}
		return "leaf"
	}
	for i := 0; i < 2000; i++ {
		v := gen(0)
		want, _ := json.Marshal(v)
		got, err := marshalJSON(v)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%#v:\n got %s (%v)\nwant %s", v, got, err, want)
		}
	}
	for _, v := range []any{[]any(nil), map[string]any(nil), map[string]string{"k": "<v>"}, []map[string]any{{"a": 1.0}}, json.RawMessage(`{"b":1}`), 7} {
		want, _ := json.Marshal(v)
		if got, err := marshalJSON(v); err != nil || string(got) != string(want) {
			t.Errorf("%#v: got %s (%v), want %s", v, got, err, want)
		}
	}
	if _, err := marshalJSON(map[string]any{"x": math.NaN()}); err == nil {
		t.Error("NaN encoded")
	}
	deep := any("leaf")
	for i := 0; i < 150; i++ {
		deep = []any{deep}
	}
	want, _ := json.Marshal(deep)
	if got, err := marshalJSON(deep); err != nil || string(got) != string(want) {
		t.Error("a deep value differs")
	}
}

// searchResult is a search's result of n tickets, as a tool returns it.
func searchResult(n int) map[string]any {
	var results []any
	for range n {
		results = append(results, map[string]any{"id": "T-1001", "subject": "Invoice INV-2291 shows the wrong amount",
			"requester_email": "amanda.foster@globex.example", "status": "open", "priority": "normal",
			"tags": []any{"billing"}, "assignee": "", "created_at": "2026-03-09T16:12:00Z"})
	}
	return map[string]any{"results": results, "total": float64(n)}
}

func BenchmarkMarshalObservation(b *testing.B) {
	v := searchResult(20)
	b.Run("encoding/json", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = json.Marshal(v)
		}
	})
	b.Run("marshalJSON", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = marshalJSON(v)
		}
	})
}

// Observation.AppendJSON writes what json.Marshal writes.
func TestObservationAppendJSON(t *testing.T) {
	for _, o := range []Observation{
		{},
		{ToolCallID: "call_1", Content: `{"a":"<b>&c"}`, IsError: true},
		{Content: "é\u2028\x01\xff\"\\"},
	} {
		want, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		if got := o.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Errorf("got  %s\nwant x%s", got, want)
		}
	}
}

// BenchmarkObservationAppendJSON is a search's observation written into a
// reply, as a server writes one per call.
func BenchmarkObservationAppendJSON(b *testing.B) {
	content, err := marshalJSONString(searchResult(8))
	if err != nil {
		b.Fatal(err)
	}
	o := Observation{ToolCallID: "call_1", Content: content}
	buf := o.AppendJSON(nil)
	b.SetBytes(int64(len(content)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = o.AppendJSON(buf[:0])
	}
}

// FuzzAppendJSONString holds appendJSONString to json.Marshal's quoting of
// any string, alone and as an observation's content.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", `{"a":"<b>&c"}`, "é\u2028\u2029\x01\xff\"\\\t\n\r\b\f\x7f", "\xe2\x80", "日本語 \U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Fatalf("quoting %q\ngot  %s\nwant x%s", s, got, want)
		}
		o := Observation{ToolCallID: s, Content: s, IsError: true}
		if want, _ := json.Marshal(o); string(o.AppendJSON(nil)) != string(want) {
			t.Fatalf("observation of %q differs from json.Marshal", s)
		}
	})
}
