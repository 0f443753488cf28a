package atom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/sync/errgroup"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/legoenv/legoenv/schema"
)

// Entry is one version of one atom in a library.
type Entry struct {
	Kind    Kind
	ID      string
	Version string
	File    string // path within the library
	Line    int
	Head    bool // the current version (not under history/)
	Atom    any  // *Server, *Data, *Rule or *Intent

	pos positions
}

// Server returns the entry's atom as a server; ok is false for another kind.
func (e *Entry) Server() (s *Server, ok bool) { s, ok = e.Atom.(*Server); return s, ok }

// Data returns the entry's atom as a data atom; ok is false for another kind.
func (e *Entry) Data() (d *Data, ok bool) { d, ok = e.Atom.(*Data); return d, ok }

// Rule returns the entry's atom as a rule; ok is false for another kind.
func (e *Entry) Rule() (r *Rule, ok bool) { r, ok = e.Atom.(*Rule); return r, ok }

// Intent returns the entry's atom as an intent; ok is false for another kind.
func (e *Entry) Intent() (in *Intent, ok bool) { in, ok = e.Atom.(*Intent); return in, ok }

// MustServer is Server for an entry whose kind is already known, as every
// entry a Library hands out for a server pin or app is. Another kind is a
// bug in the caller, not bad input, and panics naming the entry.
func (e *Entry) MustServer() *Server { return must[*Server](e, KindServer) }

// MustData is Data for an entry whose kind is already known (see MustServer).
func (e *Entry) MustData() *Data { return must[*Data](e, KindData) }

// MustRule is Rule for an entry whose kind is already known (see MustServer).
func (e *Entry) MustRule() *Rule { return must[*Rule](e, KindRule) }

// MustIntent is Intent for an entry whose kind is already known (see MustServer).
func (e *Entry) MustIntent() *Intent { return must[*Intent](e, KindIntent) }

func must[T any](e *Entry, want Kind) T {
	a, ok := e.Atom.(T)
	if !ok {
		panic(fmt.Sprintf("atom: %s holds a %T, not a %s", e.Ref(), e.Atom, want))
	}
	return a
}

// Ref is "kind/id@version".
func (e *Entry) Ref() string { return fmt.Sprintf("%s/%s@%s", e.Kind, e.ID, e.Version) }

// Pin returns the entry's pin.
func (e *Entry) Pin() Pin { return Pin{ID: e.ID, Version: e.Version} }

// Where returns the file position of a field path in the atom ("tools[1].name").
func (e *Entry) Where(field string) (line, col int) {
	p := e.pos.lookup(field)
	return p.Line, p.Col
}

// Diag makes a diagnostic about a field of this entry.
func (e *Entry) Diag(sev Severity, field, format string, args ...any) Diagnostic {
	line, col := e.Where(field)
	if line == 0 {
		line = e.Line
	}
	return Diagnostic{File: e.File, Line: line, Col: col, Field: field, Severity: sev, Message: fmt.Sprintf(format, args...)}
}

// Library is a set of atoms (every version) and environment recipes.
type Library struct {
	Dir string // where it was loaded from, "" when embedded

	heads    map[Kind]map[string]*Entry
	versions map[string]*Entry // Ref() -> entry
	recipes  []Recipe
	recipeAt []Diagnostic      // position of each recipe, for diagnostics
	ops      map[string][]Tool // app -> catalogue of its operations
	derived  *sync.Map         // see Derived; shared with clones
}

// NewLibrary returns an empty library.
func NewLibrary() *Library {
	l := &Library{heads: map[Kind]map[string]*Entry{}, versions: map[string]*Entry{}, derived: &sync.Map{}}
	for _, k := range Kinds() {
		l.heads[k] = map[string]*Entry{}
	}
	return l
}

// MaxFileBytes bounds one library file. Loading holds a file's YAML tree,
// its values and the position of every field at once, some 30 to 70 times
// the file's size for dense records (4 MB of contacts took 135 MB and 6 s),
// so a file of 50 MB took gigabytes; the largest real atom (tau2's retail
// database) is 1.8 MB.
const MaxFileBytes = 8 << 20

// MaxFileNodes bounds the YAML nodes of one library file, counted before
// its tree is built (estimateNodes). What loading holds grows with the
// nodes, some 470 bytes a node at its peak, not with the bytes: a file of
// 4 MB written as one flow list of digits ("[1,1,...]", two bytes a node)
// took 940 MB and 10 s, where 4 MB of ordinary records took 250 MB. The
// limit holds a file to about 235 MB while it loads; the densest real
// file, a built corpus's environments.yaml (1.7 MB), has 87,000 nodes.
const MaxFileNodes = 500_000

// LoadDir loads the library in dir, after finishing a write to it that a
// killed process committed but did not carry out (see Stage).
func LoadDir(dir string) (*Library, Diagnostics, error) {
	if _, err := Recover(dir); err != nil {
		return nil, nil, fmt.Errorf("library %s: %w", dir, err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("library %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, nil, fmt.Errorf("library %s: not a directory", dir)
	}
	l, ds, err := Load(os.DirFS(dir))
	if l != nil {
		l.Dir = dir
	}
	return l, ds, err
}

// Load reads every *.yaml and *.yml file of fsys. Files under history/ are
// earlier versions. It returns the library with every atom that loaded, and
// the diagnostics of those that did not: one bad file loses nothing else.
// The error is for I/O failures only.
func Load(fsys fs.FS) (*Library, Diagnostics, error) {
	l := NewLibrary()
	var ds Diagnostics
	files, err := walkFiles(fsys, func(p string, d fs.DirEntry) bool {
		ext := path.Ext(p)
		return ext == ".yaml" || ext == ".yml"
	})
	if err != nil {
		return nil, nil, fmt.Errorf("walk library: %w", err)
	}
	sort.Strings(files)
	pending := map[string]*pendingOperations{}
	for _, f := range files {
		data, err := readLimited(fsys, f)
		if err != nil {
			ds = append(ds, Diagnostic{File: f, Severity: Error, Message: err.Error()})
			continue
		}
		head := !strings.HasPrefix(f, "history/")
		docs, docDs := parseDocs(f, data)
		ds = append(ds, docDs...)
		for _, doc := range docs {
			if doc.kind == "environments" {
				ds = append(ds, l.addRecipes(f, doc)...)
				continue
			}
			if doc.kind == "operations" {
				ds = append(ds, l.addOperations(f, doc, pending)...)
				continue
			}
			e, eds := decodeAtom(f, doc)
			ds = append(ds, eds...)
			if e == nil {
				continue
			}
			// An atom with errors stays out of the library: what loads is
			// what can be composed.
			vds := ValidateEntry(e)
			ds = append(ds, vds...)
			if vds.HasErrors() {
				continue
			}
			e.Head = head
			ds = append(ds, l.add(e)...)
		}
	}
	ds = append(ds, l.validate()...)
	ds = append(ds, l.resolveOperations(pending)...)
	ds = append(ds, l.validateOperations()...)
	ds.Sort()
	return l, ds, nil
}

// readLimited reads a library file, refusing one over MaxFileBytes before
// reading it when its size is known, and one over MaxFileNodes before it
// is parsed.
func readLimited(fsys fs.FS, name string) ([]byte, error) {
	if st, err := fs.Stat(fsys, name); err == nil && st.Size() > MaxFileBytes {
		return nil, fileTooLarge(st.Size())
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fileTooLarge(int64(len(data)))
	}
	if n := estimateNodes(data); n > MaxFileNodes {
		return nil, fmt.Errorf("refused: about %d YAML nodes in %d bytes, more than the %d of one library file (loading holds some 470 bytes a node): not loaded; split its records over several data atoms",
			n, len(data), MaxFileNodes)
	}
	return data, nil
}

func fileTooLarge(size int64) error {
	return fmt.Errorf("refused: file larger than %d bytes (%d MiB, the limit of one library file; this one has %d): not loaded; split its records over several data atoms",
		MaxFileBytes, MaxFileBytes>>20, size)
}

type document struct {
	kind  string
	value map[string]any
	pos   positions
	line  int
}

func parseDocs(file string, data []byte) ([]document, Diagnostics) {
	var out []document
	var ds Diagnostics
	dec := yaml.NewDecoder(bytes.NewReader(data))
	budget := newNodeBudget(len(data))
	for i := 0; ; i++ {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			ds = append(ds, yamlDiag(file, err))
			break
		}
		ps := positions{}
		v, err := nodeValue(&n, "", ps, 0, budget)
		if err != nil {
			ds = append(ds, yamlDiag(file, err))
			continue
		}
		if v == nil {
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			p := ps.lookup("")
			ds = append(ds, Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: Error, Message: "an atom must be a YAML mapping"})
			continue
		}
		kind, _ := m["kind"].(string)
		if kind == "" {
			p := ps.lookup("")
			ds = append(ds, Diagnostic{File: file, Line: p.Line, Col: p.Col, Field: "kind", Severity: Error,
				Message: "missing kind (server, data, rule, intent or environments)"})
			continue
		}
		out = append(out, document{kind: kind, value: m, pos: ps, line: ps.lookup("").Line})
	}
	return out, ds
}

// yamlDiag turns a YAML error ("yaml: line 3: ...") into a diagnostic.
func yamlDiag(file string, err error) Diagnostic {
	msg := err.Error()
	line := 0
	msg = strings.TrimPrefix(msg, "yaml: ")
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e == nil {
		if i := strings.Index(msg, ":"); i >= 0 {
			msg = strings.TrimSpace(msg[i+1:])
		}
	}
	return Diagnostic{File: file, Line: line, Severity: Error, Message: "YAML: " + msg}
}

// kindSchemas compiles the published JSON Schemas once.
var kindSchemas = sync.OnceValues(compileKindSchemas)

// compileKindSchemas compiles the published JSON Schemas.
func compileKindSchemas() (map[string]*jsonschema.Schema, error) {
	c := newSchemaCompiler()
	entries, err := fs.ReadDir(schema.Files, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		b, err := fs.ReadFile(schema.Files, e.Name())
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", e.Name(), err)
		}
		if err := c.AddResource("https://legoenv.dev/schema/"+e.Name(), doc); err != nil {
			return nil, err
		}
	}
	schemas := map[string]*jsonschema.Schema{}
	for _, k := range []string{"server", "data", "rule", "intent", "environments", "operations"} {
		s, err := c.Compile("https://legoenv.dev/schema/" + k + ".schema.json")
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", k, err)
		}
		schemas[k] = s
	}
	return schemas, nil
}

// schemaDiags validates a document against its kind's schema.
func schemaDiags(file string, doc document) Diagnostics {
	ss, err := kindSchemas()
	if err != nil {
		return Diagnostics{{File: file, Severity: Error, Message: "internal: " + err.Error()}}
	}
	s := ss[doc.kind]
	if s == nil {
		return Diagnostics{{File: file, Line: doc.pos.lookup("kind").Line, Field: "kind", Severity: Error,
			Message: fmt.Sprintf("unknown kind %q (want server, data, rule, intent or environments)", doc.kind)}}
	}
	err = s.Validate(any(doc.value))
	var ve *jsonschema.ValidationError
	if err == nil {
		return nil
	}
	if !errors.As(err, &ve) {
		return Diagnostics{{File: file, Line: doc.line, Severity: Error, Message: err.Error()}}
	}
	var ds Diagnostics
	seen := map[string]bool{}
	for _, u := range leafErrors(ve) {
		field := pointerToPath(u.InstanceLocation)
		msg := u.Message
		key := field + "\x00" + msg
		if seen[key] {
			continue
		}
		seen[key] = true
		p := doc.pos.lookup(field)
		ds = append(ds, Diagnostic{File: file, Line: p.Line, Col: p.Col, Field: field, Severity: Error, Message: msg})
	}
	return ds
}

type leaf struct {
	InstanceLocation []string
	Message          string
}

// The schemas avoid propertyNames: jsonschema/v6.0.3 reports those errors
// with an instance location that later errors overwrite.
//
// leafErrors flattens a validation error to its deepest causes, which name
// the precise field; a oneOf over assertion types keeps only the branch
// errors that are not "missing property" noise when a better one exists.
func leafErrors(ve *jsonschema.ValidationError) []leaf {
	if len(ve.Causes) == 0 {
		return []leaf{{InstanceLocation: append([]string(nil), ve.InstanceLocation...), Message: kindMessage(ve)}}
	}
	var out, typeOnly []leaf
	for _, c := range ve.Causes {
		for _, l := range leafErrors(c) {
			// A cause outside its parent (propertyNames reports the name
			// itself at '') belongs to the parent's location.
			if len(l.InstanceLocation) < len(ve.InstanceLocation) {
				l = leaf{InstanceLocation: append([]string(nil), ve.InstanceLocation...), Message: kindMessage(ve) + ": " + l.Message}
			}
			// In an anyOf/oneOf, "got object, want string" from the branch
			// that does not apply is noise beside a deeper finding.
			if strings.HasPrefix(l.Message, "got ") {
				typeOnly = append(typeOnly, l)
				continue
			}
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return typeOnly
	}
	return out
}

var printer = message.NewPrinter(language.English)

func kindMessage(ve *jsonschema.ValidationError) string {
	if ve.ErrorKind == nil {
		return "invalid"
	}
	return ve.ErrorKind.LocalizedString(printer)
}

func pointerToPath(loc []string) string {
	var b strings.Builder
	for _, s := range loc {
		if s != "" && strings.Trim(s, "0123456789") == "" {
			b.WriteString("[" + s + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteString(".")
		}
		b.WriteString(s)
	}
	return b.String()
}

// decodeAtom validates a document against its schema and decodes it.
func decodeAtom(file string, doc document) (*Entry, Diagnostics) {
	if ds := schemaDiags(file, doc); len(ds) > 0 {
		return nil, ds
	}
	var a any
	switch Kind(doc.kind) {
	case KindServer:
		a = &Server{}
	case KindData:
		a = &Data{}
	case KindRule:
		a = &Rule{}
	case KindIntent:
		a = &Intent{}
	}
	b, err := json.Marshal(doc.value)
	if err != nil {
		return nil, Diagnostics{{File: file, Line: doc.line, Severity: Error, Message: err.Error()}}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(a); err != nil {
		return nil, Diagnostics{{File: file, Line: doc.line, Severity: Error, Message: decodeMessage(err)}}
	}
	ver, err := Version(a)
	if err != nil {
		return nil, Diagnostics{{File: file, Line: doc.line, Severity: Error, Message: err.Error()}}
	}
	id, _ := doc.value["id"].(string)
	return &Entry{Kind: Kind(doc.kind), ID: id, Version: ver, File: file, Line: doc.line, Atom: a, pos: doc.pos}, nil
}

func decodeMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: expected %s", te.Field, te.Type)
	}
	return err.Error()
}

// add puts an entry into the library.
func (l *Library) add(e *Entry) Diagnostics {
	if old, dup := l.versions[e.Ref()]; dup {
		if old.Head || !e.Head {
			return nil // the same content twice (a head and its archived copy)
		}
	}
	l.versions[e.Ref()] = e
	if !e.Head {
		return nil
	}
	if prev := l.heads[e.Kind][e.ID]; prev != nil && prev.Version != e.Version {
		return Diagnostics{e.Diag(Error, "id", "%s %q is also defined in %s:%d", e.Kind, e.ID, prev.File, prev.Line)}
	}
	l.heads[e.Kind][e.ID] = e
	return nil
}

func (l *Library) addRecipes(file string, doc document) Diagnostics {
	if ds := schemaDiags(file, doc); len(ds) > 0 {
		return ds
	}
	list, _ := doc.value["recipes"].([]any)
	var ds Diagnostics
	for i, item := range list {
		field := fmt.Sprintf("recipes[%d]", i)
		b, _ := json.Marshal(item)
		var r Recipe
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		p := doc.pos.lookup(field)
		where := Diagnostic{File: file, Line: p.Line, Col: p.Col, Field: field, Severity: Error}
		if err := dec.Decode(&r); err != nil {
			where.Message = decodeMessage(err)
			ds = append(ds, where)
			continue
		}
		l.recipes = append(l.recipes, r)
		l.recipeAt = append(l.recipeAt, where)
	}
	return ds
}

// Put adds a new atom version to the library (in memory). With head it
// becomes the current version of its id.
func (l *Library) Put(a any, file string, head bool) (*Entry, error) {
	ver, err := Version(a)
	if err != nil {
		return nil, err
	}
	return l.putVersion(a, ver, file, head)
}

// PutHeads puts atoms as heads, files[i] the file of atoms[i]: Put for
// each, with their versions (a hash of each) taken on every core first.
func (l *Library) PutHeads(atoms []any, files []string) error {
	vers := make([]string, len(atoms))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, a := range atoms {
		g.Go(func() error {
			v, err := Version(a)
			vers[i] = v
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, a := range atoms {
		if _, err := l.putVersion(a, vers[i], files[i], true); err != nil {
			return err
		}
	}
	return nil
}

func (l *Library) putVersion(a any, ver, file string, head bool) (*Entry, error) {
	k, id := KindOf(a)
	if k == "" {
		return nil, fmt.Errorf("put: %T is not an atom", a)
	}
	e := &Entry{Kind: k, ID: id, Version: ver, File: file, Atom: a, Head: head, pos: positions{}}
	if old := l.versions[e.Ref()]; old != nil {
		e = old
	}
	l.versions[e.Ref()] = e
	if head {
		if prev := l.heads[k][id]; prev != nil && prev != e {
			prev.Head = false
		}
		e.Head = true
		l.heads[k][id] = e
	}
	return e, nil
}

// KindOf returns an atom value's kind and id.
func KindOf(a any) (Kind, string) {
	switch x := a.(type) {
	case *Server:
		return KindServer, x.ID
	case *Data:
		return KindData, x.ID
	case *Rule:
		return KindRule, x.ID
	case *Intent:
		return KindIntent, x.ID
	}
	return "", ""
}

// Head returns the current version of an atom.
func (l *Library) Head(k Kind, id string) *Entry { return l.heads[k][id] }

// Get resolves a pin: the head when the version is empty.
func (l *Library) Get(k Kind, p Pin) (*Entry, error) {
	if p.Version == "" {
		if e := l.heads[k][p.ID]; e != nil {
			return e, nil
		}
		return nil, fmt.Errorf("no %s atom %q", k, p.ID)
	}
	if e := l.versions[fmt.Sprintf("%s/%s@%s", k, p.ID, p.Version)]; e != nil {
		return e, nil
	}
	if l.heads[k][p.ID] == nil {
		return nil, fmt.Errorf("no %s atom %q", k, p.ID)
	}
	return nil, fmt.Errorf("no version %s of %s atom %q", p.Version, k, p.ID)
}

// Heads lists the current atoms of a kind, sorted by id.
func (l *Library) Heads(k Kind) []*Entry {
	out := make([]*Entry, 0, len(l.heads[k]))
	for _, e := range l.heads[k] {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Versions lists every version of an atom: the head last, the others in
// lineage order where lineage says, else by file.
func (l *Library) Versions(k Kind, id string) []*Entry {
	var out []*Entry
	for _, e := range l.versions {
		if e.Kind == k && e.ID == id {
			out = append(out, e)
		}
	}
	sortVersions(out)
	return out
}

// VersionsOf returns the versions of every atom of kind k by id, each list
// ordered as Versions orders it, in one pass over the library (Versions
// for every id of a large library walks it once per id).
func (l *Library) VersionsOf(k Kind) map[string][]*Entry {
	out := map[string][]*Entry{}
	for _, e := range l.versions {
		if e.Kind == k {
			out[e.ID] = append(out[e.ID], e)
		}
	}
	for _, vs := range out {
		sortVersions(vs)
	}
	return out
}

// sortVersions orders an atom's versions: earlier ones by round, then
// file, and the head last.
func sortVersions(out []*Entry) {
	sort.Slice(out, func(i, j int) bool {
		if out[i].Head != out[j].Head {
			return !out[i].Head
		}
		li, lj := LineageOf(out[i].Atom), LineageOf(out[j].Atom)
		ri, rj := 0, 0
		if li != nil {
			ri = li.Round
		}
		if lj != nil {
			rj = lj.Round
		}
		if ri != rj {
			return ri < rj
		}
		return out[i].File < out[j].File
	})
}

// ServerFor returns the head server atom that serves app.
func (l *Library) ServerFor(app string) *Entry {
	if e := l.heads[KindServer][app]; e != nil && e.MustServer().AppName() == app {
		return e
	}
	for _, e := range l.Heads(KindServer) {
		if e.MustServer().AppName() == app {
			return e
		}
	}
	return nil
}

// Recipes returns the environment recipes as written (versions may be empty).
func (l *Library) Recipes() []Recipe { return append([]Recipe(nil), l.recipes...) }

// SetRecipes replaces the recipes (synthesis and evolution use it).
func (l *Library) SetRecipes(rs []Recipe) {
	l.recipes = append([]Recipe(nil), rs...)
	l.recipeAt = make([]Diagnostic, len(rs))
}

// RecipeOrigin returns where recipe i was written, for diagnostics.
func (l *Library) RecipeOrigin(i int) Diagnostic {
	if i < len(l.recipeAt) {
		return l.recipeAt[i]
	}
	return Diagnostic{File: "(recipes)", Field: fmt.Sprintf("recipes[%d]", i), Severity: Error}
}

// Derived returns the value the library keeps under key, made by mk on the
// first call. Packages above atom keep here what they compute from the
// library's atoms alone (compiled tool schemas, CEL programs), so that such
// a cache lives as long as the library and no longer. Clones share it:
// atoms are never edited in place, so what was derived from an atom holds
// for every library that has it. key should be a value of an unexported
// type of the calling package, as with context.WithValue. A library not
// made by NewLibrary, Load or Clone keeps nothing: mk runs every time.
func (l *Library) Derived(key any, mk func() any) any {
	if l.derived == nil {
		return mk()
	}
	if v, ok := l.derived.Load(key); ok {
		return v
	}
	v, _ := l.derived.LoadOrStore(key, mk())
	return v
}

// walkFiles lists in order the files of fsys that keep accepts, leaving out
// folders whose name starts with a dot (.git and the like).
func walkFiles(fsys fs.FS, keep func(p string, d fs.DirEntry) bool) ([]string, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if keep(p, d) {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// idPattern is the pattern of an atom id in schema/common.schema.json (a
// test holds the two equal). An id that matches it is one path element:
// no separator, no leading dot, so importers can name files by ids.
const idPattern = `^[a-z0-9][a-z0-9_.-]{0,127}$`

var idRE = regexp.MustCompile(idPattern)

// CheckID reports whether id is a valid atom id, with a message that says
// what an id may hold.
func CheckID(id string) error {
	if !idRE.MatchString(id) {
		return fmt.Errorf("%q is not an atom id (1 to 128 lower-case letters, digits, _ . -, starting with a letter or digit)", id)
	}
	return nil
}
