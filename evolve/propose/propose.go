// Package propose asks a model for atoms and keeps only what passes the gate
// every model-written atom goes through: parsed as an atom by the library
// loader, linted, then verified; a rejection is logged with its reason and
// told to the model, which may try again.
package propose

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/llm"
)

// Chatter is the model: one chat completion per call. *llm.Client is one.
type Chatter interface {
	Chat(ctx context.Context, req llm.Request) (*llm.Response, error)
}

// ProposalFile is the name a proposal carries in diagnostics.
const ProposalFile = "proposal.yaml"

var fence = regexp.MustCompile("(?s)```[ \t]*(?:ya?ml|YAML)?[ \t]*\r?\n(.*?)```")

// Extract returns the YAML of a model's answer: the first fenced block
// (```yaml, ```yml or a bare ```), else the whole text. Reasoning models'
// <think>...</think> preambles are dropped first.
func Extract(text string) string {
	if i := strings.Index(text, "</think>"); i >= 0 {
		text = text[i+len("</think>"):]
	}
	if m := fence.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return strings.TrimSpace(text)
}

// ParseError lists why a proposal is not a valid atom.
type ParseError struct {
	Diagnostics atom.Diagnostics
	Message     string
}

func (e *ParseError) Error() string {
	if e.Message != "" {
		return e.Message
	}
	lines := make([]string, 0, len(e.Diagnostics))
	for _, d := range e.Diagnostics {
		if d.Severity == atom.Error {
			lines = append(lines, d.String())
		}
	}
	if len(lines) > 8 {
		lines = append(lines[:8], fmt.Sprintf("... and %d more", len(lines)-8))
	}
	return strings.Join(lines, "\n")
}

// Parse loads YAML text as atoms the way a library is loaded (JSON Schema of
// each kind, then the checks the schema cannot say), on an in-memory file
// system: nothing touches the disk. Any error diagnostic rejects the whole
// proposal; so does a list of recipes, which proposals may not carry.
// Lineage written by the model is dropped: the gate that accepts an atom
// records its own.
func Parse(text string) ([]*atom.Entry, error) {
	if strings.TrimSpace(text) == "" {
		return nil, &ParseError{Message: "the answer holds no YAML"}
	}
	lib, ds, err := atom.Load(fstest.MapFS{ProposalFile: &fstest.MapFile{Data: []byte(text)}})
	if err != nil {
		return nil, fmt.Errorf("load proposal: %w", err)
	}
	if len(lib.Recipes()) > 0 {
		return nil, &ParseError{Message: "the proposal holds a list of environments; write atoms only (kind: server, data, rule or intent)"}
	}
	if ds.HasErrors() {
		return nil, &ParseError{Diagnostics: ds}
	}
	var out []*atom.Entry
	for _, k := range atom.Kinds() {
		for _, e := range lib.Heads(k) {
			clearLineage(e.Atom)
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, &ParseError{Message: "the answer holds no atom (a YAML document with kind and id)"}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out, nil
}

func clearLineage(a any) {
	switch x := a.(type) {
	case *atom.Server:
		x.Lineage = nil
	case *atom.Data:
		x.Lineage = nil
	case *atom.Rule:
		x.Lineage = nil
	case *atom.Intent:
		x.Lineage = nil
	}
}

// Attempt is one proposal and what became of it.
type Attempt struct {
	N        int      `json:"attempt"`
	Accepted bool     `json:"accepted"`
	Reason   string   `json:"reason,omitempty"` // why it was rejected
	Atoms    []string `json:"atoms,omitempty"`  // kind/id@version of what it proposed
}

// ErrRejected is wrapped when every attempt was rejected.
var ErrRejected = errors.New("every proposal was rejected")

// Rejection is a reason to refuse a proposal that the model can act on.
type Rejection struct{ Reason string }

func (r *Rejection) Error() string { return r.Reason }

// Reject makes a Rejection.
func Reject(format string, args ...any) error {
	return &Rejection{Reason: fmt.Sprintf(format, args...)}
}

// Conversation asks a model for atoms until check accepts them.
type Conversation struct {
	Model       Chatter
	Attempts    int // proposals at most; default 3
	Temperature *float64
	MaxTokens   int
	// Log is called after every attempt, accepted or not.
	Log func(Attempt)
}

// Ask sends msgs, parses each answer and hands the atoms to check. A parse
// error or a *Rejection from check is an attempt rejected: it is logged,
// the model is told why, and asked again. Any other error from check, or a
// model error, ends the conversation. It returns check's value for the
// accepted attempt, and every attempt.
func Ask[T any](ctx context.Context, c Conversation, msgs []llm.Message, check func(ctx context.Context, atoms []*atom.Entry) (T, error)) (T, []Attempt, error) {
	var zero T
	attempts := c.Attempts
	if attempts <= 0 {
		attempts = 3
	}
	msgs = append([]llm.Message(nil), msgs...)
	var log []Attempt
	for n := 1; n <= attempts; n++ {
		res, err := c.Model.Chat(ctx, llm.Request{Messages: msgs, Temperature: c.Temperature, MaxTokens: c.MaxTokens})
		if err != nil {
			return zero, log, fmt.Errorf("attempt %d: %w", n, err)
		}
		answer := res.Message.Content
		at := Attempt{N: n}
		atoms, perr := Parse(Extract(answer))
		var val T
		if perr == nil {
			for _, e := range atoms {
				at.Atoms = append(at.Atoms, e.Ref())
			}
			val, perr = check(ctx, atoms)
		}
		var rej *Rejection
		var pe *ParseError
		switch {
		case perr == nil:
			at.Accepted = true
			log = append(log, at)
			if c.Log != nil {
				c.Log(at)
			}
			return val, log, nil
		case errors.As(perr, &pe):
			at.Reason = "not a valid atom: " + pe.Error()
		case errors.As(perr, &rej):
			at.Reason = rej.Reason
		default:
			return zero, log, perr
		}
		log = append(log, at)
		if c.Log != nil {
			c.Log(at)
		}
		msgs = append(msgs,
			llm.Message{Role: llm.RoleAssistant, Content: answer},
			llm.Message{Role: llm.RoleUser, Content: "That proposal was rejected:\n" + at.Reason + "\n\nWrite the corrected YAML, in one ```yaml block, and nothing else."})
	}
	return zero, log, fmt.Errorf("%w (%d attempts); last: %s", ErrRejected, len(log), log[len(log)-1].Reason)
}
