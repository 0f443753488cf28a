package serve

import (
	"errors"
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
)

// EnvInfo is one environment the server offers.
type EnvInfo struct {
	Env      *episode.Env
	Verified *bool // from envs.jsonl; nil when not known
}

// Catalog is the set of environments a server offers, in a stable order.
// It is read-only once built and safe for concurrent use. A catalog of
// composed environments (NewCatalog, LibraryCatalog) holds them all; a
// lazy one (CorpusCatalog) composes an environment when it is first asked
// for, keeping the last ones used.
type Catalog struct {
	list []*EnvInfo
	byID map[string]*EnvInfo
	lazy *envfile.Corpus
}

// CorpusCatalog offers the environments of an opened envs.jsonl file,
// composing each only when it is used; listing and filtering read the
// file's records.
func CorpusCatalog(c *envfile.Corpus) *Catalog { return &Catalog{lazy: c} }

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

// LibraryCatalog composes every recipe of a library with opt. Recipes
// that do not compose come back as errors beside the catalog of those
// that do.
func LibraryCatalog(lib *atom.Library, opt episode.Options) (*Catalog, []error) {
	envs, errs := episode.ComposeAll(lib, opt)
	infos := make([]*EnvInfo, len(envs))
	for i, env := range envs {
		infos[i] = &EnvInfo{Env: env}
	}
	return NewCatalog(infos), errs
}

// Corpus is the envs.jsonl file a lazy catalog reads; nil for a catalog
// of composed environments.
func (c *Catalog) Corpus() *envfile.Corpus { return c.lazy }

// SetLimits overrides the episode limits of every environment with the
// positive fields of l (a server's flags), for the sessions opened after.
func (c *Catalog) SetLimits(l episode.Limits) {
	if c.lazy != nil {
		c.lazy.Limits = l
		return
	}
	for _, in := range c.list {
		in.Env.Limits = in.Env.Limits.Override(l)
	}
}

// Get returns the environment with id; nil when there is none (or, in a
// lazy catalog, when it does not compose: Lookup says why).
func (c *Catalog) Get(id string) *EnvInfo {
	in, _ := c.Lookup(id)
	return in
}

// Lookup returns the environment with id, composing it in a lazy
// catalog; nil and no error when there is none.
func (c *Catalog) Lookup(id string) (*EnvInfo, error) {
	if c.lazy == nil {
		return c.byID[id], nil
	}
	i, ok := c.lazy.Index(id)
	if !ok {
		return nil, nil
	}
	env, err := c.lazy.Env(i)
	if err != nil {
		return nil, err
	}
	return &EnvInfo{Env: env, Verified: c.lazy.Records[i].Verified}, nil
}

// Len is the number of environments.
func (c *Catalog) Len() int {
	if c.lazy != nil {
		return len(c.lazy.Records)
	}
	return len(c.list)
}

// IDs returns the ids of the environments in catalog order.
func (c *Catalog) IDs() []string {
	if c.lazy != nil {
		return c.lazy.IDs()
	}
	ids := make([]string, len(c.list))
	for i, in := range c.list {
		ids[i] = in.Env.ID
	}
	return ids
}

// All returns the environments in catalog order (read-only). A lazy
// catalog composes every one of them: what a whole-corpus use costs.
// Environments that do not compose are left out.
func (c *Catalog) All() []*EnvInfo {
	if c.lazy == nil {
		return c.list
	}
	out := make([]*EnvInfo, 0, c.Len())
	for _, id := range c.IDs() {
		if in, err := c.Lookup(id); err == nil && in != nil {
			out = append(out, in)
		}
	}
	return out
}

// Filter selects environments for a listing; empty fields match all.
type Filter struct {
	App      string
	Intent   string
	Verified *bool
}

// summary is the listing of environment id: from the index of a lazy
// catalog's file when it has the id, else from the composed environment.
func (c *Catalog) summary(id string) (EnvSummary, error) {
	if c.lazy != nil {
		if s, ok := c.lazy.Summaries[id]; ok {
			i, _ := c.lazy.Index(id)
			r := c.lazy.Records[i]
			out := EnvSummary{ID: id, Intent: r.Recipe.Intent.ID, Data: r.Recipe.Data.ID, Apps: r.Apps, Rules: []string{}, Tools: s.Tools, Verified: r.Verified}
			if out.Apps == nil {
				out.Apps = []string{}
			}
			for _, p := range r.Recipe.Rules {
				out.Rules = append(out.Rules, p.ID)
			}
			return out, nil
		}
	}
	in, err := c.Lookup(id)
	if err != nil {
		return EnvSummary{}, err
	}
	if in == nil {
		return EnvSummary{}, fmt.Errorf("unknown environment %q", id)
	}
	return summary(in), nil
}

// FindIDs returns the ids of the environments matching f, in catalog
// order, composing none.
func (c *Catalog) FindIDs(f Filter) []string {
	if c.lazy == nil {
		var ids []string
		for _, in := range c.Find(f) {
			ids = append(ids, in.Env.ID)
		}
		return ids
	}
	var ids []string
	for i, r := range c.lazy.Records {
		if j, _ := c.lazy.Index(r.ID); j != i {
			continue // a repeated id keeps its first line
		}
		if f.Intent != "" && r.Recipe.Intent.ID != f.Intent {
			continue
		}
		if f.App != "" && !slices.Contains(r.Apps, f.App) {
			continue
		}
		if f.Verified != nil && (r.Verified == nil || *r.Verified != *f.Verified) {
			continue
		}
		ids = append(ids, r.ID)
	}
	return ids
}

// Find returns the environments matching f, in catalog order; a lazy
// catalog composes every match (FindIDs composes none).
func (c *Catalog) Find(f Filter) []*EnvInfo {
	if c.lazy != nil {
		var out []*EnvInfo
		for _, id := range c.FindIDs(f) {
			if in := c.Get(id); in != nil {
				out = append(out, in)
			}
		}
		return out
	}
	var out []*EnvInfo
	for _, in := range c.list {
		if f.Intent != "" && in.Env.Intent.ID != f.Intent {
			continue
		}
		if f.App != "" && !slices.Contains(in.Env.Apps, f.App) {
			continue
		}
		if f.Verified != nil && (in.Verified == nil || *in.Verified != *f.Verified) {
			continue
		}
		out = append(out, in)
	}
	return out
}

// EnvsCatalog composes the records of an envs.jsonl file against lib. A
// record whose recipe does not compose, or composes to another id than the
// one recorded (the library is not the one the file was built from), is an
// error naming its line; all such errors are returned together.
func EnvsCatalog(lib *atom.Library, name string, recs []envfile.Record) (*Catalog, error) {
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
	recs, err := envfile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return EnvsCatalog(lib, path, recs)
}
