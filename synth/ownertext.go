package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
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

// mendHosts writes, in rec's texts a task pins none of, the name of the
// first host its host fields hold where a text says it is hosted by a
// person who is none of them ("hosted by Elena Tanaka" on an event whose
// host is Keiko O'Brien): the hosts may have moved since the text was
// written.
func (db *dataBuilder) mendHosts(m *appModel, cm *collModel, rec map[string]any, texts []string, pinned map[string]map[string]bool, k string) {
	hosts := db.hostNames(m, cm, rec)
	if len(hosts) == 0 {
		return
	}
	for _, f := range texts {
		text, ok := rec[f].(string)
		if !ok || pinned[f][k] {
			continue
		}
		for _, name := range coherence.HostNamed(text) {
			if !slices.ContainsFunc(hosts, func(h string) bool { return coherence.SameParty(name, h) }) {
				text = strings.ReplaceAll(text, coherence.HostCue+name, coherence.HostCue+hosts[0])
			}
		}
		rec[f] = text
	}
}

// mendOwners writes, in rec's texts a task pins none of, the name of the
// person rec's owner reference names where a text names as its owner
// another person of the world ("owned by Marek Drummond" on a ticket
// assigned to Gabriela Novak): the owner may have moved since the text was
// written (an assignee drawn anew among the agents).
func (db *dataBuilder) mendOwners(m *appModel, cm *collModel, rec map[string]any, texts []string, pinned map[string]map[string]bool, k string, people map[string]bool) {
	owner := db.ownerName(m, cm, rec)
	if owner == "" {
		return
	}
	for _, f := range texts {
		text, ok := rec[f].(string)
		if !ok || pinned[f][k] {
			continue
		}
		for _, at := range slices.Backward(coherence.OwnerNamed(text)) {
			if name := nameAt(text[at:], people); name != "" && !coherence.SameParty(name, owner) {
				text = text[:at] + owner + text[at+len(name):]
			}
		}
		rec[f] = text
	}
}

// ownerName is the full name of the person rec's first owner reference
// names, or "".
func (db *dataBuilder) ownerName(m *appModel, cm *collModel, rec map[string]any) string {
	for _, f := range coherence.OwnerFields(cm.shape) {
		for _, rf := range cm.refs {
			if rf.name != f || rf.list {
				continue
			}
			if p := findRec(db.d.Records[m.app][rf.target.name], rf.target.key, state.Text(rec[f])); p != nil {
				return fullName(rf.target, p)
			}
		}
	}
	return ""
}

// peopleNames are the full names of every person of the world's
// collections of people.
func (db *dataBuilder) peopleNames(apps []*appModel) map[string]bool {
	out := map[string]bool{}
	for _, m := range apps {
		for _, cm := range m.colls {
			if !ofPeople(cm) {
				continue
			}
			for _, rec := range db.d.Records[m.app][cm.name] {
				if n := fullName(cm, rec); strings.Contains(n, " ") {
					out[n] = true
				}
			}
		}
	}
	return out
}

// nameAt is the name among drawn that s starts with (two to four words),
// or "".
func nameAt(s string, drawn map[string]bool) string {
	ws := strings.Fields(s)
	for n := min(4, len(ws)); n >= 2; n-- {
		name := strings.TrimRight(strings.Join(ws[:n], " "), ".,;:)")
		if drawn[name] {
			return name
		}
	}
	return ""
}

// hostNames are the full names of the people rec's host fields name,
// each a reference to a record of people (a Calendly event's host_ids).
func (db *dataBuilder) hostNames(m *appModel, cm *collModel, rec map[string]any) []string {
	var out []string
	for _, f := range coherence.HostFields(cm.shape) {
		for _, rf := range cm.refs {
			if rf.name != f {
				continue
			}
			for _, k := range atom.ReferenceKeys(rec[f]) {
				if p := findRec(db.d.Records[m.app][rf.target.name], rf.target.key, k); p != nil && fullName(rf.target, p) != "" {
					out = append(out, fullName(rf.target, p))
				}
			}
		}
	}
	return out
}
