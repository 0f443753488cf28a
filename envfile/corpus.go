package envfile

import (
	"bufio"
	"bytes"
	"container/list"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// DefaultCacheSize is how many composed environments a Corpus keeps.
const DefaultCacheSize = 256

// Corpus is an envs.jsonl file opened for use without composing it: its
// records in file order, found by id, and the library they compose
// against, of which an environment loads only the files defining the atoms
// its recipe pins, when it is first used. The environments composed last
// are kept in a bounded cache, so memory grows with the environments in
// use, not with the corpus. Safe for concurrent use.
type Corpus struct {
	Path    string   // the envs.jsonl file
	LibDir  string   // the library its recipes compose against
	Records []Record // in file order
	// Limits override the episode limits of every environment composed
	// after they are set (a server's flags, set before use); zero fields
	// keep the defaults.
	Limits episode.Limits
	// Natives are the Go implementations of Starlark tools every
	// environment is composed with (episode.Options.Natives); nil: none.
	Natives *episode.Natives
	// Summaries are the index beside the file (ReadIndex), when LoadIndex
	// found one that matches it; nil otherwise.
	Summaries map[string]Summary

	byID  map[string]int
	lib   fs.FS
	named map[string][]string // file name less .yaml -> the library files so named

	mu      sync.Mutex
	cache   *lru
	defined map[string][]string // atom id -> the files that define it, read once if names mislead

	wholeMu sync.Mutex    // held while the whole library loads, apart from mu
	whole   *atom.Library // the whole library, loaded once if a recipe needs it
}

// Open reads an envs.jsonl file and maps the atoms of the library in
// libDir to their files; it composes nothing. A missing file is an error
// that says so.
func Open(path, libDir string) (*Corpus, error) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("envs file %s does not exist (run 'legoenv build' to write out/envs.jsonl)", path)
		}
		return nil, fmt.Errorf("envs file: %w", err)
	}
	recs, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	c := &Corpus{Path: path, Records: recs, byID: make(map[string]int, len(recs)), cache: newLRU(DefaultCacheSize)}
	for i, r := range recs {
		if _, dup := c.byID[r.ID]; !dup {
			c.byID[r.ID] = i
		}
	}
	if libDir == "" {
		return c, nil
	}
	return c, c.UseLibrary(libDir)
}

// UseLibrary sets the library the records compose against (Open with no
// library directory leaves it unset: the records can be listed, not
// composed).
func (c *Corpus) UseLibrary(dir string) error {
	named, err := namedFiles(os.DirFS(dir))
	if err != nil {
		return fmt.Errorf("library %s: %w", dir, err)
	}
	c.LibDir, c.lib, c.named = dir, os.DirFS(dir), named
	return nil
}

// Index returns the position of the record with id, if there is one.
func (c *Corpus) Index(id string) (int, bool) {
	i, ok := c.byID[id]
	return i, ok
}

// LoadIndex reads the index beside the file into Summaries, if there is
// one made from this file.
func (c *Corpus) LoadIndex() error {
	idx, err := ReadIndex(c.Path)
	if err != nil {
		return err
	}
	c.Summaries = idx
	return nil
}

// IDs returns the environments' ids in file order, each once.
func (c *Corpus) IDs() []string {
	ids := make([]string, 0, len(c.byID))
	for i, r := range c.Records {
		if c.byID[r.ID] == i {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// Env composes the environment of record i, or returns it from the cache.
// A recipe that does not compose, or composes to another id than the one
// recorded, is an error naming its line.
func (c *Corpus) Env(i int) (*episode.Env, error) {
	rec := c.Records[i]
	c.mu.Lock()
	if env, ok := c.cache.get(rec.ID); ok {
		c.mu.Unlock()
		return env, nil
	}
	c.mu.Unlock()
	lib, err := c.RecipeLibrary(rec.Recipe)
	if err != nil {
		return nil, err
	}
	env, err := c.compose(lib, rec)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.cache.put(rec.ID, env)
	c.mu.Unlock()
	return env, nil
}

// Cached is how many composed environments the corpus holds now.
func (c *Corpus) Cached() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cache.len()
}

// SetCacheSize bounds the cache of composed environments (at least 1).
func (c *Corpus) SetCacheSize(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cache.max = max(n, 1)
	c.cache.trim()
}

// RecipeLibrary is a library holding the atoms r pins: only the files
// that define them, which is a few files of a built library instead of
// thousands. Files are found by name first (a built library names each
// file after its atom), then, when those do not give a library r composes
// in, by the ids the files define; failing both, it is the whole library,
// loaded once.
func (c *Corpus) RecipeLibrary(r atom.Recipe) (*atom.Library, error) {
	if c.lib == nil {
		return nil, fmt.Errorf("%s: no library to compose its environments against", c.Path)
	}
	if lib := c.partLibrary(r, c.named); lib != nil {
		return lib, nil
	}
	c.mu.Lock()
	if c.defined == nil {
		var err error
		if c.defined, err = atomFiles(c.lib); err != nil {
			c.mu.Unlock()
			return nil, fmt.Errorf("library %s: %w", c.LibDir, err)
		}
	}
	defined := c.defined
	c.mu.Unlock()
	if lib := c.partLibrary(r, defined); lib != nil {
		return lib, nil
	}
	return c.Library()
}

// ComposeBatch composes records (a batch of a whole-corpus job) against
// one library of the files their atoms are named by, so atoms they share
// are read once and memory holds the batch's atoms, not the library's. A
// record that does not compose there is composed as Env does; errs[i] says
// why record i did not compose. Nothing is cached.
func (c *Corpus) ComposeBatch(recs []Record) (envs []*episode.Env, errs []error) {
	if c.lib == nil {
		err := fmt.Errorf("%s: no library to compose its environments against", c.Path)
		errs = make([]error, len(recs))
		for i := range errs {
			errs[i] = err
		}
		return make([]*episode.Env, len(recs)), errs
	}
	want := map[string]bool{}
	for _, r := range recs {
		for _, id := range RecipeAtoms(r.Recipe) {
			for _, f := range c.named[id] {
				want[f] = true
			}
		}
	}
	lib, ds, err := atom.Load(fileFilter{FS: c.lib, keep: want})
	if err != nil || ds.HasErrors() {
		lib = nil
	} else {
		lib.Dir = c.LibDir
	}
	envs, errs = make([]*episode.Env, len(recs)), make([]error, len(recs))
	for i, r := range recs {
		if lib != nil {
			if env, err := episode.Compose(lib, r.Recipe, episode.Options{Limits: c.Limits, Natives: c.Natives}); err == nil && env.ID == r.ID {
				envs[i] = env
				continue
			}
		}
		part, err := c.RecipeLibrary(r.Recipe)
		if err == nil {
			envs[i], err = c.compose(part, r)
		}
		errs[i] = err
	}
	return envs, errs
}

// compose composes rec against lib; another id than the one recorded is
// an error.
func (c *Corpus) compose(lib *atom.Library, rec Record) (*episode.Env, error) {
	env, err := episode.Compose(lib, rec.Recipe, episode.Options{Limits: c.Limits, Natives: c.Natives})
	if err != nil {
		return nil, fmt.Errorf("%s:%d: env %s: %w", c.Path, rec.Line, rec.ID, err)
	}
	if env.ID != rec.ID {
		return nil, fmt.Errorf("%s:%d: id %s, but the recipe composes to %s in library %s (is it the library the file was built with?)", c.Path, rec.Line, rec.ID, env.ID, c.LibDir)
	}
	return env, nil
}

// partLibrary loads the files files maps r's atoms to; nil when r does
// not compose in them.
func (c *Corpus) partLibrary(r atom.Recipe, files map[string][]string) *atom.Library {
	want := map[string]bool{}
	for _, id := range RecipeAtoms(r) {
		for _, f := range files[id] {
			want[f] = true
		}
	}
	lib, ds, err := atom.Load(fileFilter{FS: c.lib, keep: want})
	if err != nil || ds.HasErrors() {
		return nil
	}
	if _, err := episode.Compose(lib, r, episode.Options{}); err != nil {
		return nil
	}
	lib.Dir = c.LibDir
	return lib
}

// namedFiles maps the name of every YAML file of the library, less its
// extension, to the files so named; it reads directories only.
func namedFiles(fsys fs.FS) (map[string][]string, error) {
	out := map[string][]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := path.Ext(p); !d.IsDir() && (ext == ".yaml" || ext == ".yml") {
			stem := strings.TrimSuffix(path.Base(p), ext)
			out[stem] = append(out[stem], p)
		}
		return nil
	})
	return out, err
}

// Library loads the whole library the corpus composes against, once: what
// a use of every environment needs.
func (c *Corpus) Library() (*atom.Library, error) {
	if c.lib == nil {
		return nil, fmt.Errorf("%s: no library to compose its environments against", c.Path)
	}
	c.wholeMu.Lock()
	defer c.wholeMu.Unlock()
	if c.whole != nil {
		return c.whole, nil
	}
	lib, ds, err := atom.Load(c.lib)
	if err != nil {
		return nil, fmt.Errorf("library %s: %w", c.LibDir, err)
	}
	if ds.HasErrors() {
		return nil, fmt.Errorf("library %s: %w", c.LibDir, ds.Err())
	}
	lib.Dir = c.LibDir
	c.whole = lib
	return lib, nil
}

// RecipeAtoms is the ids of every atom a recipe pins: intent, data,
// servers, rules and the step intents of a workflow.
func RecipeAtoms(r atom.Recipe) []string {
	ids := []string{r.Intent.ID, r.Data.ID}
	for _, ps := range [][]atom.Pin{r.Servers, r.Rules, r.Steps} {
		for _, p := range ps {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// atomFiles maps every top-level "id:" of the library's YAML files to the
// files that hold it, without parsing them.
func atomFiles(fsys fs.FS) (map[string][]string, error) {
	out := map[string][]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := path.Ext(p); d.IsDir() || (ext != ".yaml" && ext != ".yml") {
			return nil
		}
		ids, err := definedIDs(fsys, p)
		if err != nil {
			return err
		}
		for _, id := range ids {
			out[id] = append(out[id], p)
		}
		return nil
	})
	return out, err
}

// definedIDs returns the ids a YAML file defines at the start of a line.
func definedIDs(fsys fs.FS, name string) ([]string, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), atom.MaxFileBytes)
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.HasPrefix(line, []byte("id:")) {
			ids = append(ids, strings.Trim(strings.TrimSpace(string(line[3:])), `"'`))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ids, nil
}

// fileFilter shows only the YAML files in keep (every directory stays).
type fileFilter struct {
	fs.FS
	keep map[string]bool
}

// ReadDir lists a directory without the YAML files not kept.
func (f fileFilter) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(f.FS, name)
	if err != nil {
		return nil, err
	}
	out := es[:0]
	for _, e := range es {
		ext := path.Ext(e.Name())
		if e.IsDir() || (ext != ".yaml" && ext != ".yml") || f.keep[path.Join(name, e.Name())] {
			out = append(out, e)
		}
	}
	return out, nil
}

// lru is a cache of composed environments, the least recently used
// dropped first.
type lru struct {
	max   int
	order *list.List // front: most recent; values are *lruItem
	items map[string]*list.Element
}

type lruItem struct {
	id  string
	env *episode.Env
}

func newLRU(n int) *lru {
	return &lru{max: max(n, 1), order: list.New(), items: map[string]*list.Element{}}
}

func (l *lru) get(id string) (*episode.Env, bool) {
	e, ok := l.items[id]
	if !ok {
		return nil, false
	}
	l.order.MoveToFront(e)
	return e.Value.(*lruItem).env, true
}

func (l *lru) put(id string, env *episode.Env) {
	if e, ok := l.items[id]; ok {
		e.Value.(*lruItem).env = env
		l.order.MoveToFront(e)
		return
	}
	l.items[id] = l.order.PushFront(&lruItem{id: id, env: env})
	l.trim()
}

func (l *lru) trim() {
	for l.order.Len() > l.max {
		e := l.order.Back()
		l.order.Remove(e)
		delete(l.items, e.Value.(*lruItem).id)
	}
}

func (l *lru) len() int { return l.order.Len() }
