// Package envfile reads envs.jsonl, the list of environments that
// `legoenv build` writes and that serving, rollouts and exports read.
package envfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/jsonl"
)

// Record is one line of an envs.jsonl file as `legoenv build` writes it.
// Fields other than these are allowed and ignored.
type Record struct {
	ID       string      `json:"id"`
	Recipe   atom.Recipe `json:"recipe"`
	Apps     []string    `json:"apps,omitempty"`
	Intent   string      `json:"intent,omitempty"`
	Verified *bool       `json:"verified,omitempty"`
	Verdict  *Verdict    `json:"verdict,omitempty"`
	Line     int         `json:"-"` // 1-based line in the file
}

// Verdict is the part of a line's verdict summary readers use: the plan
// verification settled on and its length.
type Verdict struct {
	PlanFrom string `json:"plan_from,omitempty"`
	Steps    int    `json:"plan_steps"`
}

// maxLine bounds one line of envs.jsonl; a recipe is far smaller.
const maxLine = 4 << 20

// Read parses an envs.jsonl stream: one JSON object a line, blank lines
// skipped. Every malformed line is reported as name:line: field: message; no
// line is dropped silently.
func Read(name string, r io.Reader) ([]Record, error) {
	var (
		out  []Record
		errs []error
	)
	err := jsonl.EachLine(name, r, maxLine, func(line int, b []byte) error {
		rec, err := parseLine(b)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %w", name, line, err))
			if len(errs) >= 20 {
				errs = append(errs, fmt.Errorf("%s: too many errors, stopped at line %d", name, line))
				return errTooMany
			}
			return nil
		}
		rec.Line = line
		out = append(out, rec)
		return nil
	})
	if err != nil && err != errTooMany {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// errTooMany stops Read after 20 bad lines; errs says so.
var errTooMany = errors.New("too many errors")

// fastRecord is a line's fields decoded at once; parseLine decodes field
// by field only when this fails, to say which field is wrong.
type fastRecord struct {
	ID       string       `json:"id"`
	Recipe   *atom.Recipe `json:"recipe"`
	Apps     []string     `json:"apps"`
	Intent   string       `json:"intent"`
	Verified *bool        `json:"verified"`
	Verdict  *Verdict     `json:"verdict"`
}

func parseLine(b []byte) (Record, error) {
	var f fastRecord
	if json.Unmarshal(b, &f) == nil && f.ID != "" && f.Recipe != nil && f.Recipe.Intent.ID != "" && f.Recipe.Data.ID != "" {
		return Record{ID: f.ID, Recipe: *f.Recipe, Apps: f.Apps, Intent: f.Intent, Verified: f.Verified, Verdict: f.Verdict}, nil
	}
	return parseFields(b)
}

// parseFields decodes a line field by field, naming the first that is wrong.
func parseFields(b []byte) (Record, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return Record{}, fmt.Errorf("not a JSON object: %v", err)
	}
	var rec Record
	field := func(key string, dst any) error {
		v, ok := raw[key]
		if !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			return nil
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return fmt.Errorf("%s: %v", key, jsonMessage(err))
		}
		return nil
	}
	for _, f := range []struct {
		key string
		dst any
	}{{"id", &rec.ID}, {"recipe", &rec.Recipe}, {"apps", &rec.Apps}, {"intent", &rec.Intent}, {"verified", &rec.Verified}, {"verdict", &rec.Verdict}} {
		if err := field(f.key, f.dst); err != nil {
			return Record{}, err
		}
	}
	if rec.ID == "" {
		return Record{}, errors.New(`id: missing (want the environment id, "env-...")`)
	}
	if _, ok := raw["recipe"]; !ok {
		return Record{}, errors.New("recipe: missing")
	}
	if rec.Recipe.Intent.ID == "" {
		return Record{}, errors.New("recipe.intent: missing")
	}
	if rec.Recipe.Data.ID == "" {
		return Record{}, errors.New("recipe.data: missing")
	}
	return rec, nil
}

// jsonMessage shortens encoding/json's errors to what a reader needs.
func jsonMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		where := te.Field
		if where != "" {
			return fmt.Sprintf("%s: want %s, got JSON %s", where, te.Type, te.Value)
		}
		return fmt.Sprintf("want %s, got JSON %s", te.Type, te.Value)
	}
	return err.Error()
}

// ReadFile reads an envs.jsonl file.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open envs file: %w", err)
	}
	defer f.Close()
	return Read(path, f)
}

// LibraryBeside is where `legoenv build` puts the library an envs.jsonl
// file was built from: the directory "lib" beside it.
func LibraryBeside(path string) string { return filepath.Join(filepath.Dir(path), "lib") }
