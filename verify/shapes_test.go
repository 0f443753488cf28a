package verify

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// The readings of cel expressions belong to the library an environment was
// composed from: two environments of one library share a reading, a second
// library reads afresh, and an environment of no library still reads.
func TestShapesBelongToTheLibrary(t *testing.T) {
	const expr = `state["mail"]["messages"].exists(r, r.subject == "A")`
	lib, other := loadFixture(t, "planner_reads"), loadFixture(t, "planner_reads")
	compose := func(lib *atom.Library) *episode.Env {
		env, err := episode.Compose(lib, lib.Recipes()[0], episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return env
	}
	one, two, three := compose(lib), compose(lib), compose(other)
	first := facts.ShapeOf(one, expr)
	if first == nil || first.Target != "mail.messages" {
		t.Fatalf("read %+v, want a reading of mail.messages", first)
	}
	if facts.ShapeOf(two, expr) != first {
		t.Error("two environments of one library read the same expression twice")
	}
	if facts.ShapeOf(three, expr) == first {
		t.Error("a second library shares the first's readings")
	}
	if sh := facts.ShapeOf(&episode.Env{}, expr); sh == nil || sh == first {
		t.Errorf("an environment of no library read %p, want a fresh reading", sh)
	}
}

// Checks returns a copy: changing it leaves the verifier's table alone.
func TestChecksIsACopy(t *testing.T) {
	cs := Checks()
	if len(cs) != len(checkTable) || cs[0].Name != "compose" {
		t.Fatalf("Checks() = %d checks starting %q, want %d starting compose", len(cs), cs[0].Name, len(checkTable))
	}
	cs[0].Name, cs[0].Run = "changed", nil
	if checkTable[0].Name != "compose" || checkTable[0].Run == nil || Checks()[0].Name != "compose" {
		t.Fatal("changing Checks()'s result changed the table")
	}
}
