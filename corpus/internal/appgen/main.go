// Command appgen writes the built-in corpus's server atoms
// (corpus/builtin/servers/*.yaml) and docs/corpus-apps.md from the compact
// per-app specs in this package; run it from anywhere in the module:
//
//	go run ./corpus/internal/appgen
//
// A test checks that the committed files equal what it generates.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Paths relative to the module root.
const (
	serversDir = "corpus/builtin/servers"
	opsDir     = "corpus/builtin/operations"
	schemasDir = "corpus/internal/appgen/testdata/automationbench/schemas"
	docsFile   = "docs/corpus-apps.md"
)

func main() {
	root := flag.String("root", "", "module root (default: found from the working directory)")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "appgen:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	if root == "" {
		r, err := moduleRoot()
		if err != nil {
			return err
		}
		root = r
	}
	files, err := generate(os.DirFS(filepath.Join(root, schemasDir)))
	if err != nil {
		return err
	}
	dir := filepath.Join(root, serversDir)
	for _, d := range []string{dir, filepath.Join(root, opsDir)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	// Remove servers no spec produces any more.
	old, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	for _, p := range old {
		if _, ok := files[serversDir+"/"+filepath.Base(p)]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(root, filepath.FromSlash(n))
		if cur, err := os.ReadFile(p); err == nil && bytes.Equal(cur, files[n]) {
			continue
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("appgen: %d servers in %s, their operations in %s\n", (len(files)-1)/2, serversDir, opsDir)
	return nil
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.Contains(string(b), "module github.com/legoenv/legoenv\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the legoenv module")
		}
		dir = parent
	}
}

// generate expands every spec. It returns file contents by path relative
// to the module root: one YAML file per server and the apps page.
func generate(schemas fs.FS) (map[string][]byte, error) {
	servers, err := buildAll(schemas)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, s := range servers {
		b, err := render(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.ID, err)
		}
		out[serversDir+"/"+s.ID+".yaml"] = b
		if b, err = renderOps(s); err != nil {
			return nil, fmt.Errorf("%s: %w", s.ID, err)
		}
		out[opsDir+"/"+s.ID+".yaml"] = b
	}
	out[docsFile] = docs(servers)
	return out, nil
}

// buildAll expands the registry, checking what the loader cannot: unique
// app and tool names across the corpus.
func buildAll(schemas fs.FS) ([]*server, error) {
	apps := append([]App(nil), registry...)
	sort.Slice(apps, func(i, j int) bool { return apps[i].ID < apps[j].ID })
	var out []*server
	ids := map[string]bool{}
	tools := map[string]string{}
	for _, a := range apps {
		if ids[a.ID] {
			return nil, fmt.Errorf("app %s is specified twice", a.ID)
		}
		ids[a.ID] = true
		var ab []*collection
		if a.AB {
			data, err := fs.ReadFile(schemas, a.ID+".json")
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a.ID, err)
			}
			ab, err = readABSchema(data)
			if err != nil {
				return nil, fmt.Errorf("%s.json: %w", a.ID, err)
			}
			if err := adjustAB(a, ab); err != nil {
				return nil, fmt.Errorf("%s: %w", a.ID, err)
			}
		}
		s, err := expand(a, ab)
		if err != nil {
			return nil, err
		}
		if err := declareRoles(a, s); err != nil {
			return nil, fmt.Errorf("%s: %w", a.ID, err)
		}
		if s.Ops, err = catalogue(a, s); err != nil {
			return nil, fmt.Errorf("%s: catalogue: %w", a.ID, err)
		}
		for _, t := range s.Tools {
			if prev, dup := tools[t.Name]; dup {
				return nil, fmt.Errorf("tool %s is declared by %s and %s", t.Name, prev, s.ID)
			}
			tools[t.Name] = s.ID
		}
		out = append(out, s)
	}
	return out, nil
}

// adjustAB applies a spec's prefixes, keys and extra fields to the
// collections read from the benchmark's schema.
func adjustAB(a App, colls []*collection) error {
	byName := map[string]*collection{}
	for _, c := range colls {
		byName[c.Name] = c
	}
	for name, p := range a.Prefix {
		c := byName[name]
		if c == nil {
			return fmt.Errorf("prefix for unknown collection %q", name)
		}
		c.Prefix = p
	}
	for name, k := range a.Key {
		c := byName[name]
		if c == nil {
			return fmt.Errorf("key for unknown collection %q", name)
		}
		c.Key = k
		if k == "id" {
			c.Key = ""
		}
	}
	for name, dsl := range a.Extra {
		c := byName[name]
		if c == nil {
			return fmt.Errorf("extra fields for unknown collection %q", name)
		}
		fs, err := parseFields(dsl, nil)
		if err != nil {
			return fmt.Errorf("extra fields of %s: %w", name, err)
		}
		for _, f := range fs {
			if c.field(f.Name) != nil {
				return fmt.Errorf("extra field %s.%s is already in the schema", name, f.Name)
			}
			c.Fields = append(c.Fields, f)
		}
	}
	return nil
}
