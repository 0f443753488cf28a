package serve

import (
	"errors"
	"fmt"
	"github.com/legoenv/legoenv/envfile"

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
	envs, errs := episode.ComposeAll(lib)
	infos := make([]*EnvInfo, len(envs))
	for i, env := range envs {
		infos[i] = &EnvInfo{Env: env}
	}
	return NewCatalog(infos), errs
}

// SetLimits overrides the episode limits of every environment with the
// positive fields of l (a server's flags), for the sessions opened after.
func (c *Catalog) SetLimits(l episode.Limits) {
	for _, in := range c.list {
		in.Env.Limits = in.Env.Limits.Override(l)
	}
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
