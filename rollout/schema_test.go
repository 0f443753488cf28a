package rollout_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/rollout"
	"github.com/legoenv/legoenv/schema"
)

func trajectorySchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	b, err := schema.Files.ReadFile("trajectory.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("https://legoenv.dev/schema/trajectory.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("https://legoenv.dev/schema/trajectory.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTrajectorySchema: what rollouts and demos write is what the schema
// documents, and the schema rejects what the reader rejects.
func TestTrajectorySchema(t *testing.T) {
	s := trajectorySchema(t)
	golden, err := os.ReadFile(filepath.Join("testdata", "escalate_ticket.trajectory.json"))
	if err != nil {
		t.Fatal(err)
	}
	valid := [][]byte{golden}
	// A run of the solver without ids, and an unfinished run with malformed
	// arguments, an unknown tool and parallel calls.
	trajs := runAll(t, solver(t, exampleEnvs(t), argsObject, false), 1)
	chaos := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		switch r.Turn() {
		case 0:
			return llmtest.Calls(llmtest.Call{Name: "helpdesk_get_ticket", Arguments: llmtest.ArgString(`{"id": `)})
		case 1:
			return llmtest.Calls(llmtest.Call{ID: "x", Name: "no_such_tool"}, llmtest.Call{ID: "y", Name: "helpdesk_get_ticket", Arguments: llmtest.ArgObject(map[string]any{"id": "T-1001"})})
		}
		return llmtest.Calls(llmtest.Call{Name: "helpdesk_search_tickets"})
	})
	tr, err := rollout.RunEpisode(context.Background(), client(t, chaos.URL), envByIntent(t, exampleEnvs(t), "reply_and_pend"), 0, rollout.Options{MaxSteps: 3, Now: fixedNow})
	if err != nil || tr.Finished() || len(tr.Messages) != 2+2+3+2 {
		t.Fatalf("chaotic run: %v, %d messages", err, len(tr.Messages))
	}
	trajs = append(trajs, tr)
	for _, tr := range trajs {
		line, err := tr.Line()
		if err != nil {
			t.Fatal(err)
		}
		valid = append(valid, line)
	}
	for i, b := range valid {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(doc); err != nil {
			t.Errorf("trajectory %d does not validate: %v", i, err)
		}
	}
	line := strings.TrimSpace(string(golden))
	invalid := map[string]string{
		"missing field":       strings.Replace(line, `"steps":`, `"stepz":`, 1),
		"reward above 1":      strings.Replace(line, `"reward":1,`, `"reward":1.5,`, 1),
		"unknown role":        strings.Replace(line, `"role":"user"`, `"role":"human"`, 1),
		"arguments as object": strings.Replace(line, `"arguments":"{\"id\":\"T-1001\",\"priority\":\"urgent\"}"`, `"arguments":{"id":"T-1001"}`, 1),
	}
	for name, text := range invalid {
		t.Run(name, func(t *testing.T) {
			if text == line {
				t.Fatal("the test edit did not apply")
			}
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(doc); err == nil {
				t.Error("schema accepts it")
			}
		})
	}
}

// TestSchemaOfOutputFile validates every line of a real run's output file.
func TestSchemaOfOutputFile(t *testing.T) {
	s := trajectorySchema(t)
	var buf bytes.Buffer
	for _, tr := range runAll(t, solver(t, exampleEnvs(t), argsString, true), 2) {
		line, _ := tr.Line()
		buf.Write(line)
	}
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		n++
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(sc.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(doc); err != nil {
			t.Errorf("line %d: %v", n, err)
		}
	}
	if n == 0 {
		t.Fatal("no lines")
	}
}
