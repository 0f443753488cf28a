package atom

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Version is the hash of an atom's canonical form: its JSON encoding (keys
// sorted, lineage left out), so that formatting and comments in the YAML do
// not change it and any change of content does.
func Version(a any) (string, error) {
	a = withoutLineage(a)
	b, err := json.Marshal(a)
	if err != nil {
		return "", fmt.Errorf("version: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:12], nil
}

func withoutLineage(a any) any {
	switch x := a.(type) {
	case *Server:
		c := *x
		c.Lineage = nil
		return &c
	case *Data:
		c := *x
		c.Lineage = nil
		return &c
	case *Rule:
		c := *x
		c.Lineage = nil
		return &c
	case *Intent:
		c := *x
		c.Lineage = nil
		return &c
	}
	return a
}

// LineageOf returns an atom's lineage, or nil.
func LineageOf(a any) *Lineage {
	switch x := a.(type) {
	case *Server:
		return x.Lineage
	case *Data:
		return x.Lineage
	case *Rule:
		return x.Lineage
	case *Intent:
		return x.Lineage
	}
	return nil
}

// Hash is the environment id of a recipe: "env-" and 12 hex digits of the
// hash of its canonical JSON.
func (r Recipe) Hash() string {
	b, _ := json.Marshal(r)
	sum := sha256.Sum256(b)
	return "env-" + hex.EncodeToString(sum[:])[:12]
}
