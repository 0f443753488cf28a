package ui

import (
	"html/template"
	"net/http"
)

// Profile measures a corpus: its size and the distributions of what makes
// an environment hard (calls per solution, apps, assertions). It is
// computed from the environments alone, once; a fuller `legoenv profile`
// can replace profileOf without touching the page.
type Profile struct {
	Envs, Apps, Families, Intents, Rules int

	MultiApp, WithRule, WithNegative float64 // shares of environments
	MeanPlan, MeanApps, MeanChecks     float64
	MeanTools                          float64

	PlanLen, AppsPer, ChecksPer, ToolsPer map[int]int // value -> environments
}

// profileOf measures envs. Plan length is the reference plan's; an
// environment without one counts under 0.
func profileOf(list []*entry) Profile {
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
		p.PlanLen[len(env.Plan)]++
		p.AppsPer[len(env.Apps)]++
		p.ChecksPer[e.checks]++
		p.ToolsPer[nt]++
		plan += len(env.Plan)
		nApps += len(env.Apps)
		checks += e.checks
		tools += nt
	}
	p.Apps, p.Families, p.Intents, p.Rules = len(apps), len(fams), len(intents), len(rules)
	if p.Envs > 0 {
		n := float64(p.Envs)
		p.MultiApp, p.WithRule, p.WithNegative = p.MultiApp/n, p.WithRule/n, p.WithNegative/n
		p.MeanPlan, p.MeanApps, p.MeanChecks, p.MeanTools = float64(plan)/n, float64(nApps)/n, float64(checks)/n, float64(tools)/n
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
	u.profileOnce.Do(func() { u.profile = profileOf(u.ix.list) })
	pr := u.profile
	p := profilePage{page: page{Title: "Profile", Tab: "profile"}, P: pr}
	p.Charts = []template.HTML{
		histogram("plan-length", "Calls in the reference plan", "calls in the reference plan", pr.PlanLen),
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
		{"calls in the reference plan (mean)", f2(pr.MeanPlan)},
		{"apps per environment (mean)", f2(pr.MeanApps)},
		{"assertions per environment (mean)", f2(pr.MeanChecks)},
		{"tools offered (mean)", f2(pr.MeanTools)},
	}
	u.render(w, http.StatusOK, "profile.html", p)
}
