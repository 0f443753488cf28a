package atom

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/legoenv/legoenv/internal/jsontree"
)

// Marshal renders an atom as one YAML document: fields in the order the Go
// type declares them (kind and id first), map keys sorted, short leaf lists
// and maps in flow style, multi-line strings as literal blocks. Loading the
// result gives the same version.
func Marshal(a any) ([]byte, error) {
	if k, _ := KindOf(a); k == "" {
		return nil, fmt.Errorf("marshal: %T is not an atom", a)
	}
	if d, ok := a.(*Data); ok {
		return marshalData(d)
	}
	return marshalYAML(a)
}

// MarshalRecipes renders recipes as one "kind: environments" document.
func MarshalRecipes(rs []Recipe) ([]byte, error) {
	if rs == nil {
		rs = []Recipe{}
	}
	return marshalYAML(struct {
		Kind    string   `json:"kind"`
		Recipes []Recipe `json:"recipes"`
	}{"environments", rs})
}

func marshalYAML(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := jsonNode(dec)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	var rows map[*yaml.Node]bool
	if k, _ := KindOf(v); k == KindData {
		rows = rowsOfData(n)
	}
	out, err := encodeYAML(n, rows)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	return out, nil
}

// rowsOfData finds the record lists of a data atom's node (records, then
// app, then collection) and sets in flow style each record with no line
// break in its text. A record is a row of a table: written on one line it
// reads and diffs as one, and is written at JSON's speed (encodeYAML). A
// record with a multi-line text keeps its block, where the text reads as
// written.
func rowsOfData(n *yaml.Node) map[*yaml.Node]bool {
	rows := map[*yaml.Node]bool{}
	for _, apps := range mappingValues(n, "records") {
		for _, app := range mappingValues(apps, "") {
			for _, coll := range mappingValues(app, "") {
				if coll.Kind != yaml.SequenceNode {
					continue
				}
				rows[coll] = true
				for _, rec := range coll.Content {
					if rec.Kind == yaml.MappingNode && !hasLineBreak(rec) {
						rec.Style = yaml.FlowStyle
					}
				}
			}
		}
	}
	return rows
}

// mappingValues returns the values of a mapping node: the one under key,
// or every value when key is "".
func mappingValues(n *yaml.Node, key string) []*yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	var out []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if key == "" || n.Content[i].Value == key {
			out = append(out, n.Content[i+1])
		}
	}
	return out
}

// hasLineBreak reports whether a string under n holds a line break.
func hasLineBreak(n *yaml.Node) bool {
	if n.Kind == yaml.ScalarNode {
		return strings.ContainsAny(n.Value, "\n\r")
	}
	return slices.ContainsFunc(n.Content, hasLineBreak)
}

// jsonNode turns the next JSON value of dec into a YAML node, keeping the
// key order of the JSON (which is the Go field order).
func jsonNode(dec *json.Decoder) (*yaml.Node, error) { return yamlTree.Read(dec) }

// yamlTree builds YAML nodes from JSON: an assertion's keys in the written
// order, short collections on one line.
var yamlTree = jsontree.Builder[*yaml.Node]{
	Object: func(keys []string, vals []*yaml.Node) (*yaml.Node, error) {
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for i, key := range keys {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, vals[i])
		}
		assertionOrder(n)
		flowIfShort(n)
		return n, nil
	},
	Array: func(items []*yaml.Node) (*yaml.Node, error) {
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
		flowIfShort(n)
		return n, nil
	},
	Scalar: yamlScalar,
}

// yamlScalar is the YAML node of a JSON string, number, bool or null.
func yamlScalar(tok json.Token) (*yaml.Node, error) {
	switch t := tok.(type) {
	case string:
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}
		if strings.Contains(t, "\n") && !strings.HasPrefix(t, " ") && !strings.ContainsAny(t, "\r\t") && !hasTrailingSpace(t) {
			n.Style = yaml.LiteralStyle
		} else if strings.Contains(t, "\n") || strings.ContainsAny(t, "\r\t") {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n, nil
	case json.Number:
		tag := "!!int"
		if strings.ContainsAny(t.String(), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// assertionKeys is the order people write an assertion's keys in: its type
// (which names the target) first, the label last.
var assertionKeys = []string{"exists", "not_exists", "count", "called", "not_called", "cel", "where", "bound", "negative", "label"}

// assertionOrder puts the keys of a mapping that is an assertion in the
// written order; JSON gives them sorted.
func assertionOrder(n *yaml.Node) {
	rank := map[string]int{}
	for i, k := range assertionKeys {
		rank[k] = i
	}
	typed := false
	for i := 0; i < len(n.Content); i += 2 {
		r, ok := rank[n.Content[i].Value]
		if !ok {
			return
		}
		typed = typed || r < 6
	}
	if !typed {
		return
	}
	pairs := make([][2]*yaml.Node, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		pairs = append(pairs, [2]*yaml.Node{n.Content[i], n.Content[i+1]})
	}
	sort.SliceStable(pairs, func(i, j int) bool { return rank[pairs[i][0].Value] < rank[pairs[j][0].Value] })
	n.Content = n.Content[:0]
	for _, p := range pairs {
		n.Content = append(n.Content, p[0], p[1])
	}
}

func hasTrailingSpace(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") {
			return true
		}
	}
	return false
}

// flowIfShort writes a map or list of plain scalars on one line when it is
// short, as people write field declarations ({type: string}) by hand.
func flowIfShort(n *yaml.Node) {
	if len(n.Content) == 0 {
		n.Style = yaml.FlowStyle
		return
	}
	width := 0
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode || c.Style != 0 {
			return
		}
		width += len(c.Value) + 2
	}
	if width <= 60 {
		n.Style = yaml.FlowStyle
	}
}

// Clone returns a copy of the library that can take new versions (Put) and
// recipes without changing l. Atom values are shared: callers that change
// an atom put a changed copy, never edit one in place.
func (l *Library) Clone() *Library {
	c := &Library{Dir: l.Dir, heads: map[Kind]map[string]*Entry{}, versions: make(map[string]*Entry, len(l.versions)), derived: l.derived}
	copies := make(map[*Entry]*Entry, len(l.versions))
	dup := func(e *Entry) *Entry {
		if ce, ok := copies[e]; ok {
			return ce
		}
		ce := *e
		copies[e] = &ce
		return &ce
	}
	for ref, e := range l.versions {
		c.versions[ref] = dup(e)
	}
	for k, m := range l.heads {
		c.heads[k] = make(map[string]*Entry, len(m))
		for id, e := range m {
			c.heads[k][id] = dup(e)
		}
	}
	for _, k := range Kinds() {
		if c.heads[k] == nil {
			c.heads[k] = map[string]*Entry{}
		}
	}
	c.recipes = append([]Recipe(nil), l.recipes...)
	c.recipeAt = append([]Diagnostic(nil), l.recipeAt...)
	for app, ops := range l.ops {
		c.SetOperations(app, ops)
	}
	return c
}

// HistoryPath is where an earlier version of an atom is written.
func HistoryPath(k Kind, id, version string) string {
	return path.Join("history", string(k), id+"@"+version+".yaml")
}

// DefaultPath is where a head atom without a file is written.
func DefaultPath(k Kind, id string) string {
	return path.Join(string(k)+"s", id+".yaml")
}

// WriteStats says what Write did.
type WriteStats struct {
	Copied    int      // files of base written unchanged
	Rewritten []string // files of base written anew
	Added     []string // new files (new atoms, earlier versions under history/)
}

// Write writes the library l as a directory dir. base is the library l was
// loaded from (nil when there is none): its files that hold no changed atom
// and no changed recipe are copied byte for byte, comments included, or left
// alone when dir is base's own directory; a file that holds a changed head
// or recipe is rendered anew (with Marshal); every version that is not a
// head and is not already under history/ is written there, so earlier
// versions stay addressable. The change is made through a Stage: as a
// whole, or, if the process is killed, not at all until the next LoadDir
// or Write of dir finishes it.
func Write(l *Library, base fs.FS, dir string) (WriteStats, error) {
	var st WriteStats
	w := &writePlan{files: map[string]*filePlan{}, placed: map[string]bool{}}
	if base != nil {
		if err := w.readBase(base); err != nil {
			return st, err
		}
		w.placeBaseDocs(l)
	}
	w.placeNew(l)
	w.placeRecipes(l)
	return st, commitPlan(w.files, w.order, w.orig, base, dir, writesInPlace(l, base, dir), &st)
}

// writesInPlace reports whether Write's dir is the directory l was loaded
// from, base's own.
func writesInPlace(l *Library, base fs.FS, dir string) bool {
	if base == nil || l.Dir == "" {
		return false
	}
	a, err := filepath.Abs(l.Dir)
	if err != nil {
		return false
	}
	b, err := filepath.Abs(dir)
	return err == nil && a == b
}

// writePlan is what Write decides before it writes anything: the
// documents of each file, in the order the files were first named.
type writePlan struct {
	files  map[string]*filePlan
	order  []string
	orig   *Library        // the library base holds (nil: no base)
	placed map[string]bool // Ref -> given a file
}

// get is the plan of file f, made on first use.
func (w *writePlan) get(f string) *filePlan {
	p := w.files[f]
	if p == nil {
		p = &filePlan{}
		w.files[f] = p
		w.order = append(w.order, f)
	}
	return p
}

// readBase records what base holds, file by file: its files, and the
// atoms and recipes each holds at which line.
func (w *writePlan) readBase(base fs.FS) error {
	orig, _, err := Load(base)
	if err != nil {
		return fmt.Errorf("write: read base: %w", err)
	}
	w.orig = orig
	baseFiles, err := walkFiles(base, func(_ string, d fs.DirEntry) bool { return d.Type().IsRegular() })
	if err != nil {
		return fmt.Errorf("write: walk base: %w", err)
	}
	for _, f := range baseFiles {
		w.get(f).inBase = true
	}
	for _, e := range orig.versions {
		p := w.get(e.File)
		p.origDocs = append(p.origDocs, docRef{line: e.Line, entry: e})
	}
	for i := range orig.recipes {
		at := orig.RecipeOrigin(i)
		p := w.get(at.File)
		p.origDocs = append(p.origDocs, docRef{line: at.Line, recipe: i + 1})
	}
	return nil
}

// placeBaseDocs keeps each atom of l that base holds in its base file, in
// its place there: the current head, or the version itself.
func (w *writePlan) placeBaseDocs(l *Library) {
	for _, f := range w.order {
		p := w.files[f]
		sort.SliceStable(p.origDocs, func(i, j int) bool { return p.origDocs[i].line < p.origDocs[j].line })
		seenRecipes := false
		for _, d := range p.origDocs {
			switch {
			case d.recipe > 0:
				if !seenRecipes {
					p.docs = append(p.docs, docRef{recipes: true})
					seenRecipes = true
				}
			case d.entry.Head:
				cur := l.heads[d.entry.Kind][d.entry.ID]
				if cur == nil {
					continue // no longer in the library
				}
				if cur.File != "" && cur.File != f {
					continue // the head now lives elsewhere
				}
				p.docs = append(p.docs, docRef{entry: cur})
				w.placed[cur.Ref()] = true
			default:
				if cur := l.versions[d.entry.Ref()]; cur != nil && !cur.Head {
					p.docs = append(p.docs, docRef{entry: cur})
					w.placed[cur.Ref()] = true
				}
			}
		}
	}
}

// placeNew gives a file to each head base does not hold (its own, or the
// default path) and to each earlier version (under history/).
func (w *writePlan) placeNew(l *Library) {
	for _, k := range Kinds() {
		for _, e := range l.Heads(k) {
			if w.placed[e.Ref()] {
				continue
			}
			f := e.File
			if f == "" || strings.HasPrefix(f, "history/") {
				f = DefaultPath(e.Kind, e.ID)
			}
			p := w.get(f)
			p.docs = append(p.docs, docRef{entry: e})
			w.placed[e.Ref()] = true
		}
	}
	for _, ref := range slices.Sorted(maps.Keys(l.versions)) {
		e := l.versions[ref]
		if e.Head || w.placed[ref] {
			continue
		}
		f := e.File
		if !strings.HasPrefix(f, "history/") {
			f = HistoryPath(e.Kind, e.ID, e.Version)
		}
		p := w.get(f)
		p.docs = append(p.docs, docRef{entry: e})
		w.placed[ref] = true
	}
}

// placeRecipes puts each recipe back in the file it came from when the
// count is unchanged; otherwise all into the first recipes file.
func (w *writePlan) placeRecipes(l *Library) {
	recipeFile := make([]string, len(l.recipes))
	sameCount := w.orig != nil && len(w.orig.recipes) == len(l.recipes)
	first := ""
	if w.orig != nil && len(w.orig.recipes) > 0 {
		first = w.orig.RecipeOrigin(0).File
	}
	if first == "" {
		first = "environments.yaml"
		for i := range l.recipes {
			if at := l.RecipeOrigin(i); at.File != "(recipes)" && at.File != "" {
				first = at.File
				break
			}
		}
	}
	for i := range l.recipes {
		if sameCount {
			recipeFile[i] = w.orig.RecipeOrigin(i).File
		} else {
			recipeFile[i] = first
		}
	}
	for i, f := range recipeFile {
		p := w.get(f)
		p.recipes = append(p.recipes, l.recipes[i])
		if !p.hasRecipeDoc() {
			p.docs = append(p.docs, docRef{recipes: true})
		}
	}
}

// commitPlan writes the planned files through a Stage, so the library
// changes as a whole or not at all (see Stage).
func commitPlan(plan map[string]*filePlan, order []string, orig *Library, base fs.FS, dir string, inPlace bool, st *WriteStats) error {
	stage, err := NewStage(dir)
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	put := func(f string, data []byte) error {
		if err := WriteFileAtomic(stage.Path(f), data); err != nil {
			return err
		}
		stage.Move(f)
		return nil
	}
	for start := 0; start < len(order); start += renderBatch {
		batch := order[start:min(len(order), start+renderBatch)]
		rendered := renderFiles(plan, batch, orig)
		for i, f := range batch {
			p := plan[f]
			if p.copied(orig) {
				// Not an atom file (a README, a LICENSE), or one whose atoms
				// did not change: copied as is, or left alone in place.
				if !inPlace {
					data, err := readBase(base, f)
					if err != nil {
						stage.Abort()
						return err
					}
					if err := put(f, data); err != nil {
						stage.Abort()
						return err
					}
					st.Copied++
				}
				continue
			}
			if len(p.docs) == 0 && !p.inBase {
				continue
			}
			if err := rendered[i].err; err != nil {
				stage.Abort()
				return fmt.Errorf("write %s: %w", f, err)
			}
			if err := put(f, rendered[i].data); err != nil {
				stage.Abort()
				return err
			}
			if p.inBase {
				st.Rewritten = append(st.Rewritten, f)
			} else {
				st.Added = append(st.Added, f)
			}
		}
	}
	return stage.Commit()
}

// renderBatch is how many files are rendered at once, on every core,
// before they are written in order: it bounds the rendered bytes held.
const renderBatch = 64

type rendering struct {
	data []byte
	err  error
}

// renderFiles renders the files of a batch that are written from their
// atoms, in parallel; the others are left empty.
func renderFiles(plan map[string]*filePlan, batch []string, orig *Library) []rendering {
	out := make([]rendering, len(batch))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, f := range batch {
		p := plan[f]
		if p.copied(orig) || len(p.docs) == 0 && !p.inBase {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i].data, out[i].err = p.render()
		}()
	}
	wg.Wait()
	return out
}

// copied reports whether the file is taken from the base as it is: not an
// atom file, or one whose atoms did not change.
func (p *filePlan) copied(orig *Library) bool {
	return p.inBase && len(p.origDocs) == 0 || p.inBase && p.unchanged(orig)
}

type docRef struct {
	line    int
	entry   *Entry
	recipe  int  // 1 + index into the base's recipes
	recipes bool // the place of this file's environments document
}

type filePlan struct {
	inBase   bool
	origDocs []docRef // as in base
	docs     []docRef // as to be written
	recipes  []Recipe
}

func (p *filePlan) hasRecipeDoc() bool {
	for _, d := range p.docs {
		if d.recipes {
			return true
		}
	}
	return false
}

// unchanged reports whether the file would say what base says.
func (p *filePlan) unchanged(orig *Library) bool {
	var was, now []string
	var wasRecipes []Recipe
	for _, d := range p.origDocs {
		if d.entry != nil {
			was = append(was, entryKey(d.entry))
		} else {
			wasRecipes = append(wasRecipes, orig.recipes[d.recipe-1])
		}
	}
	for _, d := range p.docs {
		if d.entry != nil {
			now = append(now, entryKey(d.entry))
		}
	}
	sort.Strings(was)
	sort.Strings(now)
	if strings.Join(was, "\n") != strings.Join(now, "\n") {
		return false
	}
	a, _ := json.Marshal(wasRecipes)
	b, _ := json.Marshal(p.recipes)
	return bytes.Equal(a, b)
}

func entryKey(e *Entry) string {
	lin, _ := json.Marshal(LineageOf(e.Atom))
	return e.Ref() + " " + string(lin)
}

func (p *filePlan) render() ([]byte, error) {
	var out bytes.Buffer
	n := 0
	for _, d := range p.docs {
		var b []byte
		var err error
		if d.recipes {
			if len(p.recipes) == 0 {
				continue
			}
			b, err = MarshalRecipes(p.recipes)
		} else {
			b, err = Marshal(d.entry.Atom)
		}
		if err != nil {
			return nil, err
		}
		if n > 0 {
			out.WriteString("---\n")
		}
		out.Write(b)
		n++
	}
	return out.Bytes(), nil
}

func readBase(base fs.FS, name string) ([]byte, error) {
	data, err := fs.ReadFile(base, name)
	if err != nil {
		return nil, fmt.Errorf("write: copy %s: %w", name, err)
	}
	return data, nil
}

// WriteFileAtomic writes through a temporary file (".tmp-<name>-*" beside
// it) and a rename, so that a reader, or a process killed midway, sees the
// old file or the new one, never half of one.
func WriteFileAtomic(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-"+filepath.Base(name)+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// WriteAtomic is WriteFileAtomic for content produced by a writer (a
// report, a JSONL file).
func WriteAtomic(name string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return WriteFileAtomic(name, b.Bytes())
}

// WriteFileIn is WriteFileAtomic confined to the directory root: name is
// relative to it and every step (the folders made, the temporary file, the
// rename) goes through an os.Root, so that neither a name from outside
// input ("../../x", "/etc/x") nor a symbolic link inside root writes
// anywhere else.
func WriteFileIn(root, name string, data []byte) error {
	if !filepath.IsLocal(name) {
		return fmt.Errorf("write %s: not a path inside %s", name, root)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", root, err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return fmt.Errorf("write %s: %w", root, err)
	}
	defer r.Close()
	if dir := filepath.Dir(name); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", filepath.Join(root, name), err)
		}
	}
	tmp := filepath.Join(filepath.Dir(name), ".tmp-"+filepath.Base(name)+"-"+rand.Text())
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Join(root, name), err)
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		r.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Join(root, name), err)
	}
	if err := r.Rename(tmp, name); err != nil {
		r.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Join(root, name), err)
	}
	return nil
}
