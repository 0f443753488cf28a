package propose

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/verify"
)

// VerifyFunc verifies recipes against a library, one verdict per recipe in
// order (verify.VerifyAll's shape).
type VerifyFunc func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict

// SynthOptions tune synthesis.
type SynthOptions struct {
	Conversation
	Verify VerifyFunc // nil: verify.VerifyAll
}

// Synthesis is an accepted proposal.
type Synthesis struct {
	Atoms    []*atom.Entry    // the new atoms, as proposed
	Recipes  []atom.Recipe    // the environments that verified (as written, unpinned)
	Verdicts []verify.Verdict // every environment tried, verified or not
	Library  *atom.Library    // a copy of the library with the atoms as heads and the recipes added
	Attempts []Attempt
}

func (o SynthOptions) verify() VerifyFunc {
	if o.Verify != nil {
		return o.Verify
	}
	return func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
		return verify.VerifyAll(ctx, lib, rs, verify.Options{})
	}
}

const synthSystem = "You write atoms for legoenv, a library of training environments for tool-using agents. Answer with the YAML in one ```yaml fenced block and nothing else.\n\n" + Guide

// Intent asks the model for a new intent atom for description, over the
// library's apps and data. The proposal is accepted when it parses, lints,
// has a new id, and at least one environment pairing it with a data atom
// that exports its slots' handles verifies. lib is not changed.
func Intent(ctx context.Context, lib *atom.Library, description string, opt SynthOptions) (*Synthesis, error) {
	user := fmt.Sprintf(`Write one new intent atom (kind: intent) for this task family:

%s

Apps you can use:
%s
Data atoms and the handles slots can bind to:
%s
Existing intent ids (yours must be new): %s

An example intent:
`+"```yaml\n%s```"+`

Bind every slot to a handle of one data atom; read only collections and fields of the apps above; give the reference plan.`,
		strings.TrimSpace(description), DescribeServers(lib), DescribeData(lib), ids(lib, atom.KindIntent), Example(lib, atom.KindIntent))
	gate := opt.verify()
	check := func(ctx context.Context, atoms []*atom.Entry) (*Synthesis, error) {
		if len(atoms) != 1 || atoms[0].Kind != atom.KindIntent {
			return nil, Reject("expected exactly one intent atom, got %s", kinds(atoms))
		}
		e := atoms[0]
		if lib.Head(atom.KindIntent, e.ID) != nil {
			return nil, Reject("intent id %q already exists; choose a new id", e.ID)
		}
		in := e.MustIntent()
		for _, app := range in.Apps {
			if lib.ServerFor(app) == nil {
				return nil, Reject("no server serves app %q; apps: %s", app, appNames(lib))
			}
		}
		var recipes []atom.Recipe
		for _, de := range lib.Heads(atom.KindData) {
			if exportsSlots(de.MustData(), in) {
				recipes = append(recipes, atom.Recipe{Intent: atom.Pin{ID: e.ID}, Data: atom.Pin{ID: de.ID}})
			}
		}
		if len(recipes) == 0 {
			return nil, Reject("no data atom exports the handles the slots name (%s)", slotHandles(in))
		}
		return gateAtoms(ctx, lib, gate, atoms, recipes)
	}
	return run(ctx, opt, user, check)
}

// App asks the model for a new application: a server atom, a data atom for
// it, and at least one intent over it with a reference plan. The proposal is
// accepted when every atom parses and lints, the ids and the app are new,
// and at least one of its intents verifies on the new data; intents that do
// not verify are left out. lib is not changed.
func App(ctx context.Context, lib *atom.Library, description string, opt SynthOptions) (*Synthesis, error) {
	gate := opt.verify()
	check := func(ctx context.Context, atoms []*atom.Entry) (*Synthesis, error) {
		return checkApp(ctx, lib, gate, atoms)
	}
	return run(ctx, opt, appPrompt(lib, description), check)
}

// appPrompt asks for a new app described in words, showing the model the
// names already taken and an example server and data atom.
func appPrompt(lib *atom.Library, description string) string {
	return fmt.Sprintf(`Write a new application for legoenv as three or more YAML documents separated by "---" in one block: a server atom (kind: server) for the app, a data atom (kind: data) with realistic records for it and handles, and at least one intent atom (kind: intent) over the app with a reference plan.

The application:

%s

Existing apps (yours must be new): %s
Existing ids: servers %s; data %s; intents %s

An example server:
`+"```yaml\n%s```"+`

An example data atom:
`+"```yaml\n%s```",
		strings.TrimSpace(description), appNames(lib), ids(lib, atom.KindServer), ids(lib, atom.KindData), ids(lib, atom.KindIntent),
		Example(lib, atom.KindServer), Example(lib, atom.KindData))
}

// appParts splits a proposed app into its one server, one data atom and
// intents, rejecting ids already in lib and any other kind.
func appParts(lib *atom.Library, atoms []*atom.Entry) (server, data *atom.Entry, intents []*atom.Entry, err error) {
	for _, e := range atoms {
		if lib.Head(e.Kind, e.ID) != nil {
			return nil, nil, nil, Reject("%s id %q already exists; choose a new id", e.Kind, e.ID)
		}
		switch e.Kind {
		case atom.KindServer:
			if server != nil {
				return nil, nil, nil, Reject("propose exactly one server atom, not several")
			}
			server = e
		case atom.KindData:
			if data != nil {
				return nil, nil, nil, Reject("propose exactly one data atom, not several")
			}
			data = e
		case atom.KindIntent:
			intents = append(intents, e)
		default:
			return nil, nil, nil, Reject("a new app needs a server, a data atom and intents; drop the %s atom %q", e.Kind, e.ID)
		}
	}
	if server == nil || data == nil || len(intents) == 0 {
		return nil, nil, nil, Reject("expected a server, a data atom and at least one intent, got %s", kinds(atoms))
	}
	return server, data, intents, nil
}

// appRecipes pairs each proposed intent with the proposed data, rejecting
// an intent that does not use the new app or needs an app nobody serves.
func appRecipes(lib *atom.Library, app string, data *atom.Entry, intents []*atom.Entry) ([]atom.Recipe, error) {
	var recipes []atom.Recipe
	for _, ie := range intents {
		in := ie.MustIntent()
		uses := false
		for _, a := range in.Apps {
			if a == app {
				uses = true
			} else if lib.ServerFor(a) == nil {
				return nil, Reject("intent %s needs app %q, which no server serves", in.ID, a)
			}
		}
		if !uses {
			return nil, Reject("intent %s does not use the new app %q", in.ID, app)
		}
		recipes = append(recipes, atom.Recipe{Intent: atom.Pin{ID: ie.ID}, Data: atom.Pin{ID: data.ID}})
	}
	return recipes, nil
}

// checkApp judges a proposed app: its parts, its recipes, then the gate;
// the intents that do not verify are dropped.
func checkApp(ctx context.Context, lib *atom.Library, gate VerifyFunc, atoms []*atom.Entry) (*Synthesis, error) {
	server, data, intents, err := appParts(lib, atoms)
	if err != nil {
		return nil, err
	}
	app := server.MustServer().AppName()
	if lib.ServerFor(app) != nil {
		return nil, Reject("app %q already exists; name a new app", app)
	}
	recipes, err := appRecipes(lib, app, data, intents)
	if err != nil {
		return nil, err
	}
	syn, err := gateAtoms(ctx, lib, gate, atoms, recipes)
	if err != nil {
		return nil, err
	}
	// Keep the intents that verified, with the server and data.
	ok := map[string]bool{}
	for _, r := range syn.Recipes {
		ok[r.Intent.ID] = true
	}
	kept := []*atom.Entry{server, data}
	for _, ie := range intents {
		if ok[ie.ID] {
			kept = append(kept, ie)
		}
	}
	if len(kept) < len(atoms) {
		if syn.Library, err = withAtoms(lib, kept, syn.Recipes); err != nil {
			return nil, err
		}
	}
	syn.Atoms = kept
	return syn, nil
}

func run(ctx context.Context, opt SynthOptions, user string, check func(context.Context, []*atom.Entry) (*Synthesis, error)) (*Synthesis, error) {
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: synthSystem}, {Role: llm.RoleUser, Content: user}}
	syn, log, err := Ask(ctx, opt.Conversation, msgs, check)
	if err != nil {
		return &Synthesis{Attempts: log}, err
	}
	syn.Attempts = log
	return syn, nil
}

// gateAtoms puts the atoms into a copy of lib and verifies the recipes on
// it; at least one must verify.
func gateAtoms(ctx context.Context, lib *atom.Library, gate VerifyFunc, atoms []*atom.Entry, recipes []atom.Recipe) (*Synthesis, error) {
	trial, err := withAtoms(lib, atoms, nil)
	if err != nil {
		return nil, err
	}
	vs := gate(ctx, trial, recipes)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var ok []atom.Recipe
	var why []string
	for i, v := range vs {
		if v.Verified {
			ok = append(ok, recipes[i])
			continue
		}
		why = append(why, "with data "+recipes[i].Data.ID+": "+verdictReason(v))
	}
	if len(ok) == 0 {
		if len(why) > 3 {
			why = append(why[:3], fmt.Sprintf("... and %d more", len(why)-3))
		}
		return nil, Reject("no environment verifies:\n%s", strings.Join(why, "\n"))
	}
	final, err := withAtoms(lib, atoms, ok)
	if err != nil {
		return nil, err
	}
	return &Synthesis{Atoms: atoms, Recipes: ok, Verdicts: vs, Library: final}, nil
}

// withAtoms copies lib with the atoms as heads and the recipes added.
func withAtoms(lib *atom.Library, atoms []*atom.Entry, recipes []atom.Recipe) (*atom.Library, error) {
	c := lib.Clone()
	for _, e := range atoms {
		if _, err := c.Put(e.Atom, atom.DefaultPath(e.Kind, e.ID), true); err != nil {
			return nil, fmt.Errorf("put %s: %w", e.Ref(), err)
		}
	}
	if len(recipes) > 0 {
		c.SetRecipes(append(lib.Recipes(), recipes...))
	}
	return c, nil
}

// verdictReason is a failing verdict in one line: root cause and evidence.
func verdictReason(v verify.Verdict) string {
	if v.RootCause == nil {
		for _, c := range v.Checks {
			if c.Status == verify.Fail {
				return c.Name + " failed: " + strings.Join(c.Diagnostics, "; ")
			}
		}
		return "not verified"
	}
	rc := v.RootCause
	s := string(rc.Code) + " (" + rc.Atom.String() + ")"
	if rc.Evidence.Message != "" {
		s += ": " + rc.Evidence.Message
	}
	if rc.SuggestedFix != nil && rc.SuggestedFix.Description != "" {
		s += "; suggested: " + rc.SuggestedFix.Description
	}
	return s
}

func exportsSlots(d *atom.Data, in *atom.Intent) bool {
	for _, s := range in.Slots {
		if s.Handle != "" {
			if _, ok := d.Handles[s.Handle]; !ok {
				return false
			}
		}
	}
	return true
}

func slotHandles(in *atom.Intent) string {
	var hs []string
	for n, s := range in.Slots {
		if s.Handle != "" {
			hs = append(hs, n+" -> "+s.Handle)
		}
	}
	sort.Strings(hs)
	if len(hs) == 0 {
		return "no slot names a handle"
	}
	return strings.Join(hs, ", ")
}

func kinds(atoms []*atom.Entry) string {
	var out []string
	for _, e := range atoms {
		out = append(out, string(e.Kind)+" "+e.ID)
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

func appNames(lib *atom.Library) string {
	var out []string
	for _, e := range lib.Heads(atom.KindServer) {
		out = append(out, e.MustServer().AppName())
	}
	return strings.Join(out, ", ")
}
