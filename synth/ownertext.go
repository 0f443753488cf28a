package synth

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// A text that names the record's person as its owner ("Owner: {person}")
// is written only where the record's owner fields hold that person or
// none: a task's owner is not "Owner: Dana Lee" while its owner_id is Ana
// Ruiz's, which coherence checks.

// ownerFrames are the frames that name the record's person as its owner
// or assignee, read once.
var ownerFrames = func() map[string]bool {
	out := map[string]bool{}
	for _, frames := range textFrames {
		for _, fr := range frames {
			for _, at := range coherence.OwnerNamed(fr) {
				if strings.HasPrefix(fr[at:], "{person}") || strings.HasPrefix(fr[at:], "{first}") {
					out[fr] = true
				}
			}
		}
	}
	return out
}()

// ownerOf is what the record's owner fields say of its owner: the name of
// the record an owner reference names, or the name, username or address
// the field holds; "?" for an owner it cannot name; "" where no field
// holds one.
func (v *valuer) ownerOf(cm *collModel, rec map[string]any) string {
	for _, f := range coherence.OwnerFields(cm.shape) {
		k, ok := rec[f].(string)
		if !ok || k == "" {
			continue
		}
		if cm.roles[f] != atom.RoleRef {
			return k
		}
		for _, rf := range cm.refs {
			if n := v.names[rf.target.ref()+"|"+k]; rf.name == f && n != "" {
				return n
			}
		}
		return "?"
	}
	return ""
}

// ownerFits reports whether frame may be written on a record with facts:
// a frame naming the record's person as owner only where the owner
// fields hold that person or none.
func ownerFits(frame string, facts textFacts) bool {
	return !ownerFrames[frame] || facts["owner"] == "" || coherence.SameParty(facts["person"], facts["owner"])
}
