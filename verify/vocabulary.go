package verify

import (
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/plan"
	"github.com/legoenv/legoenv/verify/verdict"
)

// The verdict vocabulary (package verdict) is verify's API: a verdict, its
// root cause and the fix it suggests are named here as they are there.
type (
	Action             = verdict.Action
	AddAssertion       = verdict.AddAssertion
	AddField           = verdict.AddField
	AddRecord          = verdict.AddRecord
	AddToToolset       = verdict.AddToToolset
	AddTool            = verdict.AddTool
	AtomRef            = verdict.AtomRef
	BindSlot           = verdict.BindSlot
	ChangeRecord       = verdict.ChangeRecord
	CheckResult        = verdict.CheckResult
	Code               = verdict.Code
	CodeDoc            = verdict.CodeDoc
	Edit               = verdict.Edit
	Evidence           = verdict.Evidence
	FieldMove          = verdict.FieldMove
	Fix                = verdict.Fix
	FixEffect          = verdict.FixEffect
	PlanStep           = verdict.PlanStep
	RelaxRule          = verdict.RelaxRule
	RenameField        = verdict.RenameField
	ReplacePlan        = verdict.ReplacePlan
	RewriteAssertion   = verdict.RewriteAssertion
	RewriteInstruction = verdict.RewriteInstruction
	RootCause          = verdict.RootCause
	TightenAssertion   = verdict.TightenAssertion
	Verdict            = verdict.Verdict
)

// Root-cause codes and fix actions, as package verdict defines them.
const (
	ActionAddAssertion         = verdict.ActionAddAssertion
	ActionAddField             = verdict.ActionAddField
	ActionAddRecord            = verdict.ActionAddRecord
	ActionAddToToolset         = verdict.ActionAddToToolset
	ActionAddTool              = verdict.ActionAddTool
	ActionBindSlot             = verdict.ActionBindSlot
	ActionChangeRecord         = verdict.ActionChangeRecord
	ActionFixEffect            = verdict.ActionFixEffect
	ActionRelaxRule            = verdict.ActionRelaxRule
	ActionRenameField          = verdict.ActionRenameField
	ActionReplacePlan          = verdict.ActionReplacePlan
	ActionRewriteAssertion     = verdict.ActionRewriteAssertion
	ActionRewriteInstruction   = verdict.ActionRewriteInstruction
	ActionTightenAssertion     = verdict.ActionTightenAssertion
	DataGoalAlreadyMet         = verdict.DataGoalAlreadyMet
	DataInconsistent           = verdict.DataInconsistent
	DataMissingEntity          = verdict.DataMissingEntity
	Fail                       = verdict.Fail
	IntentAmbiguous            = verdict.IntentAmbiguous
	IntentBadPlan              = verdict.IntentBadPlan
	IntentContradictory        = verdict.IntentContradictory
	IntentGoalNotInInstruction = verdict.IntentGoalNotInInstruction
	IntentNotAsked             = verdict.IntentNotAsked
	IntentToolsetExcludes      = verdict.IntentToolsetExcludes
	IntentTrivialGoal          = verdict.IntentTrivialGoal
	IntentUnaskedChange        = verdict.IntentUnaskedChange
	IntentUnboundSlot          = verdict.IntentUnboundSlot
	IntentUnverifiable         = verdict.IntentUnverifiable
	Nondeterministic           = verdict.Nondeterministic
	Pass                       = verdict.Pass
	RecipeMissingAtom          = verdict.RecipeMissingAtom
	RuleConflictsWithGoal      = verdict.RuleConflictsWithGoal
	ServerMissingApp           = verdict.ServerMissingApp
	ServerMissingTool          = verdict.ServerMissingTool
	ServerSchemaMismatch       = verdict.ServerSchemaMismatch
	ServerToolConflict         = verdict.ServerToolConflict
	ServerToolError            = verdict.ServerToolError
	Skip                       = verdict.Skip
	VerifierNotDiscriminating  = verdict.VerifierNotDiscriminating
)

// RootCauses documents every root-cause code (verdict.RootCauses).
func RootCauses() []CodeDoc { return verdict.RootCauses() }

// Why the planner found no plan (package plan), as Plan returns it.
type (
	Reason    = plan.Reason
	PlanError = plan.Error
)

// The environment's facts, runs and checks as verify's checks and probes
// name them (package facts).
type (
	checkInfo = facts.Check
	collInfo  = facts.Coll
	run       = facts.Run
)
