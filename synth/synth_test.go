package synth

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/internal/testlib"
)

var update = flag.Bool("update", false, "rewrite golden files")

func builtinServers(t testing.TB) *atom.Library { return testlib.Builtin(t) }

func TestNames(t *testing.T) {
	for _, c := range []struct {
		in, words, singular, title string
	}{
		{"toRecipients", "to recipients", "to recipient", "To Recipients"},
		{"requester_email", "requester email", "requester email", "Requester Email"},
		{"activities", "activities", "activity", "Activities"},
		{"OPPORTUNITY_NAME", "opportunity name", "opportunity name", "Opportunity Name"},
		{"google_calendar", "google calendar", "google calendar", "Google Calendar"},
		{"hubspot", "hubspot", "hubspot", "HubSpot"},
		{"mailboxes", "mailboxes", "mailbox", "Mailboxes"},
		{"sys_user", "sys user", "sys user", "Sys User"},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := human(c.in); got != c.words {
				t.Errorf("human(%q) = %q, want %q", c.in, got, c.words)
			}
			if got := singular(c.in); got != c.singular {
				t.Errorf("singular(%q) = %q, want %q", c.in, got, c.singular)
			}
			if got := productTitle(c.in); got != c.title {
				t.Errorf("productTitle(%q) = %q, want %q", c.in, got, c.title)
			}
		})
	}
}

const rolesServer = `kind: server
id: deskly
family: helpdesk
collections:
  - name: tickets
    id_prefix: TK-
    fields:
      subject: {type: string}
      requester_email: {type: string, format: email}
      status: {type: string, enum: [new, open, pending, solved]}
      tags: {type: array, items: string}
      organization_id: {type: string}
      total_due: {type: number}
      unread_count: {type: integer}
      escalated: {type: boolean}
      created_at: {type: string, format: date-time}
      description: {type: string}
  - name: organizations
    fields:
      name: {type: string}
      domain: {type: string}
  - name: messages
    fields:
      toRecipients: {type: array, items: string}
      from: {type: string, format: email}
      subject: {type: string}
      body: {type: string}
      isDraft: {type: boolean}
tools:
  - name: deskly_find_tickets
    description: Find tickets.
    input: {type: object, properties: {subject: {type: string}}}
    effect: {kind: search, collection: tickets}
  - name: deskly_send
    description: Send a message.
    input: {type: object, properties: {toRecipients: {type: array, items: {type: string}}, subject: {type: string}, body: {type: string}}}
    effect: {kind: create, collection: messages, set: {from: me@deskly.example, labels: [SENT], isDraft: false}}
`

func TestFieldRoles(t *testing.T) {
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(rolesServer)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds.Err())
	}
	m := newAppModel(lib.Head(atom.KindServer, "deskly"), nil)
	tk := m.byName["tickets"]
	for _, c := range []struct{ role, got, want string }{
		{"display", tk.display, "subject"},
		{"email", tk.email, "requester_email"},
		{"amount", tk.amount, "total_due"},
		{"text", tk.text, "description"},
		{"key", tk.key, "id"},
		{"prefix", tk.prefix, "TK-"},
		{"list", strings.Join(tk.lists, ","), "tags"},
		{"bools", strings.Join(tk.bools, ","), "escalated"},
		{"dates", strings.Join(tk.dates, ","), "created_at"},
		{"ints", strings.Join(tk.ints, ","), "unread_count"},
		{"enum", tk.enums[0].name + "=" + strings.Join(tk.enums[0].values, "|"), "status=new|open|pending|solved"},
		{"ref", tk.refs[0].name + "->" + tk.refs[0].target.name, "organization_id->organizations"},
		{"org display", m.byName["organizations"].display, "name"},
		{"recipients", m.byName["messages"].emailList, "toRecipients"},
	} {
		t.Run(c.role, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("%s = %q, want %q", c.role, c.got, c.want)
			}
		})
	}
	if !tk.exposed() || m.byName["organizations"].exposed() {
		t.Errorf("exposed: tickets %v (want true), organizations %v (want false)", tk.exposed(), m.byName["organizations"].exposed())
	}
	d, to, subj := messageTarget(m)
	if d == nil || to != "toRecipients" || subj != "subject" {
		t.Fatalf("messageTarget = %v %q %q", d, to, subj)
	}
	// from is the sender, not a marker; labels is not a field of the collection.
	if mk := d.sentMarker(); len(mk) != 1 || mk["isDraft"] != false {
		t.Errorf("sentMarker = %v, want {isDraft: false}", mk)
	}
}

// corpusJSON renders every synthesised atom and recipe, for comparisons.
func corpusJSON(t *testing.T, c *Corpus) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"data": c.Data, "rules": c.Rules, "intents": c.Intents, "recipes": c.Recipes})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSynthesisDeterministic(t *testing.T) {
	needWholeCorpus(t)
	src := builtinServers(t)
	opt := Options{Seed: 7, Size: 0.3, Variants: 2}
	a, err := Synthesize(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Synthesize(src, opt)
	if !bytes.Equal(corpusJSON(t, a), corpusJSON(t, b)) {
		t.Fatal("the same seed gave two corpora")
	}
	opt.Seed = 8
	c, _ := Synthesize(src, opt)
	if bytes.Equal(corpusJSON(t, a), corpusJSON(t, c)) {
		t.Fatal("seeds 7 and 8 gave the same corpus")
	}
}

// TestExampleGolden synthesises over the example library's three servers;
// the golden file shows what the templates make of them. Run with -update
// after an intended change.
func TestExampleGolden(t *testing.T) {
	src := testlib.Example(t)
	c, err := Synthesize(src, Options{Seed: 1, Variants: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for _, a := range append(append(append([]any{}, anys(c.Intents)...), anys(c.Rules)...), anys(c.Data)...) {
		b, err := atom.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		buf.WriteString("---\n")
		buf.Write(b)
	}
	b, err := atom.MarshalRecipes(c.Recipes)
	if err != nil {
		t.Fatal(err)
	}
	buf.WriteString("---\n")
	buf.Write(b)
	golden := filepath.Join("testdata", "example.golden.yaml")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("synthesis over the example servers changed; diff against %s (go test -run TestExampleGolden -update)", golden)
	}
	// The golden corpus is a library the loader accepts.
	lib, ds, err := atom.Load(fstest.MapFS{"servers.yaml": {Data: mustServers(t, src)}, "corpus.yaml": {Data: buf.Bytes()}})
	if err != nil || ds.HasErrors() {
		t.Fatalf("golden corpus does not load: %v %v", err, ds.Err())
	}
	if n := len(lib.Recipes()); n != len(c.Recipes) {
		t.Fatalf("golden corpus has %d recipes, want %d", n, len(c.Recipes))
	}
}

func anys[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func mustServers(t *testing.T, lib *atom.Library) []byte {
	var buf bytes.Buffer
	for _, e := range lib.Heads(atom.KindServer) {
		b, err := atom.Marshal(e.Atom)
		if err != nil {
			t.Fatal(err)
		}
		buf.WriteString("---\n")
		buf.Write(b)
	}
	return buf.Bytes()
}

// FuzzSynthesize feeds synthesis server atoms it has never seen: whatever
// loads must synthesise without a panic, into atoms that validate.
func FuzzSynthesize(f *testing.F) {
	f.Add([]byte(rolesServer))
	ex, _ := corpus.Example().Open("servers/crm.yaml")
	if ex != nil {
		var buf bytes.Buffer
		buf.ReadFrom(ex)
		ex.Close()
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, _, err := atom.Load(fstest.MapFS{"s.yaml": {Data: data}})
		if err != nil || len(lib.Heads(atom.KindServer)) == 0 {
			return
		}
		c, err := Synthesize(lib, Options{Seed: 1, Variants: 1})
		if err != nil {
			return
		}
		out, err := c.Library()
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []atom.Kind{atom.KindData, atom.KindRule, atom.KindIntent} {
			for _, e := range out.Heads(k) {
				if ds := atom.ValidateEntry(e); ds.HasErrors() {
					t.Fatalf("%s: %v", e.Ref(), ds.Err())
				}
			}
		}
	})
}

var singleApp struct {
	once sync.Once
	c    *Corpus
	err  error
}

// singleAppCorpus synthesises, once for the tests that read it, every
// built-in server's single-app bundles: no pairs, no workflows.
func singleAppCorpus(t *testing.T) *Corpus {
	t.Helper()
	singleApp.once.Do(func() {
		singleApp.err = errors.New("the built-in servers did not load") // until they do
		singleApp.c, singleApp.err = Synthesize(builtinServers(t), Options{Seed: 1, Partners: 1, Workflows: -1})
	})
	if singleApp.err != nil {
		t.Fatal(singleApp.err)
	}
	return singleApp.c
}

// TestBulkGroupsHoldOnlyTheirMembers: a bulk task names every record of
// its group, so no other record of the data (another task's record, a
// look-alike of a member) may hold the value that selects the group.
func TestBulkGroupsHoldOnlyTheirMembers(t *testing.T) {
	// Single-app bundles are where bulk tasks live.
	c := singleAppCorpus(t)
	data := map[string]*atom.Data{}
	for _, d := range c.Data {
		data[d.ID] = d
	}
	intents := map[string]*atom.Intent{}
	for _, in := range c.Intents {
		intents[in.ID] = in
	}
	checked := 0
	for _, r := range c.Recipes {
		in := intents[r.Intent.ID]
		if in == nil || in.Family != famBulk {
			continue
		}
		for _, a := range in.Goal {
			if a.Type != assert.Count || a.Bound.Min == nil || !literalWhere(a.Where) {
				continue
			}
			app, coll, _ := strings.Cut(a.Target, ".")
			n := 0
			for _, rec := range data[r.Data.ID].Records[app][coll] {
				if holdsAll(rec, a.Where) {
					n++
				}
			}
			checked++
			if n != *a.Bound.Min {
				t.Errorf("%s over %s: %d records of %s hold %v, want its %d members", in.ID, r.Data.ID, n, a.Target, a.Where, *a.Bound.Min)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d bulk groups selected by a value; the test reads too little", checked)
	}
}

// literalWhere reports whether every predicate compares a field with a
// written string (no slot reference, no list value).
func literalWhere(w assert.Where) bool {
	for _, p := range w {
		s, ok := p.Value.(string)
		if p.Op != assert.OpEquals || !ok || strings.Contains(s, "{{") {
			return false
		}
	}
	return len(w) > 0
}

// holdsAll reports whether rec matches every predicate of w: the field
// equals the value, or a list field holds it.
func holdsAll(rec map[string]any, w assert.Where) bool {
	for _, p := range w {
		v := rec[p.Field]
		if l, ok := v.([]any); ok {
			if !slices.Contains(l, any(p.Value)) {
				return false
			}
		} else if v != p.Value {
			return false
		}
	}
	return true
}

// TestLookAlikesHaveTheirOwnAddress: a look-alike is the same name at
// another company; sharing the original's address would make the two one
// person, and a task naming them by it ambiguous.
func TestLookAlikesHaveTheirOwnAddress(t *testing.T) {
	c := singleAppCorpus(t)
	named := 0
	for _, d := range c.Data {
		for _, h := range d.Handles {
			recs := d.Records[h.App][h.Collection]
			var addr any
			for _, r := range recs {
				if hasKey(r, h.Key) {
					addr = r["email"]
				}
			}
			if s, ok := addr.(string); !ok || s == "" {
				continue
			}
			named++
			same := 0
			for _, r := range recs {
				if r["email"] == addr {
					same++
				}
			}
			if same > 1 {
				t.Errorf("%s: %d records of %s.%s have the address %v", d.ID, same, h.App, h.Collection, addr)
			}
		}
	}
	if named < 100 {
		t.Fatalf("only %d named records with an address; the test reads too little", named)
	}
}

// hasKey reports whether an id-like field of rec holds key.
func hasKey(rec map[string]any, key string) bool {
	for f, v := range rec {
		l := strings.ToLower(f)
		if (strings.HasSuffix(l, "id") || strings.HasSuffix(l, "key")) && fmt.Sprint(v) == key {
			return true
		}
	}
	return false
}

// needWholeCorpus skips a test that synthesises every built-in server
// unless the fullcorpus tag is on: .ci/run runs each by name with the tag
// (TestWholeCorpusTestsRunInCI).
func needWholeCorpus(t *testing.T) {
	t.Helper()
	if !wholeCorpus {
		t.Skip("synthesises every built-in server: run with -tags fullcorpus (.ci/run)")
	}
}

// TestWholeCorpusTestsRunInCI: every test left out of 'go test ./...' for
// synthesising every built-in server is named in .ci/run's fullcorpus
// run, so none is left out of CI as well.
func TestWholeCorpusTestsRunInCI(t *testing.T) {
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	skipped := regexp.MustCompile(`func (Test\w+)\(t \*testing\.T\) \{\n\tneedWholeCorpus\(t\)`)
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range skipped.FindAllSubmatch(src, -1) {
			n++
			if !bytes.Contains(ci, m[1]) {
				t.Errorf("%s (%s) needs the whole corpus, and .ci/run's fullcorpus run does not name it", m[1], f)
			}
		}
	}
	if n == 0 {
		t.Error("no test needs the whole corpus; the pattern that finds them is wrong")
	}
}

// TestSentMarkerAsksNoStandIn: the constants a send tool stamps that tell
// a sent message from a draft are values a goal can ask for; one the
// session finds as the tool runs (Fastmail files a sent email in the
// mailbox whose role is sent, "$held:role=sent") is none of them, while a
// keyword written as it is ($seen) is.
func TestSentMarkerAsksNoStandIn(t *testing.T) {
	m := newAppModel(builtinServers(t).Head(atom.KindServer, "fastmail"), nil)
	mk := m.byName["emails"].sentMarker()
	if _, ok := mk["mailboxIds"]; ok || mk["keywords"] != "$seen" {
		t.Errorf("sentMarker = %v, want keywords $seen and no mailboxIds", mk)
	}
}
