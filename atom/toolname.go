package atom

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// A tool's name is a promise to the agent: a cancel_* tool cancels, a
// send_* tool sends. toolVerbs maps the verbs a name starts with (after the
// app's prefix) to the effect kinds that keep the promise. A Starlark
// effect may do anything and is not judged.
var toolVerbs = map[string][]string{
	"create": {"create", "append"}, "new": {"create"}, "add": {"create", "append", "update"}, "send": {"create", "append", "update"},
	"post": {"create", "append"}, "reply": {"create", "append"}, "forward": {"create"}, "insert": {"create", "append"},
	"update": {"update", "append"}, "edit": {"update"}, "set": {"update", "create"}, "modify": {"update"}, "rename": {"update"},
	"change": {"update"}, "mark": {"update"}, "assign": {"update", "append"}, "move": {"update"},
	"delete": {"delete", "update"}, "remove": {"delete", "update", "remove"}, "destroy": {"delete"}, "trash": {"delete", "update"},
	"cancel": {"update", "delete"}, "void": {"update", "delete"}, "archive": {"update", "delete"}, "close": {"update"},
	"get": {"get", "search"}, "list": {"search", "get"}, "search": {"search"}, "find": {"search", "get"},
	"lookup": {"search", "get"}, "fetch": {"get", "search"}, "read": {"get", "search"}, "query": {"search"},
	"retrieve": {"get", "search"},
}

// stateVerbs are verbs that move a record to one state: an update under
// such a name sets that state itself (a constant), it does not take an
// arbitrary field from its caller.
var stateVerbs = map[string]bool{"cancel": true, "void": true, "archive": true, "close": true, "send": true}

// ToolVerb is the verb a tool's name starts with, after the app's prefix
// ("gmail_send_email" -> "send"), or "" when the name has no known verb.
func ToolVerb(s *Server, name string) string {
	rest := name
	for _, p := range []string{s.AppName() + "_", s.ID + "_"} {
		if strings.HasPrefix(rest, p) {
			rest = strings.TrimPrefix(rest, p)
			break
		}
	}
	ws := Words(rest)
	if len(ws) == 0 {
		return ""
	}
	if _, ok := toolVerbs[ws[0]]; ok {
		return ws[0]
	}
	return ""
}

// ToolNameProblem says how a tool's name and effect disagree, or "".
func ToolNameProblem(s *Server, t Tool) string {
	verb := ToolVerb(s, t.Name)
	kind := t.Effect.Kind
	switch kind {
	case "search", "get", "create", "update", "delete", "append", "remove":
	default:
		return "" // a Starlark or registered effect may do anything
	}
	if verb == "" {
		return ""
	}
	ok := false
	for _, k := range toolVerbs[verb] {
		if k == kind {
			ok = true
		}
	}
	if !ok {
		want := append([]string(nil), toolVerbs[verb]...)
		sort.Strings(want)
		return fmt.Sprintf("named %s_*, it should have effect %s, not %s", verb, strings.Join(want, " or "), kind)
	}
	if stateVerbs[verb] && kind == "update" && len(t.Effect.Set) == 0 && !writesVerbField(t, verb) {
		return fmt.Sprintf("named %s_*, it should set the record's state itself (effect.set), not only write the fields it is given", verb)
	}
	return ""
}

// validateToolName warns where a tool's name and its effect disagree.
func validateToolName(e *Entry, s *Server, t Tool, at string) Diagnostics {
	var ds Diagnostics
	if msg := ToolNameProblem(s, t); msg != "" {
		ds = append(ds, e.Diag(Warning, at, "tool %s: %s", t.Name, msg))
	}
	if msg := ToolChannelProblem(s, t); msg != "" {
		ds = append(ds, e.Diag(Error, at, "tool %s: %s", t.Name, msg))
	}
	return ds
}

// ToolChannelProblem says how a tool that sends on one channel writes the
// address of another, or "": an SMS or fax tool writes phone numbers, an
// email tool writes email addresses.
func ToolChannelProblem(s *Server, t Tool) string {
	if t.Effect.Kind != "create" && t.Effect.Kind != "update" {
		return ""
	}
	c := s.Collection(t.Effect.Collection)
	if c == nil {
		return ""
	}
	ws := Words(t.Name)
	sms, mail := HasWord(ws, "sms", "text", "fax", "mms"), HasWord(ws, "email", "mail")
	if sms == mail {
		return ""
	}
	for _, arg := range slices.Sorted(maps.Keys(InputProperties(t.Input))) {
		f := t.Effect.FieldOf(arg)
		role, _ := RoleOf(s, c, f)
		if _, ok := c.Fields[f]; !ok {
			continue
		}
		if sms && (role == RoleEmail || role == RoleEmails) {
			return fmt.Sprintf("sends a text but argument %s writes email addresses (%s is %s)", arg, f, role)
		}
		if mail && role == RolePhone && HasWord(Words(f), "to", "recipient", "recipients") {
			return fmt.Sprintf("sends an email but argument %s writes phone numbers (%s)", arg, f)
		}
	}
	return ""
}

// writesVerbField reports whether an update writes a field named for its
// verb (lever_archive_opportunity writes archived_reason): the state is
// then the field's being set.
func writesVerbField(t Tool, verb string) bool {
	stem := strings.TrimSuffix(verb, "e")
	for arg := range InputProperties(t.Input) {
		f := arg
		if m, ok := t.Effect.Fields[arg]; ok {
			f = m
		}
		if strings.Contains(strings.ToLower(f), stem) {
			return true
		}
	}
	return false
}
