package dist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// BuiltinExample is the library reference of the embedded example library
// (corpus.Example). Any other reference is a directory every worker sees at
// the same path.
const BuiltinExample = "builtin:example"

// Job is one environment to verify: the body of a message on the jobs
// stream.
type Job struct {
	Run     string      `json:"run"`     // the coordinator's run id; results go to legoenv.results.<run>
	Index   int         `json:"index"`   // position of the recipe in the run
	Library string      `json:"library"` // a shared directory, or BuiltinExample
	Recipe  atom.Recipe `json:"recipe"`
}

// Result is a worker's answer to one job: the body of a message on the
// results stream. Exactly one of Verdict and Error is set.
type Result struct {
	Run     string          `json:"run"`
	Index   int             `json:"index"`
	Worker  string          `json:"worker,omitempty"`
	Verdict *verify.Verdict `json:"verdict,omitempty"`
	Error   string          `json:"error,omitempty"` // the job could not be verified (unreadable, unknown library)
}

// ParseJob reads a job body and checks its fields; errors name the field.
func ParseJob(data []byte) (Job, error) {
	var j Job
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&j); err != nil {
		return Job{}, fmt.Errorf("job: %w", err)
	}
	if dec.More() {
		return Job{}, fmt.Errorf("job: trailing data after the JSON object")
	}
	if err := checkRun(j.Run); err != nil {
		return Job{}, fmt.Errorf("job: run: %w", err)
	}
	if j.Index < 0 {
		return Job{}, fmt.Errorf("job: index: must be 0 or more, not %d", j.Index)
	}
	if j.Library == "" {
		return Job{}, fmt.Errorf("job: library: missing")
	}
	return j, nil
}

// ParseResult reads a result body; errors name the field.
func ParseResult(data []byte) (Result, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return Result{}, fmt.Errorf("result: %w", err)
	}
	if r.Index < 0 {
		return Result{}, fmt.Errorf("result: index: must be 0 or more, not %d", r.Index)
	}
	if (r.Verdict == nil) == (r.Error == "") {
		return Result{}, fmt.Errorf("result: exactly one of verdict and error must be set")
	}
	return r, nil
}

// checkRun accepts run ids that are one subject token.
func checkRun(run string) error {
	if run == "" {
		return fmt.Errorf("missing")
	}
	if len(run) > 64 {
		return fmt.Errorf("longer than 64 characters")
	}
	if i := strings.IndexFunc(run, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}); i >= 0 {
		return fmt.Errorf("%q has %q at byte %d (letters, digits, '-' and '_' only)", run, run[i], i)
	}
	return nil
}

// errorVerdict stands for a job no worker could verify: its compose check
// fails with the reason, and it has no root cause (no atom is at fault).
// Its id is r's hash, the environment id only when r is pinned
// (episode.Pin), as the recipes a coordinator is given should be.
func errorVerdict(r atom.Recipe, msg string) verify.Verdict {
	v := verify.Verdict{EnvID: r.Hash(), Recipe: r, Intent: r.Intent.ID, Data: r.Data.ID}
	for i, c := range verify.Checks() {
		res := verify.CheckResult{Name: c.Name, Status: verify.Skip}
		if i == 0 {
			res.Status, res.Diagnostics = verify.Fail, []string{msg}
		}
		v.Checks = append(v.Checks, res)
	}
	return v
}
