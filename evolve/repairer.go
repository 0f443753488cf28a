package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// Repairer proposes a new version of the atom a group of failures blames.
// A proposal is only a candidate: the round re-verifies every environment
// that uses the atom and accepts it only if it fixes at least one and breaks
// none that was verified. Deterministic repairers and model-backed ones plug
// in alike, as values in Options.Repairers.
type Repairer interface {
	// Name identifies the repairer in reports, the store and lineage.
	Name() string
	// Handles reports whether the repairer can try a root-cause code.
	Handles(code string) bool
	// Propose returns the new atom value for req.Atom, or an error wrapping
	// ErrNoRepair when it has nothing to propose. It must not change
	// req.Atom or anything in req.Lib.
	Propose(ctx context.Context, req Request) (Proposal, error)
}

// ErrNoRepair is wrapped by a repairer that declines a group (no suggested
// fix it can apply, ambiguous evidence); the round records why and moves on.
var ErrNoRepair = errors.New("no repair")

// Request is one group of failures handed to a repairer.
type Request struct {
	Round    int
	Code     string           // the root cause the group shares
	Atom     *atom.Entry      // the blamed atom, at its head version
	Lib      *atom.Library    // the library as it stands (read only)
	Failures []verify.Verdict // the group's failing verdicts, most common fix first
	Users    []atom.Recipe    // every recipe that composes with Atom; the gate re-verifies them all
}

// Proposal is a repairer's candidate.
type Proposal struct {
	Atom any    // the new *atom.Server, *atom.Data, *atom.Rule or *atom.Intent; same kind and id as the request's atom
	Note string // what changed, one line; kept in the lineage
}

// Func is a deterministic repairer for one root cause: a value in the
// table that DefaultRepairers returns.
type Func struct {
	Cause string // the root-cause code handled
	Label string // the repairer's name
	Doc   string
	Fn    func(ctx context.Context, req Request) (Proposal, error)
}

// Name returns the label.
func (f Func) Name() string { return f.Label }

// Handles reports whether code is the repairer's cause.
func (f Func) Handles(code string) bool { return code == f.Cause }

// Propose calls Fn.
func (f Func) Propose(ctx context.Context, req Request) (Proposal, error) { return f.Fn(ctx, req) }

// Deterministic is the table of built-in repairers, one per root cause
// they can fix from the verifier's suggested fix.
var Deterministic = []Func{
	{verify.ServerMissingTool, "add_tool", "synthesise the tool the goal needs from its effect, named in the app's style", repairMissingTool},
	{verify.ServerSchemaMismatch, "align_field", "make the tool write the field the assertions read, or declare the field", repairSchemaMismatch},
	{verify.DataMissingEntity, "add_record", "add the record the intent names, with generated values for the fields it reads", repairMissingEntity},
	{verify.DataGoalAlreadyMet, "change_record", "change the data so that the goal does not hold at the start", repairGoalAlreadyMet},
	{verify.IntentUnboundSlot, "bind_slot", "bind the slot to the handle the data exports", repairUnboundSlot},
	{verify.IntentUnverifiable, "rewrite_assertion", "point the assertion at the real field, collection or tool", repairUnverifiable},
	{verify.VerifierNotDiscriminating, "tighten_assertion", "add the predicate that tells the right record or call from the perturbed one, and the negative assertion that makes an over-action lose", repairNotDiscriminating},
	{verify.IntentToolsetExcludes, "add_to_toolset", "offer the tools the task needs that the intent's own list left out", repairToolset},
}

// DefaultRepairers returns the deterministic table as Repairers.
func DefaultRepairers() []Repairer {
	out := make([]Repairer, len(Deterministic))
	for i, f := range Deterministic {
		out[i] = f
	}
	return out
}

// fixes returns the distinct suggested fixes of a group with the given
// action, the most frequent first (ties in a stable order).
func fixes(req Request, actions ...string) []verify.Fix {
	want := map[string]bool{}
	for _, a := range actions {
		want[a] = true
	}
	type counted struct {
		fix verify.Fix
		key string
		n   int
	}
	byKey := map[string]*counted{}
	for _, v := range req.Failures {
		if v.RootCause == nil || v.RootCause.SuggestedFix == nil {
			continue
		}
		f := *v.RootCause.SuggestedFix
		if !want[f.Action] {
			continue
		}
		b, _ := json.Marshal(struct {
			A string
			P map[string]any
		}{f.Action, f.Params})
		k := string(b)
		if c := byKey[k]; c != nil {
			c.n++
			continue
		}
		byKey[k] = &counted{fix: f, key: k, n: 1}
	}
	list := make([]*counted, 0, len(byKey))
	for _, c := range byKey {
		list = append(list, c)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].n != list[j].n {
			return list[i].n > list[j].n
		}
		return list[i].key < list[j].key
	})
	out := make([]verify.Fix, len(list))
	for i, c := range list {
		out[i] = c.fix
	}
	return out
}

// noRepair is a declined request.
func noRepair(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNoRepair, fmt.Sprintf(format, args...))
}

// clone deep-copies an atom through its JSON form, so that a repairer edits
// its own copy and never the library's.
func clone[T any](a *T) (*T, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// decodeAtom reads an atom of kind k from its JSON form.
func decodeAtom(k atom.Kind, b []byte) (any, error) {
	var a any
	switch k {
	case atom.KindServer:
		a = &atom.Server{}
	case atom.KindData:
		a = &atom.Data{}
	case atom.KindRule:
		a = &atom.Rule{}
	case atom.KindIntent:
		a = &atom.Intent{}
	default:
		return nil, fmt.Errorf("unknown atom kind %q", k)
	}
	if err := json.Unmarshal(b, a); err != nil {
		return nil, fmt.Errorf("decode %s atom: %w", k, err)
	}
	return a, nil
}

// Parameter readers: fixes built in memory hold Go values ([]string, int),
// fixes read back from JSON hold []any and float64.

func pString(p map[string]any, k string) string {
	s, _ := p[k].(string)
	return s
}

func pInt(p map[string]any, k string) (int, bool) {
	switch x := p[k].(type) {
	case int:
		return x, true
	case int64:
		return int(x), true
	case float64:
		return int(x), x == float64(int(x))
	case json.Number:
		n, err := x.Int64()
		return int(n), err == nil
	}
	return 0, false
}

func pStrings(p map[string]any, k string) []string {
	switch x := p[k].(type) {
	case []string:
		return x
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func pMap(p map[string]any, k string) map[string]any {
	m, _ := p[k].(map[string]any)
	return m
}
