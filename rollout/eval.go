package rollout

import (
	"math"
	"sort"
)

// Stat is pass rate and mean partial credit over a group of episodes, with
// 95% confidence intervals: Wilson's score interval for the pass rate (it
// stays inside [0, 1] and behaves at 0 and 1 passes), Student's t interval
// for the mean credit, clipped to [0, 1]. Episodes of one environment are
// treated as independent draws.
type Stat struct {
	Group      string  `json:"group"` // all, model, app, domain, family
	Key        string  `json:"key"`
	Episodes   int     `json:"episodes"`
	Envs       int     `json:"envs"`
	Passed     int     `json:"passed"`
	PassRate   float64 `json:"pass_rate"`
	PassLow    float64 `json:"pass_ci_low"`
	PassHigh   float64 `json:"pass_ci_high"`
	MeanCredit float64 `json:"mean_credit"`
	CreditLow  float64 `json:"credit_ci_low"`
	CreditHigh float64 `json:"credit_ci_high"`
	MeanSteps  float64 `json:"mean_steps"`
}

// Report is an evaluation of a trajectory file, AutomationBench-style: one
// line overall, then per model (when there are several), app, domain and
// intent family.
type Report struct {
	Overall  Stat     `json:"overall"`
	Models   []Stat   `json:"models"`
	Apps     []Stat   `json:"apps"`
	Domains  []Stat   `json:"domains"`
	Families []Stat   `json:"families"`
	Unknown  []string `json:"unknown_envs"` // env ids not in the environments given
}

// Unknown is the group key of episodes whose environment is not known.
const Unknown = "(unknown)"

type acc struct {
	n, passed int
	credit    []float64
	steps     int
	envs      map[string]bool
}

func (a *acc) add(t *Trajectory) {
	if a.envs == nil {
		a.envs = map[string]bool{}
	}
	a.n++
	if t.Passed {
		a.passed++
	}
	a.credit = append(a.credit, t.Reward)
	a.steps += t.Steps
	a.envs[t.EnvID] = true
}

func (a *acc) stat(group, key string) Stat {
	s := Stat{Group: group, Key: key, Episodes: a.n, Envs: len(a.envs), Passed: a.passed}
	if a.n == 0 {
		return s
	}
	n := float64(a.n)
	s.PassRate = float64(a.passed) / n
	s.PassLow, s.PassHigh = wilson(a.passed, a.n)
	var sum float64
	for _, c := range a.credit {
		sum += c
	}
	s.MeanCredit = sum / n
	s.CreditLow, s.CreditHigh = meanCI(a.credit, s.MeanCredit)
	s.MeanSteps = float64(a.steps) / n
	return s
}

const z95 = 1.959963984540054

// wilson is the 95% Wilson score interval for k successes in n trials.
func wilson(k, n int) (float64, float64) {
	p, nf := float64(k)/float64(n), float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return math.Max(0, center-half), math.Min(1, center+half)
}

// tCrit is Student's t at 0.975 for df 1..30 (standard tables).
var tCrit = []float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}

func tQuantile(df int) float64 {
	if df <= len(tCrit) {
		return tCrit[df-1]
	}
	// Cornish-Fisher's first correction to the normal quantile: within
	// 0.001 of the table for df > 30.
	return z95 + (z95*z95*z95+z95)/(4*float64(df))
}

// meanCI is the 95% t interval of the mean of xs, clipped to [0, 1]; one
// observation says nothing about spread, so its interval is [0, 1].
func meanCI(xs []float64, mean float64) (float64, float64) {
	if len(xs) < 2 {
		return 0, 1
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	half := tQuantile(len(xs)-1) * sd / math.Sqrt(float64(len(xs)))
	return math.Max(0, mean-half), math.Min(1, mean+half)
}

// Evaluate groups trajectories by the environments' apps, domains and
// intent families (info maps env ids to them). An episode counts once in
// every app and domain its environment uses.
func Evaluate(trajs []*Trajectory, info map[string]EnvInfo) Report {
	var all acc
	models, apps, domains, families := map[string]*acc{}, map[string]*acc{}, map[string]*acc{}, map[string]*acc{}
	unknown := map[string]bool{}
	into := func(m map[string]*acc, key string, t *Trajectory) {
		if key == "" {
			key = Unknown
		}
		a := m[key]
		if a == nil {
			a = &acc{}
			m[key] = a
		}
		a.add(t)
	}
	for _, t := range trajs {
		all.add(t)
		into(models, t.Model, t)
		in, ok := info[t.EnvID]
		if !ok {
			unknown[t.EnvID] = true
			in = EnvInfo{Apps: []string{Unknown}, Domains: []string{Unknown}, Family: Unknown}
		}
		for _, a := range in.Apps {
			into(apps, a, t)
		}
		if len(in.Domains) == 0 {
			into(domains, Unknown, t)
		}
		for _, d := range in.Domains {
			into(domains, d, t)
		}
		into(families, in.Family, t)
	}
	r := Report{Overall: all.stat("all", "all"), Models: stats("model", models), Apps: stats("app", apps), Domains: stats("domain", domains), Families: stats("family", families), Unknown: []string{}}
	if len(r.Models) < 2 {
		r.Models = []Stat{}
	}
	for id := range unknown {
		r.Unknown = append(r.Unknown, id)
	}
	sort.Strings(r.Unknown)
	return r
}

func stats(group string, m map[string]*acc) []Stat {
	out := make([]Stat, 0, len(m))
	for k, a := range m {
		out = append(out, a.stat(group, k))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
