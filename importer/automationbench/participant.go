package automationbench

import (
	"fmt"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// participant is a collection of people who take part in records of
// another (a Calendly invitee of a scheduled event): a record that refers
// to the owner and has an email. Creating the owner (booking a meeting) names
// its first participant, as the action does ("Invitee Email").
type participant struct {
	coll   *Coll
	ref    string   // the participant's field referring to the owner
	fields []string // the participant's fields the create takes, as <singular>_<field>
}

// participantOf finds the one participant collection of owner, or nil.
func participantOf(app *App, owner *Coll) *participant {
	var found *participant
	refs := []string{singular(owner.Name) + "_id"}
	if ws := words(singular(owner.Name)); len(ws) > 1 {
		refs = append(refs, ws[len(ws)-1]+"_id") // scheduled_events: event_id
	}
	for _, c := range app.Collections {
		if c == owner || c.Actions || c.Field("email") == nil {
			continue
		}
		for _, r := range refs {
			if f := c.Field(r); f != nil && f.Type == "string" {
				if found != nil {
					return nil // two collections of people: the name does not say which
				}
				found = &participant{coll: c, ref: f.Name}
				break
			}
		}
	}
	if found == nil {
		return nil
	}
	for _, n := range []string{"email", "name", "first_name", "last_name", "timezone"} {
		if f := found.coll.Field(n); f != nil && f.Type == "string" {
			found.fields = append(found.fields, n)
		}
	}
	return found
}

// withParticipant extends a create tool of owner so that <singular>_email
// (and the other fields of the participant) also create the participant
// record referring to the new one.
func (tb *toolBuilder) withParticipant(t atom.Tool, owner *Coll) atom.Tool {
	pc := participantOf(tb.app, owner)
	if pc == nil || t.Effect.Kind != "create" {
		return t
	}
	code, err := tb.stateCode(&t)
	if err != nil {
		return t
	}
	// The owner's create keeps its own name: an action log wraps this
	// tool's run as state_run in turn.
	code = strings.Replace(code, "def state_run(args, db):", "def owner_run(args, db):", 1)
	props := map[string]any{}
	if sp, ok := t.Input["properties"].(map[string]any); ok {
		for k, v := range sp {
			props[k] = v
		}
	}
	who := singular(pc.coll.Name)
	args := map[string]any{}
	for _, f := range pc.fields {
		a := who + "_" + f
		if props[a] != nil {
			continue
		}
		args[a] = f
		props[a] = map[string]any{"type": "string", "description": fmt.Sprintf("%s of the %s (creates the %s)", title(strings.ReplaceAll(f, "_", " ")), strings.ReplaceAll(who, "_", " "), strings.ReplaceAll(who, "_", " "))}
	}
	if len(args) == 0 {
		return t
	}
	var req []string
	if r, ok := t.Input["required"].([]any); ok {
		for _, x := range r {
			req = append(req, fmt.Sprint(x))
		}
	}
	sort.Strings(req)
	body := code + `
def run(args, db):
    rec = owner_run(args, db)
    who = {}
    for a, f in P_ARGS.items():
        if args.get(a) != None and args.get(a) != "":
            who[f] = args[a]
    if who:
        who[P_REF] = rec[P_OWNERKEY]
        rec = dict(rec)
        rec[P_COLL] = db.create(P_COLL, who)
    return rec
`
	return atom.Tool{
		Name:        t.Name,
		Description: t.Description + fmt.Sprintf(" With %s_email, the %s is created too.", who, strings.ReplaceAll(who, "_", " ")),
		Input:       atom.ObjectSchema(props, req),
		// The records it creates are the owner's, as the create declared.
		Effect: atom.Effect{Kind: "starlark", Collection: t.Effect.Collection, Set: t.Effect.Set, Code: starCode([][2]string{
			{"P_ARGS", starLit(args)}, {"P_REF", starLit(pc.ref)}, {"P_OWNERKEY", starLit(owner.Key)}, {"P_COLL", starLit(pc.coll.Name)},
		}, body)},
	}
}

// replyThread is where a reply to a record goes when the record is not a
// message with a sender: its list of message-like records (a conversation's
// threads or parts, a ticket's conversations or comments), as a record of
// the kind that is a reply where the list tells kinds apart.
func replyThread(c *Coll) *childRel {
	rank := []string{"thread", "part", "repl", "message", "conversation", "comment"}
	var best *childRel
	bestR := len(rank) + 1
	for _, f := range c.Fields {
		if !f.isObjectList() || !hasProse(f.Elem) {
			continue
		}
		r := len(rank)
		for i, w := range rank {
			if strings.Contains(f.Name, w) {
				r = i
				break
			}
		}
		if r >= bestR {
			continue
		}
		rel := &childRel{word: "reply", field: f}
		for _, e := range f.Elem {
			for _, v := range stringEnum(e.Enum) {
				if s := v.(string); strings.EqualFold(s, "reply") || strings.EqualFold(s, "comment") && rel.enum == nil {
					rel.enum, rel.enumV = e, s
				}
			}
		}
		best, bestR = rel, r
	}
	return best
}

func hasProse(fs []*Field) bool {
	for _, e := range fs {
		if isProse(e) {
			return true
		}
	}
	return false
}
