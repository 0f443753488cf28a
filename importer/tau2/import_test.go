package tau2

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

var testdata = filepath.Join("..", "..", "testdata", "tau2")

type expectedFile struct {
	Initial string `json:"initial_db_sha256"`
	Tasks   map[string]struct {
		SHA256  string `json:"sha256"`
		Actions []struct {
			Error   bool   `json:"error"`
			Content string `json:"content"`
		} `json:"actions"`
	} `json:"tasks"`
}

var (
	importOnce sync.Once
	imported   *Result
	importErr  error
	source     *Source
)

// importTestdata imports the retail copy in testdata once per test binary.
func importTestdata(t testing.TB) (*Source, *Result) {
	t.Helper()
	importOnce.Do(func() {
		source, importErr = Load(testdata)
		if importErr == nil {
			imported, importErr = Import(source, nil)
		}
	})
	if importErr != nil {
		t.Fatal(importErr)
	}
	return source, imported
}

func loadExpected(t *testing.T) expectedFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, "expected_train.json"))
	if err != nil {
		t.Fatal(err)
	}
	var e expectedFile
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestGoldHashes replays every task's gold actions and compares the final
// database hash with the one tau2 computed (the train split's are in
// testdata), and each call's error flag with tau2's.
func TestGoldHashes(t *testing.T) {
	src, res := importTestdata(t)
	exp := loadExpected(t)
	if got := NewHasher(src.Records); got == nil {
		t.Fatal("no hasher")
	}
	if res.Report.Tasks != 114 || res.Report.Imported != 114 {
		t.Fatalf("imported %d of %d tasks, want 114 of 114", res.Report.Imported, res.Report.Tasks)
	}
	checked, errs := 0, 0
	for _, g := range res.Gold {
		want, ok := exp.Tasks[g.Task]
		if !ok {
			continue
		}
		checked++
		errs += g.Errors
		if g.Hash != want.SHA256 {
			t.Errorf("task %s: gold hash %s, tau2 %s", g.Task, g.Hash, want.SHA256)
		}
		if len(g.Steps) != len(want.Actions) {
			t.Errorf("task %s: %d steps, tau2 %d", g.Task, len(g.Steps), len(want.Actions))
			continue
		}
		for i, st := range g.Steps {
			if st.Observation.IsError != want.Actions[i].Error {
				t.Errorf("task %s action %d (%s): error %v, tau2 %v: %s", g.Task, i, st.Call.Name, st.Observation.IsError, want.Actions[i].Error, st.Observation.Content)
			}
		}
	}
	if checked != 74 {
		t.Fatalf("checked %d train tasks, want 74", checked)
	}
	t.Logf("%d train tasks match tau2's hashes; %d gold calls fail as in tau2", checked, errs)
}

// TestResponses compares what every gold call returns with tau2's content:
// the same JSON value for records, the same text for strings and errors.
func TestResponses(t *testing.T) {
	_, res := importTestdata(t)
	exp := loadExpected(t)
	var bad []string
	for _, g := range res.Gold {
		want, ok := exp.Tasks[g.Task]
		if !ok || len(want.Actions) != len(g.Steps) {
			continue
		}
		for i, st := range g.Steps {
			if msg := sameContent(st.Observation.Content, st.Observation.IsError, want.Actions[i].Content); msg != "" {
				bad = append(bad, g.Task+"/"+st.Call.Name+": "+msg)
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		if len(bad) > 10 {
			bad = append(bad[:10], "...")
		}
		t.Fatalf("%d responses differ from tau2's:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}

func sameContent(got string, isErr bool, want string) string {
	var gv any
	if err := json.Unmarshal([]byte(got), &gv); err != nil {
		return "observation is not JSON: " + got
	}
	if isErr {
		m, _ := gv.(map[string]any)
		if msg, _ := m["error"].(string); "Error: "+msg != want {
			return "error " + got + ", tau2 " + want
		}
		return ""
	}
	if s, ok := gv.(string); ok {
		if s != want {
			return "text " + s + ", tau2 " + want
		}
		return ""
	}
	var wv any
	if err := json.Unmarshal([]byte(want), &wv); err != nil {
		return "tau2 gives text " + want + ", legoenv JSON"
	}
	if Canonical(gv) != Canonical(wv) {
		return "value " + got + "\ntau2 " + want
	}
	return ""
}

// A task id used to become a path as it was: "/../../../../tmp/x" wrote
// x.yaml outside --out, "Task One" imported and then failed lint, and a
// second task with the same id replaced the first without a word.
func TestTaskIDsAreChecked(t *testing.T) {
	cases := []struct {
		ids  []string
		want string
	}{
		{[]string{"/../../../../tmp/x"}, "not an atom id"},
		{[]string{"Task One"}, "not an atom id"},
		{[]string{"1", "2", "1"}, `task 2: id "1" is also task 0's`},
	}
	for _, c := range cases {
		var tasks []Task
		for _, id := range c.ids {
			tasks = append(tasks, Task{ID: id})
		}
		_, err := Import(&Source{Tasks: tasks, Records: map[string][]map[string]any{}}, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.ids, err, c.want)
		}
	}
}
