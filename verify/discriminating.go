package verify

import (
	"github.com/legoenv/legoenv/verify/plan"
	"github.com/legoenv/legoenv/verify/probe"
)

// The probes' kinds and outcomes (package probe), as verify names them.
type Probe = probe.Probe

// Probe kinds: the wrong plans a discriminating goal must reject.
const (
	ProbeEmpty          = probe.KindEmpty
	ProbeDrop           = probe.KindDrop
	ProbePerturb        = probe.KindPerturb
	ProbeFreeValue      = probe.KindFreeValue
	ProbeSibling        = probe.KindSibling
	ProbeUnnamed        = probe.KindUnnamed
	ProbeAddedRecipient = probe.KindAddedRecipient
	ProbeOtherBranch    = probe.KindOtherBranch
)

// ProbeKinds lists the kinds of probe in the order the check tries them, a
// copy.
func ProbeKinds() []string { return probe.Kinds() }

// runDiscriminating runs the probes (package probe) on the plan the
// solvable check settled on, and keeps the wrong plans they tried.
func runDiscriminating(p *Job) []Diagnostic {
	free := func(tool, arg string, v any) bool { return p.fillers[plan.FillerKey(tool, arg, v)] }
	pj := &probe.Job{Ctx: p.Ctx, Env: p.Env, Info: p.info.Info, Plan: p.Plan,
		Solved: p.solved, Empty: p.empty, Free: free, Probes: p.Probes}
	ds := probe.Discriminating(pj)
	p.Probes = pj.Probes
	return ds
}
