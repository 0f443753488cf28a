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
	Handles(code verify.Code) bool
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
	Code     verify.Code      // the root cause the group shares
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
// registry that DefaultRepairers returns.
type Func struct {
	Cause verify.Code // the root-cause code handled
	Label string      // the repairer's name
	Doc   string
	Fn    func(ctx context.Context, req Request) (Proposal, error)
}

// Name returns the label.
func (f Func) Name() string { return f.Label }

// Handles reports whether code is the repairer's cause.
func (f Func) Handles(code verify.Code) bool { return code == f.Cause }

// Propose calls Fn.
func (f Func) Propose(ctx context.Context, req Request) (Proposal, error) { return f.Fn(ctx, req) }

// builtin is the registry of deterministic repairers, in the order of
// registration. Only register writes it, from init.
var builtin []Func

// register adds a deterministic repairer. Like database/sql.Register it
// panics on a duplicate, a programming error found when the package loads:
// two repairers of one name or of one root cause would make lineage
// ambiguous.
func register(f Func) {
	if f.Label == "" || f.Cause == "" || f.Fn == nil {
		panic(fmt.Sprintf("evolve: register: repairer %q for %q is incomplete", f.Label, f.Cause))
	}
	for _, g := range builtin {
		if g.Label == f.Label || g.Cause == f.Cause {
			panic(fmt.Sprintf("evolve: register: repairer %s for %s registered twice", f.Label, f.Cause))
		}
	}
	builtin = append(builtin, f)
}

// The built-in repairers, one per root cause they can fix from the
// verifier's suggested fix; registered in one place so that their order
// (the order a round tries them in) does not depend on file names.
func init() {
	register(Func{verify.ServerMissingTool, "add_tool", "synthesise the tool the goal needs from its effect, named in the app's style", repairMissingTool})
	register(Func{verify.ServerSchemaMismatch, "align_field", "make the tool write the field the assertions read, or declare the field", repairSchemaMismatch})
	register(Func{verify.DataMissingEntity, "add_record", "add the record the intent names, with generated values for the fields it reads", repairMissingEntity})
	register(Func{verify.DataGoalAlreadyMet, "change_record", "change the data so that the goal does not hold at the start", repairGoalAlreadyMet})
	register(Func{verify.IntentUnboundSlot, "bind_slot", "bind the slot to the handle the data exports", repairUnboundSlot})
	register(Func{verify.IntentUnverifiable, "rewrite_assertion", "point the assertion at the real field, collection or tool", repairUnverifiable})
	register(Func{verify.VerifierNotDiscriminating, "tighten_assertion", "add the predicate that tells the right record or call from the perturbed one, and the negative assertion that makes an over-action lose", repairNotDiscriminating})
	register(Func{verify.IntentUnaskedChange, "state_the_change", "make the goal check what the plan changes that the whole-world fence rejects as unasked (the tag the instruction asks for)", repairNotDiscriminating})
	register(Func{verify.IntentToolsetExcludes, "add_to_toolset", "offer the tools the task needs that the intent's own list left out", repairToolset})
}

// DefaultRepairers returns the built-in repairers, in a fresh slice the
// caller may change.
func DefaultRepairers() []Repairer {
	out := make([]Repairer, len(builtin))
	for i, f := range builtin {
		out[i] = f
	}
	return out
}

// edits returns the distinct payloads of type E among a group's suggested
// fixes, the most frequent first.
func edits[E verify.Edit](req Request) []E {
	var out []E
	for _, f := range fixes(req, func(e verify.Edit) bool { _, ok := e.(E); return ok }) {
		out = append(out, f.Edit.(E))
	}
	return out
}

// fixes returns the distinct suggested fixes of a group whose payload keep
// accepts, the most frequent first (ties in a stable order).
func fixes(req Request, keep func(verify.Edit) bool) []verify.Fix {
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
		if f.Edit == nil || !keep(f.Edit) {
			continue
		}
		b, _ := json.Marshal(struct {
			A verify.Action
			P verify.Edit
		}{f.Action(), f.Edit})
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
