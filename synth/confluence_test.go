package synth

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestConfluenceAsTheProduct synthesises Confluence worlds: a draft page,
// never published, is at its first version; a global space's key is a
// short word of capitals made from its name, a personal space's ~ and a
// number, a personal space is named by its owner and described as theirs,
// not a customer's, and every page is in a space of the world; coherence finds no
// rule broken in them.
func TestConfluenceAsTheProduct(t *testing.T) {
	drafts, pages, keys := 0, 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "confluence")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			spaces := map[string]bool{}
			for _, sp := range d.Records["confluence"]["spaces"] {
				k := state.Text(sp["key"])
				spaces[k] = true
				keys++
				switch state.Text(sp["type"]) {
				case "personal":
					if !strings.HasPrefix(k, "~") {
						t.Errorf("%s: personal space %q has key %q, not ~ and its owner's", d.ID, sp["name"], k)
					}
					personalOfItsOwner(t, d.ID, sp)
				default:
					if !teamKeyRE.MatchString(k) || !strings.HasPrefix(k, atom.KeyPrefix(state.Text(sp["name"]))[:1]) {
						t.Errorf("%s: space %q has key %q, not a short word of capitals made from its name", d.ID, sp["name"], k)
					}
				}
			}
			for _, p := range d.Records["confluence"]["pages"] {
				pages++
				if !spaces[state.Text(p["space_key"])] {
					t.Errorf("%s: page %v is in space %v, which is no space", d.ID, p["id"], p["space_key"])
				}
				if state.Text(p["status"]) != "draft" {
					continue
				}
				drafts++
				if v, _ := state.Number(p["version"]); v != 1 {
					t.Errorf("%s: draft page %v %q is at version %v, not 1", d.ID, p["id"], p["title"], p["version"])
				}
			}
		}
	}
	t.Logf("%d pages, %d of them drafts; %d spaces", pages, drafts, keys)
	if drafts < 3 || keys < 5 {
		t.Errorf("%d drafts drawn of %d pages, want more", drafts, pages)
	}
}

// personalOfItsOwner checks a personal space is one person's: named by
// its owner, described as theirs, of no customer or team.
func personalOfItsOwner(t *testing.T, id string, sp map[string]any) {
	t.Helper()
	if !coherence.FitsRole(atom.RolePersonName, sp["name"]) {
		t.Errorf("%s: personal space %q is not named by its owner", id, sp["name"])
	}
	if desc := state.Text(sp["description"]); len(gen.CompaniesNamed(desc)) > 0 || strings.Contains(desc, "our team coordinate") {
		t.Errorf("%s: personal space %q is described for a customer or a team: %q", id, sp["name"], desc)
	}
}

// TestPersonalSpacesOfTheirOwners synthesises Confluence worlds whose
// tasks set no space's type, so that personal spaces are drawn among the
// global ones: each is named by its owner, one of the company's people,
// and described as theirs (not "proj-summit", "Where Summit Analytics and
// our team coordinate proj-summit"); a space a task names keeps its name
// and is global; coherence finds no rule broken.
func TestPersonalSpacesOfTheirOwners(t *testing.T) {
	src, err := os.ReadFile("../corpus/builtin/servers/confluence.yaml")
	if err != nil {
		t.Fatal(err)
	}
	typeArg := "        type: {type: string, enum: [global, personal], description: Type}\n"
	if !strings.Contains(string(src), typeArg) {
		t.Fatal("the Confluence tools take no space type")
	}
	noType := strings.NewReplacer(typeArg, "", "        - {arg: type, op: equals}\n", "").Replace(string(src))
	lib, ds, err := atom.Load(fstest.MapFS{"servers/confluence.yaml": {Data: []byte(noType)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) > 0 || lib.ServerFor("confluence") == nil {
		t.Fatalf("the Confluence server without its type arguments: %v", ds)
	}
	server := lib.ServerFor("confluence").MustServer()
	servers := map[string]*atom.Server{"confluence": server}
	personal, global := 0, 0
	for _, seed := range []int64{55, 7} {
		c, err := Synthesize(lib, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			named := map[string]bool{}
			for _, h := range d.Handles {
				if h.Collection == "spaces" {
					named[h.Key] = true
				}
			}
			for _, sp := range d.Records["confluence"]["spaces"] {
				if state.Text(sp["type"]) != "personal" {
					global++
					continue
				}
				personal++
				personalOfItsOwner(t, d.ID, sp)
				if named[state.Text(sp["key"])] && !coherence.FitsRole(atom.RolePersonName, sp["name"]) {
					t.Errorf("%s: the space %q a task names is personal", d.ID, sp["name"])
				}
			}
		}
	}
	t.Logf("%d personal spaces, %d global", personal, global)
	if personal < 5 || global < 5 {
		t.Errorf("%d personal spaces and %d global drawn, want more of each", personal, global)
	}
}
