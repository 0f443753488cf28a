package automationbench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

var (
	testdataDir = filepath.Join("..", "..", "testdata", "automationbench")
	schemasDir  = filepath.Join(testdataDir, "schemas")
	tasksDir    = filepath.Join(testdataDir, "tasks")
)

// testTasks are the sample's tasks the scoring and tool tests run.
var testTasks = []string{
	"finance_vendor_insurance_verification.json",
	"marketing_landing_page_alert.json",
	"operations_access_request_validation.json",
	"sales_add_contact_to_campaign.json",
	"sales_invalid_email_cleanup.json",
	"simple_gmail_reply_complaint.json",
}

func testTaskFiles() []string {
	out := make([]string, len(testTasks))
	for i, n := range testTasks {
		out[i] = filepath.Join(tasksDir, n)
	}
	return out
}

func testSchemas(t testing.TB) *Schemas {
	t.Helper()
	s, err := LoadSchemas(schemasDir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMain gives the shared imported library a directory of its own.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "abimport")
	if err != nil {
		panic(err)
	}
	libDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	libOnce sync.Once
	libRes  *Result
	libDir  string
	libErr  error
)

// importedLibrary imports every test task once, writes the library and
// loads it back, as `legoenv import` then `legoenv lint` would.
func importedLibrary(t testing.TB) (*atom.Library, *Result) {
	t.Helper()
	libOnce.Do(func() {
		var s *Schemas
		s, libErr = LoadSchemas(schemasDir)
		if libErr != nil {
			return
		}
		libRes, libErr = ImportFiles(s, testTaskFiles())
		if libErr != nil {
			return
		}
		libErr = libRes.Write(libDir)
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	lib, ds, err := atom.LoadDir(libDir)
	if err != nil {
		t.Fatal(err)
	}
	if ds.HasErrors() {
		t.Fatalf("imported library does not lint:\n%v", ds.Err())
	}
	return lib, libRes
}

// session starts an episode of the imported task with the given intent id.
func session(t testing.TB, lib *atom.Library, intent, toolset string) *episode.Session {
	t.Helper()
	for _, r := range lib.Recipes() {
		if r.Intent.ID != intent {
			continue
		}
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatalf("compose %s: %v", intent, err)
		}
		s, err := episode.NewSession(env, episode.SessionOptions{Toolset: toolset})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Fatalf("no recipe for intent %s", intent)
	return nil
}

// call is one tool call of a test trajectory.
type call struct {
	tool string
	args map[string]any
}

func (c call) toolCall() episode.ToolCall {
	b, _ := json.Marshal(c.args)
	return episode.ToolCall{Name: c.tool, Args: b}
}

// run makes the calls; every call must succeed.
func run(t testing.TB, s *episode.Session, calls []call) {
	t.Helper()
	for _, c := range calls {
		obs := s.Call(c.toolCall())
		if obs.IsError {
			t.Fatalf("%s(%v): %s", c.tool, c.args, obs.Content)
		}
	}
}
