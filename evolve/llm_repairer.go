package evolve

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	llmpropose "github.com/legoenv/legoenv/evolve/propose"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/verify"
)

// LLMRepairer asks a model (any OpenAI-compatible endpoint) for a new
// version of the blamed atom. It is meant to follow the deterministic
// repairers in Options.Repairers: the round tries it only for groups they
// did not fix. Every answer is parsed as an atom in memory and linted; with
// Precheck, it must also make the group's failing environments verify
// before it is proposed. A rejected answer is logged, told to the model, and
// retried; the round's gate then decides as for any repairer.
type LLMRepairer struct {
	Model     llmpropose.Chatter
	ModelName string // recorded in the lineage note
	// Codes limits the root causes tried; nil tries every code.
	Codes       map[verify.Code]bool
	Attempts    int // answers per group; default 3
	Temperature *float64
	// Precheck verifies the group's failing environments with the proposal
	// before proposing it, so that the model hears why a repair does not
	// work. The round's gate checks every user of the atom regardless.
	Precheck bool
	// Verify is the verifier of the precheck; nil is verify.VerifyAll.
	Verify func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict
	// Log is called after every answer, accepted or not.
	Log func(code verify.Code, ref string, a llmpropose.Attempt)
}

// NewLLMRepairer is the model repairer with the precheck on.
func NewLLMRepairer(model llmpropose.Chatter, name string) *LLMRepairer {
	return &LLMRepairer{Model: model, ModelName: name, Precheck: true}
}

// The model repairer plugs in as any other.
var _ Repairer = (*LLMRepairer)(nil)

// Name is "llm".
func (r *LLMRepairer) Name() string { return "llm" }

// Handles reports whether the repairer tries code.
func (r *LLMRepairer) Handles(code verify.Code) bool { return r.Codes == nil || r.Codes[code] }

const llmRepairSystem = "You repair atoms of legoenv, a library of training environments for tool-using agents. An environment is verified when a plan reaches its goal, doing nothing fails, wrong plans fail, and replays agree. Answer with the whole new version of the atom in one ```yaml fenced block and nothing else.\n\n" + llmpropose.Guide

// Propose asks the model for a new version of req.Atom.
func (r *LLMRepairer) Propose(ctx context.Context, req Request) (Proposal, error) {
	head := req.Atom
	cur, err := atom.Marshal(head.Atom)
	if err != nil {
		return Proposal{}, fmt.Errorf("llm repairer: render %s: %w", head.Ref(), err)
	}
	msgs := []llm.Message{
		{Role: llm.RoleSystem, Content: llmRepairSystem},
		{Role: llm.RoleUser, Content: llmRepairPrompt(req, string(cur))},
	}
	check := func(ctx context.Context, atoms []*atom.Entry) (any, error) {
		if len(atoms) != 1 {
			return nil, llmpropose.Reject("write exactly one atom, the new version of %s %s; got %d", head.Kind, head.ID, len(atoms))
		}
		e := atoms[0]
		if e.Kind != head.Kind || e.ID != head.ID {
			return nil, llmpropose.Reject("the new version must be %s %q (same kind and id), not %s %q", head.Kind, head.ID, e.Kind, e.ID)
		}
		if e.Version == head.Version {
			return nil, llmpropose.Reject("that is the current version unchanged; change what causes %s", req.Code)
		}
		if r.Precheck {
			if why := r.precheck(ctx, req, e); why != "" {
				return nil, llmpropose.Reject("with that version the failing environments still fail:\n%s", why)
			}
		}
		return e.Atom, nil
	}
	conv := llmpropose.Conversation{Model: r.Model, Attempts: r.Attempts, Temperature: r.Temperature}
	if r.Log != nil {
		conv.Log = func(a llmpropose.Attempt) { r.Log(req.Code, head.Ref(), a) }
	}
	a, attempts, err := llmpropose.Ask(ctx, conv, msgs, check)
	if err != nil {
		if ctx.Err() != nil {
			return Proposal{}, ctx.Err()
		}
		return Proposal{}, fmt.Errorf("%w: llm repairer: %v", ErrNoRepair, err)
	}
	note := fmt.Sprintf("model %s, attempt %d", r.ModelName, len(attempts))
	if r.ModelName == "" {
		note = fmt.Sprintf("model repair, attempt %d", len(attempts))
	}
	return Proposal{Atom: a, Note: note}, nil
}

// precheck verifies the group's failing environments with e in place of
// the head and says why any still fails ("" when all verify).
func (r *LLMRepairer) precheck(ctx context.Context, req Request, e *atom.Entry) string {
	cand := req.Lib.Clone()
	if _, err := cand.Put(e.Atom, req.Atom.File, true); err != nil {
		return err.Error()
	}
	rs := make([]atom.Recipe, len(req.Failures))
	for i, v := range req.Failures {
		rs[i] = llmRepin(v.Recipe, req.Atom.Kind, req.Atom.ID, req.Atom.Version, e.Version)
	}
	vf := r.Verify
	if vf == nil {
		vf = func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
			return verify.VerifyAll(ctx, lib, rs, verify.Options{})
		}
	}
	var why []string
	for i, v := range vf(ctx, cand, rs) {
		if !v.Verified {
			why = append(why, "env "+req.Failures[i].EnvID+": "+llmCause(v))
		}
	}
	if len(why) > 3 {
		why = append(why[:3], fmt.Sprintf("... and %d more", len(why)-3))
	}
	return strings.Join(why, "\n")
}

// llmRepin moves a recipe's pin of one atom from one version to another.
func llmRepin(r atom.Recipe, k atom.Kind, id, from, to string) atom.Recipe {
	return r.WithPins(k, func(p atom.Pin) atom.Pin {
		if p.ID == id && (p.Version == from || p.Version == "") {
			p.Version = to
		}
		return p
	})
}

func llmCause(v verify.Verdict) string {
	if v.RootCause == nil {
		return "not verified"
	}
	s := string(v.RootCause.Code)
	if m := v.RootCause.Evidence.Message; m != "" {
		s += ": " + m
	}
	return s
}

// llmRepairPrompt says what failed, where, and what else uses the atom.
func llmRepairPrompt(req Request, current string) string {
	var b strings.Builder
	doc := ""
	for _, rc := range verify.RootCauses() {
		if rc.Code == req.Code {
			doc = rc.Doc
		}
	}
	fmt.Fprintf(&b, "Root cause: %s", req.Code)
	if doc != "" {
		fmt.Fprintf(&b, " (%s)", doc)
	}
	fmt.Fprintf(&b, "\nIt blocks %d environment(s); the atom at fault is %s:\n```yaml\n%s```\n", len(req.Failures), req.Atom.Ref(), current)
	seen := map[string]bool{}
	var lines []string
	apps := map[string]bool{}
	for _, v := range req.Failures {
		for _, a := range v.Apps {
			apps[a] = true
		}
		if v.RootCause == nil {
			continue
		}
		ev := v.RootCause.Evidence
		line := "- " + ev.Message
		if ev.Assertion != "" {
			line += " [assertion: " + ev.Assertion + "]"
		}
		if f := v.RootCause.SuggestedFix; f != nil && f.Description != "" {
			line += " [suggested: " + f.Description + "]"
		}
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	if len(lines) > 6 {
		lines = append(lines[:6], fmt.Sprintf("- ... and %d more", len(lines)-6))
	}
	if len(lines) > 0 {
		fmt.Fprintf(&b, "\nWhat verification found:\n%s\n", strings.Join(lines, "\n"))
	}
	if len(apps) > 0 {
		names := slices.Sorted(maps.Keys(apps))
		fmt.Fprintf(&b, "\nThe environments use the apps %s:\n%s", strings.Join(names, ", "), llmServers(req.Lib, apps))
	}
	fmt.Fprintf(&b, "\n%d environment(s) use this atom in all; the new version must fix the failing ones and break none of the others.\nWrite the whole new version of %s %s (same kind and id).", len(req.Users), req.Atom.Kind, req.Atom.ID)
	return b.String()
}

// llmServers describes the servers of the given apps only.
func llmServers(lib *atom.Library, apps map[string]bool) string {
	sub := atom.NewLibrary()
	for _, e := range lib.Heads(atom.KindServer) {
		if apps[e.MustServer().AppName()] {
			_, _ = sub.Put(e.Atom, e.File, true)
		}
	}
	return llmpropose.DescribeServers(sub)
}
