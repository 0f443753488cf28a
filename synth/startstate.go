package synth

// A record a task names is one it acts on: it posts on it, changes it,
// files something under it. Its first state must let the act happen: the
// collection's status machine moves it from there to every state a task
// sets on it, and it is not in the trash (a Confluence page to comment on
// is not "trashed"), which the product keeps from every write but a
// restore.

// goneWords are the states of a record put out of use: the product keeps
// it, but refuses writes on it until it is restored.
var goneWords = []string{"trashed", "trash", "deleted", "archived", "removed", "purged", "spam"}

// unfitStarts are the values of status field e that a record a task names
// may not start in, given the values targets tasks set on it: those the
// collection's lifecycle lets move to some target nowhere, and, where no
// task sets the field (a restore does), a state out of use.
func unfitStarts(cm *collModel, e enumField, targets map[string]bool) map[string]bool {
	out := map[string]bool{}
	lc := cm.c.Lifecycle
	for _, v := range e.values {
		if len(targets) == 0 && len(outOfUse([]string{v})) > 0 {
			out[v] = true
		}
		if lc == nil || lc.Field != e.name {
			continue
		}
		for t := range targets {
			if lc.Check(v, t) != nil {
				out[v] = true
			}
		}
	}
	return out
}

// outOfUse are the values of vs that put a record out of use: a task
// that writes on the records of a group does not select them by one (the
// pages in the trash are not to be labelled).
func outOfUse(vs []string) []string {
	var out []string
	for _, v := range vs {
		if findIn([]string{v}, goneWords) != "" {
			out = append(out, v)
		}
	}
	return out
}

// inUse are the values of vs that do not put a record out of use.
func inUse(vs []string) []string {
	var out []string
	for _, v := range vs {
		if len(outOfUse([]string{v})) == 0 {
			out = append(out, v)
		}
	}
	return out
}

// canMove are the values of vs the collection's lifecycle lets a record
// of field move from to the value to: a policy that moves records to
// "document.viewed" does not select completed ones, which cannot go back.
func canMove(cm *collModel, field string, vs []string, to string) []string {
	lc := cm.c.Lifecycle
	if lc == nil || lc.Field != field {
		return vs
	}
	var out []string
	for _, v := range vs {
		if lc.Check(v, to) == nil {
			out = append(out, v)
		}
	}
	return out
}
