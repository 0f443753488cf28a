package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// EnvInfo is one environment the server offers.
type EnvInfo struct {
	Env      *episode.Env
	Verified *bool // from envs.jsonl; nil when not known
}

// Catalog is the set of environments a server offers, in a stable order.
// It is read-only once built and safe for concurrent use.
type Catalog struct {
	list []*EnvInfo
	byID map[string]*EnvInfo
}

// NewCatalog builds a catalog from composed environments. A repeated id
// keeps its first entry.
func NewCatalog(infos []*EnvInfo) *Catalog {
	c := &Catalog{byID: make(map[string]*EnvInfo, len(infos))}
	for _, in := range infos {
		if in == nil || in.Env == nil || c.byID[in.Env.ID] != nil {
			continue
		}
		c.byID[in.Env.ID] = in
		c.list = append(c.list, in)
	}
	return c
}

// LibraryCatalog composes every recipe of a library. Recipes that do not
// compose come back as errors beside the catalog of those that do.
func LibraryCatalog(lib *atom.Library) (*Catalog, []error) {
	var infos []*EnvInfo
	var errs []error
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		infos = append(infos, &EnvInfo{Env: env})
	}
	return NewCatalog(infos), errs
}

// Get returns the environment with id.
func (c *Catalog) Get(id string) *EnvInfo { return c.byID[id] }

// Len is the number of environments.
func (c *Catalog) Len() int { return len(c.list) }

// All returns the environments in catalog order (read-only).
func (c *Catalog) All() []*EnvInfo { return c.list }

// Filter selects environments for a listing; empty fields match all.
type Filter struct {
	App      string
	Intent   string
	Verified *bool
}

// Find returns the environments matching f, in catalog order.
func (c *Catalog) Find(f Filter) []*EnvInfo {
	var out []*EnvInfo
	for _, in := range c.list {
		if f.Intent != "" && in.Env.Intent.ID != f.Intent {
			continue
		}
		if f.App != "" && !contains(in.Env.Apps, f.App) {
			continue
		}
		if f.Verified != nil && (in.Verified == nil || *in.Verified != *f.Verified) {
			continue
		}
		out = append(out, in)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// EnvRecord is one line of an envs.jsonl file as `legoenv build` writes it.
// Fields other than these are allowed and ignored.
type EnvRecord struct {
	ID       string      `json:"id"`
	Recipe   atom.Recipe `json:"recipe"`
	Apps     []string    `json:"apps,omitempty"`
	Intent   string      `json:"intent,omitempty"`
	Verified *bool       `json:"verified,omitempty"`
	Line     int         `json:"-"` // 1-based line in the file
}

// maxEnvLine bounds one line of envs.jsonl; a recipe is far smaller.
const maxEnvLine = 4 << 20

// ReadEnvs parses an envs.jsonl stream: one JSON object a line, blank lines
// skipped. Every malformed line is reported as name:line: field: message; no
// line is dropped silently.
func ReadEnvs(name string, r io.Reader) ([]EnvRecord, error) {
	var (
		out  []EnvRecord
		errs []error
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxEnvLine)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		rec, err := parseEnvLine(b)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %w", name, line, err))
			if len(errs) >= 20 {
				errs = append(errs, fmt.Errorf("%s: too many errors, stopped at line %d", name, line))
				return nil, errors.Join(errs...)
			}
			continue
		}
		rec.Line = line
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s:%d: %w", name, line+1, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func parseEnvLine(b []byte) (EnvRecord, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return EnvRecord{}, fmt.Errorf("not a JSON object: %v", err)
	}
	var rec EnvRecord
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
	}{{"id", &rec.ID}, {"recipe", &rec.Recipe}, {"apps", &rec.Apps}, {"intent", &rec.Intent}, {"verified", &rec.Verified}} {
		if err := field(f.key, f.dst); err != nil {
			return EnvRecord{}, err
		}
	}
	if rec.ID == "" {
		return EnvRecord{}, errors.New(`id: missing (want the environment id, "env-...")`)
	}
	if _, ok := raw["recipe"]; !ok {
		return EnvRecord{}, errors.New("recipe: missing")
	}
	if rec.Recipe.Intent.ID == "" {
		return EnvRecord{}, errors.New("recipe.intent: missing")
	}
	if rec.Recipe.Data.ID == "" {
		return EnvRecord{}, errors.New("recipe.data: missing")
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

// EnvsCatalog composes the records of an envs.jsonl file against lib. A
// record whose recipe does not compose, or composes to another id than the
// one recorded (the library is not the one the file was built from), is an
// error naming its line; all such errors are returned together.
func EnvsCatalog(lib *atom.Library, name string, recs []EnvRecord) (*Catalog, error) {
	var (
		infos []*EnvInfo
		errs  []error
	)
	for _, rec := range recs {
		env, err := episode.Compose(lib, rec.Recipe, episode.Options{})
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: env %s: %w", name, rec.Line, rec.ID, err))
		} else if env.ID != rec.ID {
			errs = append(errs, fmt.Errorf("%s:%d: id %s, but the recipe composes to %s in this library (is --lib the library the file was built with?)", name, rec.Line, rec.ID, env.ID))
		} else {
			infos = append(infos, &EnvInfo{Env: env, Verified: rec.Verified})
		}
		if len(errs) >= 20 {
			errs = append(errs, fmt.Errorf("%s: too many errors, stopped at line %d", name, rec.Line))
			break
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return NewCatalog(infos), nil
}

// LoadEnvsFile reads and composes an envs.jsonl file.
func LoadEnvsFile(lib *atom.Library, path string) (*Catalog, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open envs file: %w", err)
	}
	defer f.Close()
	recs, err := ReadEnvs(path, f)
	if err != nil {
		return nil, err
	}
	return EnvsCatalog(lib, path, recs)
}
