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

// mendTextsWith writes fix(text) in each of rec's texts a task pins none
// of.
func mendTextsWith(rec map[string]any, texts []string, pinned map[string]map[string]bool, k string, fix func(string) string) {
	for _, f := range texts {
		if text, ok := rec[f].(string); ok && !pinned[f][k] {
			rec[f] = fix(text)
		}
	}
}

// partyFinders are, for each kind of a record's party a text may name,
// the fields that hold it and the names a text gives it: its hosts ("hosted
// by Keiko O'Brien") and the person who raised it ("Raised by Hiro
// Müller"), and the person it is about (an application's candidate:
// "Hiro Walker withdrew").
var partyFinders = []struct {
	fields func(*coherence.Shape) []string
	find   func(string) []coherence.Named
}{{coherence.HostFields, coherence.HostNamedAt}, {coherence.RaiserFields, coherence.RaiserNamed}, {coherence.SubjectFields, coherence.SubjectNamed}}

// mendParties writes, in rec's texts a task pins none of, the name of the
// first person its host fields hold where a text says it is hosted by a
// person who is none of them ("hosted by Elena Tanaka" on an event whose
// host is Keiko O'Brien), and likewise of its raiser fields where a text
// says who raised it ("Raised by Nadia Garcia" on a Zoho Desk ticket of
// Hiro Müller): the people may have moved since the text was written.
func (db *dataBuilder) mendParties(m *appModel, cm *collModel, rec map[string]any, texts []string, pinned map[string]map[string]bool, k string) {
	for _, p := range partyFinders {
		held := db.heldNames(m, cm, rec, p.fields(cm.shape))
		if len(held) == 0 {
			continue
		}
		mendTextsWith(rec, texts, pinned, k, func(text string) string {
			for _, n := range slices.Backward(p.find(text)) {
				if !slices.ContainsFunc(held, func(h string) bool { return coherence.SameParty(n.Name, h) }) {
					want := held[0]
					if !strings.Contains(n.Name, " ") {
						want, _, _ = strings.Cut(want, " ") // a first name stays one
					}
					text = text[:n.At] + want + text[n.At+len(n.Name):]
				}
			}
			return text
		})
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
	mendTextsWith(rec, texts, pinned, k, func(text string) string {
		for _, at := range slices.Backward(coherence.OwnerNamed(text)) {
			if name := nameAt(text[at:], people); name != "" && !coherence.SameParty(name, owner) {
				text = text[:at] + owner + text[at+len(name):]
			}
		}
		return text
	})
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

// heldNames are the full names of the people rec's fields name, each a
// reference to a record of people (a Calendly event's host_ids, a Zoho
// Desk ticket's contact_id).
func (db *dataBuilder) heldNames(m *appModel, cm *collModel, rec map[string]any, fields []string) []string {
	var out []string
	for _, f := range fields {
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
