package ui

import (
	"html/template"
	"net/http"

	"github.com/legoenv/legoenv/verify"
)

// Profile measures a corpus: its size and the distributions of what makes
// an environment hard (calls per solution, apps, assertions). It is
// computed from the environments alone, once; a fuller `legoenv profile`
// can replace profileOf without touching the page.
type Profile struct {
	Envs, Apps, Families, Intents, Rules int
	Planned                              int // environments whose plan is known

	MultiApp, WithRule, WithNegative float64 // shares of environments
	MeanPlan, MeanApps, MeanChecks   float64
	MeanTools                        float64

	PlanLen, AppsPer, ChecksPer, ToolsPer map[int]int // value -> environments
}

// profileOf measures envs. A plan's length is the reference plan's, or the
// verifier's when the intent has none; environments with neither (not
// verified yet, or unsolvable) are left out of that distribution.
func profileOf(list []*entry, verdict func(id string) *verify.Verdict) Profile {
	p := Profile{PlanLen: map[int]int{}, AppsPer: map[int]int{}, ChecksPer: map[int]int{}, ToolsPer: map[int]int{}}
	apps, fams, intents, rules := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	var plan, nApps, checks, tools int
	for _, e := range list {
		env := e.env
		p.Envs++
		for _, a := range env.Apps {
			apps[a] = true
		}
		if e.family != "" {
			fams[e.family] = true
		}
		intents[env.Intent.ID] = true
		for _, r := range e.rules {
			rules[r] = true
		}
		if len(env.Apps) > 1 {
			p.MultiApp++
		}
		if len(e.rules) > 0 {
			p.WithRule++
		}
		if e.negative > 0 {
			p.WithNegative++
		}
		nt := len(env.Tools())
		if v := verdict(env.ID); len(env.Plan) > 0 || (v != nil && len(v.Plan) > 0) {
			n := e.planLen(v)
			p.PlanLen[n]++
			p.Planned++
			plan += n
		}
		p.AppsPer[len(env.Apps)]++
		p.ChecksPer[e.checks]++
		p.ToolsPer[nt]++
		nApps += len(env.Apps)
		checks += e.checks
		tools += nt
	}
	p.Apps, p.Families, p.Intents, p.Rules = len(apps), len(fams), len(intents), len(rules)
	if p.Envs > 0 {
		n := float64(p.Envs)
		p.MultiApp, p.WithRule, p.WithNegative = p.MultiApp/n, p.WithRule/n, p.WithNegative/n
		p.MeanApps, p.MeanChecks, p.MeanTools = float64(nApps)/n, float64(checks)/n, float64(tools)/n
	}
	if p.Planned > 0 {
		p.MeanPlan = float64(plan) / float64(p.Planned)
	}
	return p
}

type profilePage struct {
	page
	P      Profile
	Charts []template.HTML
	Table  []profileRow
}

type profileRow struct {
	Measure, Value string
}

func (u *UI) profilePage(w http.ResponseWriter, _ *http.Request) {
	pr := profileOf(u.ix.list, u.ix.verdict)
	p := profilePage{page: page{Title: "Profile", Tab: "profile"}, P: pr}
	p.Charts = []template.HTML{
		histogram("plan-length", "Calls per solution (reference or verifier's plan)", "calls per solution", pr.PlanLen),
		histogram("apps-per-env", "Apps per environment", "apps per environment", pr.AppsPer),
		histogram("checks-per-env", "Assertions per environment (goal and rules)", "assertions per environment", pr.ChecksPer),
		histogram("tools-per-env", "Tools offered per environment", "tools offered", pr.ToolsPer),
	}
	p.Table = []profileRow{
		{"environments", itoa(pr.Envs)},
		{"apps", itoa(pr.Apps)},
		{"intent families", itoa(pr.Families)},
		{"intents", itoa(pr.Intents)},
		{"rules", itoa(pr.Rules)},
		{"spanning two or more apps", pct(pr.MultiApp)},
		{"under a rule", pct(pr.WithRule)},
		{"with a negative assertion", pct(pr.WithNegative)},
		{"environments with a known plan", itoa(pr.Planned)},
		{"calls per solution (mean)", f2(pr.MeanPlan)},
		{"apps per environment (mean)", f2(pr.MeanApps)},
		{"assertions per environment (mean)", f2(pr.MeanChecks)},
		{"tools offered (mean)", f2(pr.MeanTools)},
	}
	u.render(w, http.StatusOK, "profile.html", p)
}
