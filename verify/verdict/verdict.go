package verdict

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// Code names a root cause: why an environment is not verified. The table
// RootCauses() documents every one.
type Code string

// Root-cause codes. Each failing verdict carries exactly one.
const (
	ServerMissingTool          Code = "server.missing_tool"
	ServerToolError            Code = "server.tool_error"
	ServerSchemaMismatch       Code = "server.schema_mismatch"
	ServerMissingApp           Code = "server.missing_app"
	ServerToolConflict         Code = "server.tool_conflict"
	DataMissingEntity          Code = "data.missing_entity"
	DataGoalAlreadyMet         Code = "data.goal_already_met"
	DataInconsistent           Code = "data.inconsistent"
	IntentUnboundSlot          Code = "intent.unbound_slot"
	IntentContradictory        Code = "intent.contradictory_goal"
	IntentGoalNotInInstruction Code = "intent.goal_not_in_instruction"
	IntentToolsetExcludes      Code = "intent.toolset_excludes"
	IntentTrivialGoal          Code = "intent.trivial_goal"
	IntentUnverifiable         Code = "intent.unverifiable"
	RuleConflictsWithGoal      Code = "rule.conflicts_with_goal"
	VerifierNotDiscriminating  Code = "verifier.not_discriminating"
	Nondeterministic           Code = "nondeterministic"
	IntentBadPlan              Code = "intent.bad_plan"
	IntentAmbiguous            Code = "intent.ambiguous"
	IntentUnaskedChange        Code = "intent.unasked_change"
	IntentNotAsked             Code = "intent.not_asked"
	RecipeMissingAtom          Code = "recipe.missing_atom"
)

// CodeDoc is a root-cause code with its doc line.
type CodeDoc struct {
	Code Code
	Doc  string
}

// RootCauses documents every code, one line each, a copy of the table
// that is the taxonomy.
func RootCauses() []CodeDoc { return slices.Clone(rootCauses) }

// rootCauses is the taxonomy: every code with its doc line.
var rootCauses = []CodeDoc{
	{ServerMissingTool, "the goal needs an effect (create, update, ... on a collection) that no tool of the app provides"},
	{ServerToolError, "a tool the plan needs fails when called with valid arguments"},
	{ServerSchemaMismatch, "a tool writes a field under another name than the one the assertions read, or the collection lacks it"},
	{ServerMissingApp, "the intent needs an app no server atom serves"},
	{ServerToolConflict, "two server atoms of one environment declare the same tool name"},
	{DataMissingEntity, "the record a slot or assertion names is not in the data"},
	{DataGoalAlreadyMet, "every positive assertion already holds in the initial state: doing nothing is rewarded"},
	{DataInconsistent, "the data does not fit the servers' collections (unknown collection, wrong key)"},
	{IntentUnboundSlot, "a slot has no handle or value, or names a handle the data does not export"},
	{IntentContradictory, "two assertions of the goal cannot hold together"},
	{IntentToolsetExcludes, "the intent's own tool list leaves out a tool of its apps that the task needs"},
	{IntentTrivialGoal, "the goal already holds at the start because it does not pin the records the task is about (another record satisfies it)"},
	{IntentGoalNotInInstruction, "the plan writes a value the goal checks that nothing the agent sees holds: not the instruction, the system prompt, a tool's answer earlier in the episode"},
	{IntentUnverifiable, "an assertion reads a collection or field no server has, or does not compile"},
	{RuleConflictsWithGoal, "a rule forbids the only way to the goal"},
	{VerifierNotDiscriminating, "a wrong plan (nothing, a step dropped, a key argument perturbed) still passes"},
	{Nondeterministic, "two replays of the same plan give different states or rewards"},
	{IntentBadPlan, "the reference plan fails (bad arguments, misses the goal) where another plan succeeds, or the goal needs a plan the planner cannot derive (a cel assertion, a search past its bounds)"},
	{IntentUnaskedChange, "the plan changes a record or field the goal does not ask for (a tool's side effect, a second field it must write), so the whole-world fence rejects the plan itself: the goal must say it, or the server must declare the field volatile"},
	{IntentNotAsked, "the plan makes a write nothing the agent is told asks for: neither the instruction nor the records it names holds a verb for that kind of write (send, create, update, delete); the instruction shows records and the goal supplies the task"},
	{IntentAmbiguous, "the instruction does not single out a record the goal needs: it reveals nothing about it, or several records match what it reveals"},
	{RecipeMissingAtom, "a recipe pins an atom or a version the library does not have"},
}

// AtomRef names one version of one atom.
type AtomRef struct {
	Kind    atom.Kind `json:"kind"`
	ID      string    `json:"id"`
	Version string    `json:"version,omitempty"`
}

// String renders "kind/id@version".
func (r AtomRef) String() string {
	s := string(r.Kind) + "/" + r.ID
	if r.Version != "" {
		s += "@" + r.Version
	}
	return s
}

// Evidence says what a root cause was found on. Fields are empty when they
// do not apply.
type Evidence struct {
	Assertion  string `json:"assertion,omitempty"`  // the assertion, rendered
	Tool       string `json:"tool,omitempty"`       // a tool name
	Collection string `json:"collection,omitempty"` // "app.collection"
	Field      string `json:"field,omitempty"`      // a field of that collection, or a path in the atom
	Record     string `json:"record,omitempty"`     // a record key
	Slot       string `json:"slot,omitempty"`
	Message    string `json:"message"`
}

// RootCause is why an environment is not verified, and who is to blame.
type RootCause struct {
	Code         Code     `json:"code"`
	Atom         AtomRef  `json:"atom"`
	Evidence     Evidence `json:"evidence"`
	SuggestedFix *Fix     `json:"suggested_fix,omitempty"`
}

// Check statuses.
const (
	Pass = "pass"
	Fail = "fail"
	Skip = "skip"
)

// CheckResult is the outcome of one check on one environment.
type CheckResult struct {
	Name        string   `json:"name"`
	Status      string   `json:"status"`
	Diagnostics []string `json:"diagnostics,omitempty"`
}

// Verdict is the verification result of one environment.
type Verdict struct {
	EnvID     string             `json:"id"`
	Recipe    atom.Recipe        `json:"recipe"`
	Intent    string             `json:"intent"`
	Data      string             `json:"data"`
	Apps      []string           `json:"apps"`
	Verified  bool               `json:"verified"`
	Checks    []CheckResult      `json:"checks"`
	RootCause *RootCause         `json:"root_cause,omitempty"`
	Plan      []episode.ToolCall `json:"plan,omitempty"`      // the plan that solved it (reference or planner)
	PlanFrom  string             `json:"plan_from,omitempty"` // "reference" or "planner"
	// Probes counts the wrong plans the discriminating check ran, by kind
	// (every one lost reward when the verdict is verified).
	Probes map[string]int `json:"probes,omitempty"`
	// Unasked marks a verdict whose plan is grounded even by the
	// instruction cut to the names it mentions: the verifier could not
	// tell here what the task asks from what the agent sees (a defect of
	// the verifier, counted in Summary.Unasked; the verdict stands).
	Unasked bool `json:"unasked,omitempty"`
}

// Uses reports whether the verdict's environment pins an atom (any version
// when ref.Version is empty).
func (v *Verdict) Uses(ref AtomRef) bool {
	match := func(p atom.Pin) bool { return p.ID == ref.ID && (ref.Version == "" || p.Version == ref.Version) }
	switch ref.Kind {
	case atom.KindIntent:
		for _, p := range v.Recipe.Steps {
			if match(p) {
				return true
			}
		}
		return match(v.Recipe.Intent)
	case atom.KindData:
		return match(v.Recipe.Data)
	case atom.KindServer:
		for _, p := range v.Recipe.Servers {
			if match(p) {
				return true
			}
		}
	case atom.KindRule:
		for _, p := range v.Recipe.Rules {
			if match(p) {
				return true
			}
		}
	}
	return false
}
