package verify

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Asked, not only seen: every write the solving plan makes must be asked
// for by what the agent is told to do, the instruction and the records it
// names (a policy document, the amendment that quotes it). A write is
// asked when those texts hold, as a form of one word, the verb its tool's
// name starts with or a verb people use to ask for that kind of write:
// "Set that ticket to pending" asks for an update, "let the owner know by
// email" for a send. An instruction that only shows records ("The Acme
// account is in the CRM.") asks for nothing, and a plan that writes on it
// guesses the task from the goal: the environment is intent.not_asked.
//
// The system prompt is not read for asks: it carries the rules, which
// say what not to do.

// askVerbs are the verbs by which people ask for a write of each kind
// (atom.ToolSend, ...), with the irregular forms wordBase does not join.
// They are English, not any app's vocabulary. A send or a create is asked
// by the verbs of either, an update or a delete likewise (askingVerbs).
var askVerbs = map[string][]string{
	atom.ToolSend: {"send", "sent", "told", "written", "wrote", "email", "mail", "message", "reply", "respond", "forward", "post", "notify", "tell",
		"inform", "alert", "share", "report", "ping", "write", "announce", "remind", "invite", "text", "dm",
		"contact", "answer", "call", "dial", "phone", "ring", "publish", "broadcast", "comment", "summarise", "summarize", "escalate", "flag", "update"},
	atom.ToolCreate: {"create", "add", "log", "record", "open", "file", "make", "set", "schedule", "book", "draft",
		"start", "enter", "register", "put", "raise", "copy", "note", "document", "capture", "submit", "issue",
		"upload", "save", "new", "track", "plan", "prepare", "generate", "write", "post", "import", "duplicate",
		"attach", "comment", "invite", "list", "assign", "refund", "invoice", "bill", "charge", "order", "quote",
		"reply", "follow", "mirror", "sync", "reconcile", "transfer", "pay", "remind", "escalate", "convert"},
	atom.ToolUpdate: {"update", "set", "change", "mark", "move", "assign", "reassign", "close", "resolve", "escalate",
		"approve", "reject", "decline", "tag", "label", "flag", "rename", "edit", "fix", "correct", "adjust",
		"apply", "reconcile", "pause", "resume", "archive", "cancel", "complete", "settle", "add", "remove",
		"put", "make", "turn", "switch", "enable", "disable", "raise", "lower", "reopen", "prioritise",
		"prioritize", "record", "note", "fill", "copy", "sync", "mirror", "link", "attach", "star", "pin",
		"publish", "hide", "schedule", "reschedule", "extend", "renew", "upgrade", "downgrade", "transfer",
		"merge", "sort", "route", "triage", "handle", "clean", "tidy", "freeze", "block", "unblock", "lock",
		"unlock", "activate", "deactivate", "suspend", "restore", "void", "refund", "pay", "subscribe",
		"unsubscribe", "confirm", "accept", "solve", "process", "paid", "made", "review", "verify", "terminate", "send", "hold", "release", "bump", "invite"},
	atom.ToolDelete: {"delete", "remove", "cancel", "drop", "clear", "archive", "void", "terminate", "trash",
		"discard", "purge", "retire", "withdraw", "revoke", "unsubscribe", "close", "clean", "tidy", "dedupe",
		"merge", "erase", "wipe"},
}

// askWords is the set of words of a text and of their bases, for asking
// whether it holds a form of a verb.
type askWords map[string]bool

func wordsOfAsk(text string) askWords {
	ws := askWords{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		ws[w] = true
		ws[ground.WordBase(w)] = true
	}
	return ws
}

// has reports whether the text holds a form of verb.
func (ws askWords) has(verb string) bool { return ws[verb] || ws[ground.WordBase(verb)] }

// askedText is where the environment's task asks, for the run r: its
// instruction, and the documents the instruction names in its own words.
// A record named only through a slot ("the ticket {{ticket}}") is what
// the task is about, not a text that asks: its prose is not read.
func (in *envInfo) askedText(r *run) string {
	own := in.Env.Instruction
	if it, ok := in.Env.Intent.Atom.(*atom.Intent); ok {
		own = atom.SlotPattern().ReplaceAllString(it.Instruction, " ")
	}
	return askTextOf(r.Session.State().Base(), in.Env.Instruction, own)
}

// askTextOf is the instruction with the prose of the records its own
// words name and of those that quote their titles (values of three words
// or more: a policy's text, not a status such as "open"): where a task
// asks.
func askTextOf(w *state.World, instruction, own string) string {
	msgs := strings.ToLower(own)
	named := map[string]bool{}
	var recs []state.Record
	for _, name := range w.Names() {
		c := w.Collection(name)
		for _, r := range c.Records {
			if namesRecord(msgs, c, r) {
				k, _ := state.KeyOf(r, c.Key)
				named[name+"\x00"+k] = true
				recs = append(recs, r)
			}
		}
	}
	var b strings.Builder
	b.WriteString(instruction)
	for _, r := range append(recs, quoting(w, msgs, named)...) {
		b.WriteString("\n")
		b.WriteString(ground.ProseOf(map[string]any(r)))
	}
	return b.String()
}

// unaskedWrite returns the first step of r that writes without being
// asked for by text, and the verbs that would have asked for it.
func (in *envInfo) unaskedWrite(r *run, text string) (int, []string, bool) {
	ws := wordsOfAsk(text)

	for i, c := range r.Calls {
		if i < len(r.Obs) && r.Obs[i].IsError {
			continue
		}
		verbs, write := askingVerbs(in.Env.Tool(c.Name))
		if !write {
			continue
		}
		asked := slices.ContainsFunc(verbs, ws.has)
		if !asked {
			asked = slices.ContainsFunc(appVerbs(in.Env.Tool(c.Name)), func(w string) bool { return namedAsVerb(text, w) })
		}
		if !asked {
			return i, verbs, true
		}
	}
	return 0, nil, false
}

// askingVerbs lists the verbs that ask for a call of t, and whether t
// writes at all. A tool whose kind its effect does not tell (Starlark)
// is asked for by its name's verb or by any verb of a write.
func askingVerbs(t *episode.Tool) ([]string, bool) {
	if t == nil || t.Server == nil {
		return nil, false
	}
	s, ok := t.Server.Atom.(*atom.Server)
	if !ok {
		return nil, false
	}
	at := s.Tool(t.Name)
	if at == nil {
		return nil, false
	}
	kind := s.ToolKind(at)
	if kind == atom.ToolRead {
		return nil, false
	}
	verb := atom.ToolVerb(s, t.Name)
	verbs := nameWords(s, at)
	switch kind {
	case atom.ToolSend, atom.ToolCreate:
		// A message is a record made; a record made may be sent ("add an
		// event", "email them", "create a signature request").
		return append(append(verbs, askVerbs[atom.ToolSend]...), askVerbs[atom.ToolCreate]...), true
	case atom.ToolUpdate, atom.ToolDelete:
		// A record removed is a list updated ("update the directory:
		// process the terminations"), and a removal may be an update.
		return append(append(verbs, askVerbs[atom.ToolUpdate]...), askVerbs[atom.ToolDelete]...), true
	}
	switch verb {
	case "get", "list", "search", "find", "lookup", "fetch", "read", "query", "retrieve":
		return nil, false
	}
	for _, k := range []string{atom.ToolSend, atom.ToolCreate, atom.ToolUpdate, atom.ToolDelete} {
		verbs = append(verbs, askVerbs[k]...)
	}
	return verbs, true
}

// nameWords are the words of a tool's name after its app's, less those
// naming its collection: "post_invite" gives "invite", "gmail_send_email"
// "send" and "email", "desk_update_ticket" only "update" (a ticket being
// mentioned does not ask for its update).
func nameWords(s *atom.Server, t *atom.Tool) []string {
	rest := t.Name
	for _, p := range []string{s.AppName() + "_", s.ID + "_"} {
		if r, ok := strings.CutPrefix(rest, p); ok {
			rest = r
			break
		}
	}
	object := atom.Words(t.Effect.Collection)
	var out []string
	for _, w := range atom.Words(rest) {
		if len(w) >= 3 && !slices.ContainsFunc(object, func(o string) bool { return ground.SameWord(o, w) }) {
			out = append(out, w)
		}
	}
	return out
}

// notAskedCause blames the intent: the plan writes what the instruction
// does not ask for.
func (p *Job) notAskedCause(step int, verbs []string) RootCause {
	c := p.solved.Calls[step]
	shown := slices.Compact(slices.Clone(verbs))
	if len(shown) > 6 {
		shown = shown[:6]
	}
	msg := fmt.Sprintf("step %d of the %s plan (%s) writes, but nothing the agent is told asks for it: neither the instruction nor the records it names says %s or a like verb; the instruction shows records and the goal supplies the task",
		step+1, p.PlanFrom, c.Name, strings.Join(shown, ", "))
	return verdict.Blame(IntentNotAsked, facts.Ref(p.Env.Intent), Evidence{Tool: c.Name, Message: msg})
}

// An app's name is used as a verb for its own message: "Slack the night
// shift", "WhatsApp its owner", "Zoom the Kestrel team". A tool that sends
// or creates is asked by its app's name, or by a word of its own name
// (the channel it sends on: "whatsapp", "sms"), where the instruction
// uses that word as a verb: at the start of a clause, with its object
// after it (a person or team named, a pronoun, a determiner, a channel).
// "Post it in Slack", "the Slack channel" and "Slack is down" use the
// name as a noun and ask for nothing by it.

// appVerbs are the words that, used as a verb, ask for a call of t: its
// app's name and the words of its name after the app's, for a tool that
// sends or creates.
func appVerbs(t *episode.Tool) []string {
	if t == nil || t.Server == nil {
		return nil
	}
	s, ok := t.Server.Atom.(*atom.Server)
	if !ok {
		return nil
	}
	at := s.Tool(t.Name)
	if at == nil {
		return nil
	}
	if k := s.ToolKind(at); k != atom.ToolSend && k != atom.ToolCreate {
		return nil
	}
	out := []string{strings.ReplaceAll(strings.ToLower(s.AppName()), "_", "")}
	rest := t.Name
	for _, p := range []string{s.AppName() + "_", s.ID + "_"} {
		if r, ok := strings.CutPrefix(rest, p); ok {
			rest = r
			break
		}
	}
	for _, w := range atom.Words(rest) {
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

// clauseLeads are the words after which a clause's verb may stand ("and
// Slack the team", "please WhatsApp her", "remember to text him").
var clauseLeads = map[string]bool{"and": true, "then": true, "please": true, "also": true, "just": true,
	"to": true, "or": true, "so": true, "now": true, "quickly": true, "first": true, "finally": true}

// verbObjects are the words that, right after a verb, begin its object.
var verbObjects = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true, "these": true,
	"those": true, "each": true, "every": true, "everyone": true, "everybody": true, "all": true, "both": true,
	"whoever": true, "him": true, "her": true, "them": true, "us": true, "me": true, "it": true, "its": true,
	"his": true, "their": true, "our": true, "my": true, "your": true, "with": true}

// askTokens splits a text into words, channel or user handles (#ops,
// @ana) and the marks that end a clause.
var askTokens = regexp.MustCompile(`[#@][\p{L}\p{N}_-]+|[\p{L}\p{N}]+(?:['’][\p{L}]+)?|[.!?;:,\n()"]`)

// namedAsVerb reports whether the text uses word (any case) as a verb:
// at the start of a clause and followed by an object, a word of
// verbObjects, a handle or a capitalised name.
func namedAsVerb(text, word string) bool {
	toks := askTokens.FindAllString(text, -1)
	for i, t := range toks {
		if !strings.EqualFold(t, word) || i+1 == len(toks) {
			continue
		}
		if i > 0 {
			prev := strings.ToLower(toks[i-1])
			if !strings.ContainsAny(prev, ".!?;:,\n()\"") && !clauseLeads[prev] {
				continue
			}
		}
		next := toks[i+1]
		r, _ := utf8.DecodeRuneInString(next)
		if verbObjects[strings.ToLower(next)] || r == '#' || r == '@' || unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
