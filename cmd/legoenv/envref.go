package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
)

// builtEnvs is where 'legoenv build' writes its environments by default;
// an unknown id suggests it when it exists.
const builtEnvs = "out/envs.jsonl"

// idFlags adds --lib and --envs to a command that takes an environment id.
func (s *envSource) idFlags(c *cobra.Command) {
	c.Flags().StringVar(&s.envsFile, "envs", "", "envs.jsonl that 'legoenv build' wrote; its environments compose against lib/ beside it (or --lib)")
	c.Flags().StringVar(&s.libDir, "lib", "", "atom library directory (default: the built-in example library, or lib/ beside --envs)")
}

// libraryDir is the library the source's environments compose against:
// --lib, else lib/ beside --envs, else "" (the built-in example).
func (s *envSource) libraryDir() (string, error) {
	if s.envsFile != "" {
		if err := envsExists(s.envsFile); err != nil {
			return "", err
		}
	}
	if s.libDir != "" || s.envsFile == "" {
		return s.libDir, nil
	}
	dir := envfile.LibraryBeside(s.envsFile)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", badInput("--envs %s: no library: --lib is not given and %s is not a directory", s.envsFile, dir)
	}
	return dir, nil
}

// envMatch is the one environment an id names.
type envMatch struct {
	lib    *atom.Library
	recipe atom.Recipe
	id     string
	flags  string // the user's --envs and --lib, for suggestions
}

// lookup finds the environment with id (or a unique prefix of 6 or more
// characters) and loads only what it needs: with --envs the atoms its
// recipe pins, with --lib the library but no composition beyond the
// match's (ids are hashes of pinned recipes, see episode.Pin).
func (s *envSource) lookup(id string, stderr io.Writer) (*envMatch, error) {
	if s.envsFile == "" {
		lib, err := loadLibrary(s.libDir, stderr)
		if err != nil {
			return nil, err
		}
		return s.lookupIn(lib, id)
	}
	if err := envsExists(s.envsFile); err != nil {
		return nil, err
	}
	// The id is looked up before the library is needed, so an unknown one
	// says so whatever the library.
	c, err := envfile.Open(s.envsFile, "")
	if err != nil {
		return nil, badInput("%v", err)
	}
	ids := make([]string, len(c.Records))
	for i, r := range c.Records {
		ids[i] = r.ID
	}
	i, err := s.pick(ids, id)
	if err != nil {
		return nil, err
	}
	dir, err := s.libraryDir()
	if err != nil {
		return nil, err
	}
	if err := c.UseLibrary(dir); err != nil {
		return nil, badInput("%v", err)
	}
	rec := c.Records[i]
	lib, err := c.RecipeLibrary(rec.Recipe)
	if err != nil {
		return nil, badInput("%v", err)
	}
	got := episode.Pin(lib, rec.Recipe).Hash()
	if got != rec.ID {
		fmt.Fprintf(stderr, "legoenv: %s:%d: recipe of %s composes as %s against %s; using %s\n", s.envsFile, rec.Line, rec.ID, got, c.LibDir, got)
	}
	return &envMatch{lib: lib, recipe: rec.Recipe, id: got, flags: s.flagText()}, nil
}

// lookupIn finds the recipe of lib whose environment is id.
func (s *envSource) lookupIn(lib *atom.Library, id string) (*envMatch, error) {
	rs := lib.Recipes()
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = episode.Pin(lib, r).Hash()
	}
	i, err := s.pick(ids, id)
	if err != nil {
		return nil, err
	}
	return &envMatch{lib: lib, recipe: rs[i], id: ids[i], flags: s.flagText()}, nil
}

// env composes the environment id names.
func (s *envSource) env(id string, stderr io.Writer) (*episode.Env, error) {
	m, err := s.lookup(id, stderr)
	if err != nil {
		return nil, err
	}
	return m.compose()
}

// recipes is what 'verify' verifies: the one environment id names, or
// every environment of --envs, or every recipe of --lib.
func (s *envSource) recipes(id string, stderr io.Writer) (*atom.Library, []atom.Recipe, error) {
	if id != "" {
		m, err := s.lookup(id, stderr)
		if err != nil {
			return nil, nil, err
		}
		return m.lib, []atom.Recipe{m.recipe}, nil
	}
	dir, err := s.libraryDir()
	if err != nil {
		return nil, nil, err
	}
	lib, err := loadLibrary(dir, stderr)
	if err != nil {
		return nil, nil, err
	}
	if s.envsFile == "" {
		return lib, lib.Recipes(), nil
	}
	recs, err := envfile.ReadFile(s.envsFile)
	if err != nil {
		return nil, nil, badInput("%v", err)
	}
	rs := make([]atom.Recipe, len(recs))
	for i, r := range recs {
		rs[i] = r.Recipe
	}
	return lib, rs, nil
}

// compose composes the match; a recipe that does not compose is bad input.
func (m *envMatch) compose() (*episode.Env, error) {
	opt, err := composeOptions()
	if err != nil {
		return nil, err
	}
	env, err := episode.Compose(m.lib, m.recipe, opt)
	if err != nil {
		return nil, badInput("environment %s does not compose: %v (run 'legoenv verify --env %s%s' for the root cause)", m.id, err, m.id, m.flags)
	}
	return env, nil
}

// pick returns the index of id in ids, or of the one id it is a prefix of
// (6 characters at least).
func (s *envSource) pick(ids []string, id string) (int, error) {
	i, n := pickID(ids, id)
	switch {
	case n == 0:
		return 0, s.unknown(id)
	case n > 1:
		return 0, badInput("environment prefix %q is ambiguous (%d matches)", id, n)
	}
	return i, nil
}

// pickID returns the index of id in ids, else of the ids id is a prefix of
// (6 characters at least), and how many distinct ids matched.
func pickID(ids []string, id string) (int, int) {
	match := -1
	seen := map[string]bool{}
	for i, x := range ids {
		if x == id {
			return i, 1
		}
		if len(id) >= 6 && strings.HasPrefix(x, id) && !seen[x] {
			seen[x] = true
			if match < 0 {
				match = i
			}
		}
	}
	return match, len(seen)
}

// flagText is the user's --envs and --lib as they would be typed again.
func (s *envSource) flagText() string {
	var b strings.Builder
	if s.envsFile != "" {
		b.WriteString(" --envs " + s.envsFile)
	}
	if s.libDir != "" {
		b.WriteString(" --lib " + s.libDir)
	}
	return b.String()
}

// unknown says where the id was looked for and how to list what is there,
// with the user's own --lib and --envs, and points at the environments
// 'legoenv build' wrote when they are not the ones searched.
func (s *envSource) unknown(id string) error {
	where, list := "the built-in example library", "legoenv envs"+s.flagText()
	if s.libDir != "" {
		where = "library " + s.libDir
	}
	if s.envsFile != "" {
		return badInput("unknown environment %q in %s (run '%s' to list them)", id, s.envsFile, list)
	}
	hint := "pass --envs FILE for the envs.jsonl that 'legoenv build' wrote"
	if st, err := os.Stat(builtEnvs); err == nil && !st.IsDir() {
		hint = "built environments: pass --envs " + builtEnvs
	}
	return badInput("unknown environment %q in %s (run '%s' to list them; %s)", id, where, list, hint)
}

// openCorpus opens --envs for use without composing it: the records and a
// map of the library's files; each environment composes when first used.
func (s *envSource) openCorpus(stderr io.Writer) (*envfile.Corpus, error) {
	if err := envsExists(s.envsFile); err != nil {
		return nil, err
	}
	dir, err := s.libraryDir()
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	c, err := envfile.Open(s.envsFile, dir)
	if err != nil {
		return nil, badInput("%v", err)
	}
	if c.Natives, err = shippedNatives(); err != nil {
		return nil, fmt.Errorf("native tools: %w", err)
	}
	if time.Since(t0) > 2*time.Second {
		fmt.Fprintf(stderr, "legoenv: read %s of %s in %.1f s; each is composed when first used\n", plural(len(c.Records), "environment"), s.envsFile, time.Since(t0).Seconds())
	}
	return c, nil
}

// envsExists says, as bad input, that an --envs file is missing.
func envsExists(path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return badInput("--envs %s: no such file (run 'legoenv build' to write out/envs.jsonl)", path)
	case err != nil:
		return badInput("--envs %s: %v", path, err)
	case st.IsDir():
		return badInput("--envs %s: a directory, not an envs.jsonl file", path)
	}
	return nil
}
