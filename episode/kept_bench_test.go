package episode

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// BenchmarkKeptRules compares, in one run, a create in a collection no
// rule reads with a create the session keeps rules after: a grant (its
// file's flag, list and owner made anew from the file's grants) and a
// note (its preview made of its body). It reports each one's time and
// its ratio to the write with no rules.
func BenchmarkKeptRules(b *testing.B) {
	s := yamlSession(b, keptServer, keptData, "kind: intent\nid: i\napps: [drive]\ninstruction: Share.\ngoal:\n  - cel: \"true\"\n")
	body := `"body":"The figures are in. Shall we meet on Thursday to go through them?"`
	ops := []struct {
		name string
		call ToolCall
	}{
		{"none", ToolCall{Name: "drive_label", Args: json.RawMessage(`{"name":"Figures",` + body + `}`)}},
		{"referred_by", ToolCall{Name: "drive_grant", Args: json.RawMessage(`{"file_id":"f1","email":"ana@x.example","role":"writer"}`)}},
		{"derived", ToolCall{Name: "drive_note", Args: json.RawMessage(`{` + body + `}`)}},
	}
	spent := make([]time.Duration, len(ops))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if s.Steps() >= 60 {
			b.StopTimer()
			s.Reset()
			b.StartTimer()
		}
		for j, op := range ops {
			t0 := time.Now()
			if o := s.Call(op.call); o.IsError {
				b.Fatal(o.Content)
			}
			spent[j] += time.Since(t0)
		}
	}
	for j, op := range ops {
		b.ReportMetric(float64(spent[j].Nanoseconds())/float64(b.N), "ns-"+op.name)
		if j > 0 {
			b.ReportMetric(spent[j].Seconds()/spent[0].Seconds(), fmt.Sprintf("x-%s", op.name))
		}
	}
}
