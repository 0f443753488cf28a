package episode

import (
	"errors"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
)

// TestPinHashIsTheEnvironmentID holds Pin to what Compose pins, for recipes
// that compose and for each way a recipe can fail to.
func TestPinHashIsTheEnvironmentID(t *testing.T) {
	lib := testlib.Example(t)
	rs := lib.Recipes()
	first := rs[0]
	broken := []atom.Recipe{
		first.WithPins(atom.KindIntent, func(atom.Pin) atom.Pin { return atom.Pin{ID: "no_such_intent"} }),
		first.WithPins(atom.KindData, func(p atom.Pin) atom.Pin { return atom.Pin{ID: p.ID, Version: "0000"} }),
		first.WithPins(atom.KindRule, func(atom.Pin) atom.Pin { return atom.Pin{ID: "no_such_rule"} }),
		func() atom.Recipe { r := first; r.Servers = []atom.Pin{{ID: "no_such_server"}}; return r }(),
	}
	composed := 0
	for i, r := range append(rs, broken...) {
		var want string
		env, err := Compose(lib, r, Options{})
		var ce *ComposeError
		switch {
		case err == nil:
			want = env.ID
			composed++
		case errors.As(err, &ce):
			want = ce.Recipe.Hash()
		default:
			t.Fatalf("recipe %d: %v", i, err)
		}
		if got := Pin(lib, r).Hash(); got != want {
			t.Errorf("recipe %d: Pin gives %s, Compose %s (err %v)", i, got, want, err)
		}
	}
	if composed != len(rs) {
		t.Fatalf("%d of %d example recipes composed", composed, len(rs))
	}
}
