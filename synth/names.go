package synth

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// writeSlugs fills the fields that name a record by a path made of its
// title (a repository's full_name, a GitLab project's
// path_with_namespace): the title's words in lower case joined by
// hyphens, after its company's where the field says it carries an owner
// ("harbor-point/dashboard-forecast"), and those that name it by an API
// name (Salesforce's DeveloperName), its title with underscores. A value
// a task pins stays. It draws nothing.
func writeSlugs(cm *collModel, rec map[string]any, rw row, pinned map[string]any) {
	title, _ := rec[cm.display].(string)
	if title == "" {
		return
	}
	for _, f := range cm.fieldNames {
		if _, ok := pinned[f]; ok || f == cm.key || f == cm.display {
			continue
		}
		if cm.roles[f] == atom.RoleAPIName {
			rec[f] = atom.APIName(title)
		}
		if cm.roles[f] == atom.RoleKeyPrefix {
			if k := atom.KeyPrefix(title); k != "" {
				rec[f] = k
			}
		}
		if cm.roles[f] != atom.RoleSlug {
			continue
		}
		s := slugOf(title)
		if owner := slugOf(rw.c.Name); owner != "" && atom.Qualified(atom.Words(f)) {
			// The owner's name in the title says nothing its path does not.
			if short := slugOf(trimTail(strings.ReplaceAll(title, rw.c.Name, ""))); short != "" {
				s = short
			}
			s = owner + "/" + s
		}
		rec[f] = s
	}
}

// slugOf is s as a path segment (atom.Slug).
func slugOf(s string) string { return atom.Slug(s) }

// trimTail drops the words a title is left ending on once a name is cut
// from it ("Dashboard forecast for").
func trimTail(s string) string {
	ws := strings.Fields(s)
	for len(ws) > 0 && (len(ws[len(ws)-1]) < 2 || hasWord([]string{strings.ToLower(ws[len(ws)-1])}, "for", "of", "with", "at", "from", "to", "and", "the", "-", "(", ")")) {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// ownParty makes a record whose title names its company (an opportunity
// "Globex Labs - pilot") name the company a reference of it points at
// (its company_id's), and returns the row its text is then written from:
// that company's. A title a task pins stays. It draws nothing.
func (v *valuer) ownParty(cm *collModel, rec map[string]any, rw row, pinned map[string]any) row {
	if rw.c.Name == "" {
		return rw
	}
	for _, rf := range cm.refs {
		k, _ := rec[rf.name].(string)
		name := v.names[rf.target.ref()+"|"+k]
		if rf.list || rf.target.roles[rf.target.display] != atom.RoleCompany || name == "" || name == rw.c.Name {
			continue
		}
		renamed := false
		for _, f := range cm.fieldNames {
			s, ok := rec[f].(string)
			if _, fixed := pinned[f]; fixed || !ok || cm.roles[f] != atom.RoleTitle || !strings.Contains(s, rw.c.Name) {
				continue
			}
			rec[f] = strings.ReplaceAll(s, rw.c.Name, name)
			renamed = true
		}
		if renamed {
			rw.c.Name = name
		}
		return rw
	}
	return rw
}
