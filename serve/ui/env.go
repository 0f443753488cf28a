package ui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

type envPage struct {
	page
	ID, Intent, Family, Data string
	Apps                     []string
	Atoms                    []atomLink
	Verified                 *bool
	Messages                 []episode.Message
	Tools                    []toolView
	State                    []appTables
	StateErr                 string
	Goal                     []checkView
	Rules                    []ruleView
	Verdict                  *verify.Verdict
	Plan                     []callView
	PlanFrom                 string
}

type atomLink struct {
	Kind, ID, Version string
}

func (a atomLink) Href() string { return "/ui/atoms/" + a.Kind + "/" + a.ID }

type toolView struct {
	Name, Description, Schema string
}

type checkView struct {
	Text     string
	Label    string
	Negative bool
	Fence    bool // the whole-world fence, not written in an atom
}

type ruleView struct {
	ID, Text, Placement string
	Checks              []checkView
}

type callView struct {
	Tool, Args string
}

func (u *UI) entryOr404(w http.ResponseWriter, r *http.Request) *entry {
	id := r.PathValue("id")
	e := u.ix.get(id)
	if e == nil {
		u.fail(w, http.StatusNotFound, fmt.Sprintf("No environment %q in this corpus.", id))
	}
	return e
}

func (u *UI) envPage(w http.ResponseWriter, r *http.Request) {
	e := u.entryOr404(w, r)
	if e == nil {
		return
	}
	env := e.env
	p := envPage{page: page{Title: env.ID, Tab: "corpus"}, ID: env.ID, Intent: env.Intent.ID, Family: e.family, Data: env.Data.ID,
		Apps: env.Apps, Verified: e.verified, Messages: env.Messages()}
	p.Atoms = recipeAtoms(env.Recipe)
	for _, t := range env.Tools() {
		d := t.Def()
		p.Tools = append(p.Tools, toolView{Name: d.Name, Description: d.Description, Schema: indentJSON(d.InputSchema)})
	}
	if world, err := env.World(0); err != nil {
		p.StateErr = err.Error()
	} else {
		p.State = stateTables(world, markRecords(env, world))
	}
	rules := map[string]*ruleView{}
	for _, re := range env.Rules {
		ru := re.MustRule()
		p.Rules = append(p.Rules, ruleView{ID: re.ID, Text: ru.Text, Placement: ru.Placed()})
	}
	for i := range p.Rules {
		rules["rule:"+p.Rules[i].ID] = &p.Rules[i]
	}
	for _, c := range env.Checks {
		a := c.Program.Assertion
		cv := checkView{Text: plain(a), Label: a.Label, Negative: a.IsNegative(), Fence: c.Source == episode.FenceSource}
		if rv := rules[c.Source]; rv != nil {
			rv.Checks = append(rv.Checks, cv)
		} else {
			p.Goal = append(p.Goal, cv)
		}
	}
	p.Verdict = u.ix.ensureVerdict(r.Context(), e)
	calls, from := planOf(env, p.Verdict)
	p.PlanFrom = from
	for _, c := range calls {
		p.Plan = append(p.Plan, callView{Tool: c.Name, Args: compactJSON(c.Args)})
	}
	u.render(w, http.StatusOK, "env.html", p)
}

// plain renders an assertion itself, not its label.
func plain(a assert.Assertion) string {
	a.Label = ""
	return a.String()
}

// planOf is the plan to show and replay: the intent's reference plan, or
// the one the verifier found.
func planOf(env *episode.Env, v *verify.Verdict) ([]episode.ToolCall, string) {
	if len(env.Plan) > 0 {
		return env.PlanCalls(), "reference"
	}
	if v != nil && len(v.Plan) > 0 {
		return v.Plan, v.PlanFrom
	}
	return nil, ""
}

func recipeAtoms(r atom.Recipe) []atomLink {
	out := []atomLink{
		{Kind: string(atom.KindIntent), ID: r.Intent.ID, Version: r.Intent.Version},
		{Kind: string(atom.KindData), ID: r.Data.ID, Version: r.Data.Version},
	}
	for _, p := range r.Servers {
		out = append(out, atomLink{Kind: string(atom.KindServer), ID: p.ID, Version: p.Version})
	}
	for _, p := range r.Rules {
		out = append(out, atomLink{Kind: string(atom.KindRule), ID: p.ID, Version: p.Version})
	}
	return out
}

func indentJSON(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

func compactJSON(b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return strings.TrimSpace(string(b))
	}
	out, _ := json.Marshal(v)
	return string(out)
}
