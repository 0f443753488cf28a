package episode

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/internal/testlib"
)

// A second composition reuses each tool's compiled schema and effect, yet
// gets Tool values of its own that behave like the first. The cache is the
// library's: a clone shares it, a library loaded again compiles afresh.
func TestToolCacheSharesCompiledParts(t *testing.T) {
	lib := testlib.Example(t)
	r := lib.Recipes()[0]
	a, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Tools()) == 0 || len(a.Tools()) != len(b.Tools()) {
		t.Fatalf("%d and %d tools", len(a.Tools()), len(b.Tools()))
	}
	for i, ta := range a.Tools() {
		tb := b.Tools()[i]
		if ta == tb {
			t.Errorf("%s: the two compositions share one Tool value", ta.Name)
		}
		if ta.schema != tb.schema || ta.Name != tb.Name || string(ta.raw) != string(tb.raw) || ta.Server != tb.Server {
			t.Errorf("%s: cached parts differ", ta.Name)
		}
	}
	call := ToolCall{Name: "helpdesk_update_ticket", Args: json.RawMessage(`{"id":"T-1001","status":"bogus"}`)}
	for _, env := range []*Env{a, b} {
		s, _ := NewSession(env, SessionOptions{})
		if o := s.Call(call); !o.IsError {
			t.Errorf("a cached schema accepts a bad enum: %s", o.Content)
		}
		extra := ToolCall{Name: "helpdesk_update_ticket", Args: json.RawMessage(`{"id":"T-1001","no_such_argument":1}`)}
		if o := s.Call(extra); !o.IsError {
			t.Errorf("a cached tool takes an argument it does not declare: %s", o.Content)
		}
		ok := ToolCall{Name: "helpdesk_update_ticket", Args: json.RawMessage(`{"id":"T-1001","status":"pending"}`)}
		if o := s.Call(ok); o.IsError {
			t.Errorf("a cached tool fails: %s", o.Content)
		}
	}
	c, err := Compose(lib.Clone(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Compose(testlib.Example(t), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, ta := range a.Tools() {
		if c.Tools()[i].schema != ta.schema {
			t.Errorf("%s: a clone of the library compiles its tools again", ta.Name)
		}
		if d.Tools()[i].schema == ta.schema {
			t.Errorf("%s: another library shares the first one's compiled schema", ta.Name)
		}
	}
}

func TestParseSpecMatchesParse(t *testing.T) {
	lc := newLibCache()
	for _, s := range []string{"person.email", "amount(10,500)", "oneof(a|b)", "date(-3d,0d)", "nope", "int(5,1)", "text("} {
		for round := 0; round < 2; round++ {
			w, werr := gen.Parse(s)
			g, gerr := lc.parseSpec(s)
			if (werr == nil) != (gerr == nil) || w.Name != g.Name || len(w.Args) != len(g.Args) {
				t.Errorf("%q: %+v %v, want %+v %v", s, g, gerr, w, werr)
			}
		}
	}
}

// usedSlots finds slots in the instruction, the goal and the plan, and a
// second call gives the cached answer of the same atom.
func TestUsedSlots(t *testing.T) {
	lc := newLibCache()
	in := &atom.Intent{
		Instruction: "Reply to {{who}}",
		Goal:        []assert.Assertion{{Type: assert.Exists, Target: "mail.messages", Where: assert.Where{{Field: "to", Op: assert.OpEquals, Value: "{{who.email}}"}}}},
		Plan:        []atom.PlanCall{{Tool: "mail_send", Args: map[string]any{"subject": "{{topic}}"}}},
	}
	for round := 0; round < 2; round++ {
		if got := lc.usedSlots("reply@v1", in); !slices.Equal(got, []string{"topic", "who"}) {
			t.Fatalf("round %d: %v", round, got)
		}
	}
	if got := lc.usedSlots("plain@v1", &atom.Intent{Instruction: "no slots"}); len(got) != 0 {
		t.Fatalf("slots in a plain intent: %v", got)
	}
	// An intent made during composition is never answered from the cache.
	if got := lc.usedSlots("", &atom.Intent{Instruction: "{{x}}"}); !slices.Equal(got, []string{"x"}) {
		t.Fatalf("uncached: %v", got)
	}
}

// Every kind the loader accepts has an implementation, and a second
// registration of a kind is refused.
func TestEffectRegistry(t *testing.T) {
	for _, k := range atom.EffectKindNames() {
		if effectImpls[k] == nil {
			t.Errorf("kind %s has no implementation", k)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("registering create twice did not panic")
		}
	}()
	RegisterEffect("create", "again", newCreate)
}

// The tool cache is keyed by the server's version: a new version of a
// server, put into the library, gets its tools built from its own content.
func TestToolCacheFollowsServerVersion(t *testing.T) {
	lib := testlib.Example(t)
	r := lib.Recipes()[0]
	a, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	head := lib.Head(atom.KindServer, "helpdesk")
	if head == nil {
		t.Fatal("no helpdesk server")
	}
	b, _ := json.Marshal(head.MustServer())
	var s atom.Server
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(s.Tools, func(tl atom.Tool) bool { return tl.Name == "helpdesk_update_ticket" })
	if i < 0 {
		t.Fatal("no helpdesk_update_ticket")
	}
	s.Tools[i].Input["description"] = "a new version"
	if _, err := lib.Put(&s, head.File, true); err != nil {
		t.Fatal(err)
	}
	c, err := Compose(lib, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	old, fresh := a.toolByKey["helpdesk_update_ticket"], c.toolByKey["helpdesk_update_ticket"]
	if old == nil || fresh == nil || fresh.schema == old.schema || !strings.Contains(string(fresh.raw), "a new version") {
		t.Errorf("the new version's tool was not built from its content: %v, %v", old != nil, fresh != nil)
	}
}
