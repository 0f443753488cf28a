package automationbench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A task named like a path is imported under an atom id and written
// inside --out; a task that fails to map leaves no server atom behind.
func TestImportContainsNamesAndFailures(t *testing.T) {
	s := testSchemas(t)
	task := func(name, check string) Source {
		return Source{File: name + ".json", Data: []byte(`{"prompt": [{"role": "user", "content": "Email a@b.c."}], "info": {"name": "` + name +
			`", "zapier_tools": ["gmail_send_email"], "initial_state": {"gmail": {"messages": []}}, "assertions": [` + check + `]}}`)}
	}
	res := Import(s, []Source{task("/../../../../tmp/x", `{"type": "gmail_message_sent_to", "to": "a@b.c"}`)})
	if len(res.Intents) != 1 {
		t.Fatalf("not imported: %+v", res.Report.Errors)
	}
	dir := t.TempDir()
	if err := res.Write(filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if id := res.Intents[0].ID; atom.CheckID(id) != nil {
		t.Errorf("intent id %q", id)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("wrote %d entries beside out", len(ents)-1)
	}
	failed := Import(s, []Source{task("bad", `{"type": "gmail_no_such_assertion_kind"}`)})
	if failed.Report.Failed != 1 || len(failed.Servers) != 0 {
		t.Fatalf("failed %d, servers %d", failed.Report.Failed, len(failed.Servers))
	}
}
