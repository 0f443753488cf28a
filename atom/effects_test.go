package atom

import (
	"slices"
	"testing"
)

// The registry holds the format's kinds and refuses a second registration
// of a kind, leaving the first in place.
func TestEffectKindRegistry(t *testing.T) {
	names := EffectKindNames()
	for _, k := range []string{"search", "get", "create", "update", "delete", "append", "starlark", "unresolved"} {
		if !slices.Contains(names, k) {
			t.Errorf("kind %s not registered (have %v)", k, names)
		}
	}
	before, _ := EffectKindDoc("search")
	func() {
		defer func() {
			if recover() == nil {
				t.Error("registering search twice did not panic")
			}
		}()
		RegisterEffectKind("search", "another search")
	}()
	if doc, _ := EffectKindDoc("search"); doc != before {
		t.Errorf("doc of search changed to %q", doc)
	}
	if _, ok := EffectKindDoc("no_such_kind"); ok {
		t.Error("an unregistered kind is known")
	}
}
