package coherence

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// kindFields are the record's enum fields that say what it is or how it
// stands without being named status or state: Slack's channel_type
// (public, private), a permission's type (user, anyone) and role
// (owner, reader).
func kindFields(sh *Shape, rec map[string]any) []string {
	var out []string
	for f := range sh.declared(rec) {
		fs := sh.fields[f]
		if rec[f] != nil && fs.role == atom.RoleStatus && len(fs.states) > 0 && !atom.HasWord(fs.words, "status", "state") {
			out = append(out, f)
		}
	}
	return out
}

// Job states: a job's output (result_url) is there once it has finished,
// not while it runs or after it failed.
var (
	unfinishedStates = []string{"in_progress", "pending", "queued", "processing", "running", "started", "failed", "canceled", "cancelled", "error"}
	outcomeStates    = []string{"completed", "succeeded", "success", "done", "ready", "finished"}
	outputWords      = []string{"result", "output"}
)

// outputsOfUnfinished finds a job's output (Canva's result_url) on a
// record whose status says the job has not finished (in progress) or
// failed, where the collection has a state for a finished job.
func outputsOfUnfinished(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	var out []Contradiction
	for _, sf := range statuses {
		cur := stateWord(rec[sf])
		if !oneOf(cur, unfinishedStates) || !hasAnyState(sh.fields[sf].states, outcomeStates) {
			continue
		}
		for f := range sh.declared(rec) {
			fs := sh.fields[f]
			if f != sf && len(fs.states) == 0 && atom.HasWord(fs.words, outputWords...) && atom.IsSet(rec[f]) {
				out = append(out, Contradiction{f, fmt.Sprintf("%s is set but %s is %v", f, sf, rec[sf]), nil, nil})
			}
		}
		break
	}
	return out
}

func hasAnyState(states, of []string) bool {
	for _, s := range states {
		if oneOf(s, of) {
			return true
		}
	}
	return false
}

// unsettledStates are states in which no money has moved: a draft is not
// yet sent, a pending payment not yet taken, a failed or declined payment
// took nothing, a void invoice was called off unpaid.
var unsettledStates = []string{"draft", "pending", "failed", "declined", "void", "voided"}

// sharesOfUnsettled finds a share of an amount (amount_paid,
// amount_refunded) above zero, or a flag named for one (refunded) on,
// on a record whose status says no money has moved: a draft invoice
// already paid, a failed charge refunded.
func sharesOfUnsettled(sh *Shape, rec map[string]any, statuses []string) []Contradiction {
	var out []Contradiction
	for _, sf := range statuses {
		if !oneOf(stateWord(rec[sf]), unsettledStates) {
			continue
		}
		for f := range sh.declared(rec) {
			fs := sh.fields[f]
			if !atom.HasWord(fs.words, partWords...) || atom.HasWord(fs.words, "discount") {
				continue
			}
			x, isNum := state.Number(rec[f])
			on, _ := rec[f].(bool)
			switch {
			case isNum && x > 0 && (fs.role == atom.RoleMoney || fs.role == atom.RoleCount):
				out = append(out, Contradiction{f, fmt.Sprintf("%s is %v but %s is %v", f, rec[f], sf, rec[sf]), SameKind(rec[f], 0), nil})
			case on && fs.role == atom.RoleFlag && flagWord(f) != "paid":
				out = append(out, Contradiction{f, fmt.Sprintf("%s is true but %s is %v", f, sf, rec[sf]), false, nil})
			}
		}
		break
	}
	return out
}

// Grants: an owner is a person, never anyone with the link, a whole
// domain or a group.
var (
	ownerStates  = []string{"owner", "organizer", "co_owner", "coowner"}
	openGrantees = []string{"anyone", "domain", "group", "public", "everyone"}
	readerStates = []string{"reader", "viewer", "read_only", "commenter"}
)

// ownerGrants finds a permission that makes a grantee other than one
// person (anyone, a domain) its owner: the role becomes the reading one.
func ownerGrants(sh *Shape, rec map[string]any, kinds []string) []Contradiction {
	role, grantee := "", ""
	for _, f := range kinds {
		switch states := sh.fields[f].states; {
		case hasAnyState(states, ownerStates) && role == "":
			role = f
		case hasAnyState(states, openGrantees) && grantee == "":
			grantee = f
		}
	}
	if role == "" || grantee == "" || !oneOf(stateWord(rec[role]), ownerStates) || !oneOf(stateWord(rec[grantee]), openGrantees) {
		return nil
	}
	want := ""
	enum := sh.def.Fields[role].Enum
	for i, s := range sh.fields[role].states {
		if want == "" && !oneOf(s, ownerStates) || oneOf(s, readerStates) {
			want = state.Text(enum[i])
		}
	}
	if want == "" {
		return nil
	}
	return []Contradiction{{role, fmt.Sprintf("%s is %v for %s %v", role, rec[role], grantee, rec[grantee]), want, nil}}
}

// displayNames finds a display name that is not the record's name
// spelled out (Mattermost's channel "stark-launch" shown as
// "deal-stark"): it becomes the name in words ("Stark Launch").
func displayNames(sh *Shape, rec map[string]any) []Contradiction {
	name, _ := rec["name"].(string)
	if name == "" || !namingRole(sh.fields["name"].role) {
		return nil
	}
	for f := range sh.declared(rec) {
		shown, ok := rec[f].(string)
		if !ok || strings.Join(sh.fields[f].words, "_") != "display_name" || !namingRole(sh.fields[f].role) {
			continue
		}
		if spelled(shown) != spelled(name) {
			return []Contradiction{{f, fmt.Sprintf("%s %q is not the name %q", f, shown, name), spelledOut(name), nil}}
		}
	}
	return nil
}

func namingRole(role string) bool { return role == atom.RoleTitle || role == atom.RolePersonName }

// spelled is a name as words for comparing: "Stark Launch",
// "stark-launch" and "stark_launch" are one.
func spelled(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '-' || r == '_' || r == ' ' }), " ")
}

// spelledOut writes a handle ("stark-launch") in words ("Stark Launch");
// a name already in words stays as it is.
func spelledOut(s string) string {
	if strings.Contains(s, " ") || !strings.ContainsAny(s, "-_") {
		return s
	}
	ws := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' })
	for i, w := range ws {
		ws[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(ws, " ")
}
