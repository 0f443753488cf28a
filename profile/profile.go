package profile

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/verify"
)

// Profile is a corpus's shape, the figures the side-by-side table shows.
type Profile struct {
	Name string `json:"name"`
	Envs int    `json:"envs"`
	Apps int    `json:"apps"` // distinct apps over the environments

	// Tool calls a solution needs (Env.Calls): median, share at 5 or more
	// and at 8 or more; PlanKnown is the share with a known plan.
	CallsMedian float64 `json:"calls_median"`
	Calls5      float64 `json:"calls_5_share"`
	Calls8      float64 `json:"calls_8_share"`
	PlanMedian  float64 `json:"plan_steps_median"`
	PlanKnown   float64 `json:"plan_known_share"`

	AppsMean float64 `json:"apps_mean"`
	Apps3    float64 `json:"apps_3_share"`

	AssertionsMean float64 `json:"assertions_mean"`
	NegativeShare  float64 `json:"negative_share"`

	PromptWordsMedian float64 `json:"prompt_words_median"`

	// Where rules live: shares of environments with a rule in the system
	// prompt, and with one in the data (a rule document or a policy
	// record); RuleRelevant is over the environments with any rule.
	RulesPromptShare  float64 `json:"rules_prompt_share"`
	RulesDataShare    float64 `json:"rules_data_share"`
	RuleRelevantShare float64 `json:"rule_relevant_share"`

	ToolsMedian float64 `json:"tools_median"`

	Families    int      `json:"families"`
	Top4Share   float64  `json:"top4_share"`
	TopFamilies []string `json:"top_families"`
	// FamilyTopShare is the largest family's share; FamilyTable measures
	// every family on its own (share and depth), largest first.
	FamilyTopShare float64       `json:"family_top_share"`
	FamilyTable    []FamilyDepth `json:"family_table"`
	// Variety is how varied the instructions are: 4-gram ratio and the
	// most common opening.
	Variety Variety `json:"variety"`
	// AssertionsMedian and Negatives are the goal's size: median
	// assertions, and the share with a negative one, beside the mean.
	AssertionsMedian float64 `json:"assertions_median"`

	DataOnlyShare float64 `json:"data_only_share"`
}

// Summarize aggregates per-environment measures.
func Summarize(name string, ms []Env, apps int) Profile {
	p := Profile{Name: name, Envs: len(ms), Apps: apps}
	n := float64(len(ms))
	if n == 0 {
		return p
	}
	var calls, plans, words, tools, asserts []float64
	fam := map[string]int{}
	ruled := 0
	for _, m := range ms {
		calls = append(calls, float64(m.Calls))
		if m.PlanSteps >= 0 {
			plans = append(plans, float64(m.PlanSteps))
		}
		words = append(words, float64(m.PromptWords))
		tools = append(tools, float64(m.Tools))
		asserts = append(asserts, float64(m.Assertions))
		p.Calls5 += b2f(m.Calls >= 5)
		p.Calls8 += b2f(m.Calls >= 8)
		p.AppsMean += float64(m.Apps)
		p.Apps3 += b2f(m.Apps >= 3)
		p.AssertionsMean += float64(m.Assertions)
		p.NegativeShare += b2f(m.Negatives > 0)
		p.RulesPromptShare += b2f(m.RulesPrompt > 0)
		p.RulesDataShare += b2f(m.RulesData > 0)
		if m.RulesPrompt+m.RulesData > 0 {
			ruled++
			p.RuleRelevantShare += b2f(m.RuleRelevant)
		}
		p.DataOnlyShare += b2f(m.DataOnly)
		fam[m.Family]++
	}
	p.CallsMedian, p.PlanMedian = median(calls), median(plans)
	p.PlanKnown = float64(len(plans)) / n
	p.PromptWordsMedian, p.ToolsMedian = median(words), median(tools)
	for _, f := range []*float64{&p.Calls5, &p.Calls8, &p.AppsMean, &p.Apps3, &p.AssertionsMean, &p.NegativeShare, &p.RulesPromptShare, &p.RulesDataShare, &p.DataOnlyShare} {
		*f /= n
	}
	if ruled > 0 {
		p.RuleRelevantShare /= float64(ruled)
	}
	names := make([]string, 0, len(fam))
	for f := range fam {
		names = append(names, f)
	}
	sort.Slice(names, func(i, j int) bool {
		if fam[names[i]] != fam[names[j]] {
			return fam[names[i]] > fam[names[j]]
		}
		return names[i] < names[j]
	})
	p.Families = len(names)
	top := 0
	for i := 0; i < len(names) && i < 4; i++ {
		top += fam[names[i]]
		p.TopFamilies = append(p.TopFamilies, names[i])
	}
	p.Top4Share = float64(top) / n
	p.AssertionsMedian = median(asserts)
	p.FamilyTable = familyDepths(ms)
	p.FamilyTopShare = p.FamilyTable[0].Share
	p.Variety = measureVariety(ms)
	return p
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Options tune Library and Recipes.
type Options struct {
	// Steps gives the plan length verification found, by environment id
	// (from envs.jsonl or verdicts).
	Steps map[string]int
	// Planner runs the planner on environments with neither a known plan
	// nor a reference plan.
	Planner bool
	Jobs    int
}

// Recipes composes and measures recipes of lib. Recipes that do not
// compose are counted in the error count, not measured.
func Recipes(ctx context.Context, name string, lib *atom.Library, rs []atom.Recipe, opt Options) (Profile, []Env, int, error) {
	ms := make([]Env, len(rs))
	ok := make([]bool, len(rs))
	apps := make([][]string, len(rs))
	parallel.For(ctx, len(rs), opt.Jobs, func(i int) {
		env, err := episode.Compose(lib, rs[i], episode.Options{})
		if err != nil {
			return
		}
		steps := -1
		if s, found := opt.Steps[env.ID]; found {
			steps = s
		} else if opt.Planner && len(env.Plan) == 0 {
			if calls, err := verify.Plan(ctx, env); err == nil {
				steps = len(calls)
			}
		}
		ms[i], ok[i], apps[i] = Measure(env, steps), true, env.Apps
	}, nil)
	if err := ctx.Err(); err != nil {
		return Profile{}, nil, 0, err
	}
	var out []Env
	seen := map[string]bool{}
	bad := 0
	for i := range rs {
		if !ok[i] {
			bad++
			continue
		}
		out = append(out, ms[i])
		for _, a := range apps[i] {
			seen[a] = true
		}
	}
	return Summarize(name, out, len(seen)), out, bad, nil
}

// row is one line of the side-by-side table.
type row struct {
	label string
	value func(p Profile) string
}

func pct(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

func num(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.1f", f)
}

var rows = []row{
	{"environments", func(p Profile) string { return fmt.Sprint(p.Envs) }},
	{"apps", func(p Profile) string { return fmt.Sprint(p.Apps) }},
	{"tool calls a solution needs (median)", func(p Profile) string { return num(p.CallsMedian) }},
	{"  share needing 5+ / 8+", func(p Profile) string { return pct(p.Calls5) + " / " + pct(p.Calls8) }},
	{"  verified plan length (median; share known)", func(p Profile) string { return num(p.PlanMedian) + " (" + pct(p.PlanKnown) + ")" }},
	{"apps per task (mean; share 3+)", func(p Profile) string { return fmt.Sprintf("%.1f (%s)", p.AppsMean, pct(p.Apps3)) }},
	{"goal assertions (mean; median)", func(p Profile) string { return fmt.Sprintf("%.1f; %s", p.AssertionsMean, num(p.AssertionsMedian)) }},
	{"  share with negatives", func(p Profile) string { return pct(p.NegativeShare) }},
	{"prompt words (median)", func(p Profile) string { return num(p.PromptWordsMedian) }},
	{"rules in the system prompt (share)", func(p Profile) string { return pct(p.RulesPromptShare) }},
	{"rules in the data (share)", func(p Profile) string { return pct(p.RulesDataShare) }},
	{"  rule relevant to the goal (of ruled)", func(p Profile) string { return pct(p.RuleRelevantShare) }},
	{"tools offered (median)", func(p Profile) string { return num(p.ToolsMedian) }},
	{"task families; top four's share", func(p Profile) string { return fmt.Sprintf("%d; %s", p.Families, pct(p.Top4Share)) }},
	{"  largest family's share", func(p Profile) string { return pct1(p.FamilyTopShare) }},
	{"instruction 4-grams distinct (all; per 50)", func(p Profile) string {
		return fmt.Sprintf("%.2f; %.2f", p.Variety.Ngram4Ratio, p.Variety.Ngram4RatioSample)
	}},
	{"most common opening (share)", func(p Profile) string {
		return fmt.Sprintf("%q (%s)", p.Variety.TopOpening, pct1(p.Variety.TopOpeningShare))
	}},
	{"need information only the data holds", func(p Profile) string { return pct(p.DataOnlyShare) }},
}

// WriteTable writes the profiles side by side, one column each.
func WriteTable(w io.Writer, ps ...Profile) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"measure"}
	for _, p := range ps {
		head = append(head, p.Name)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, r := range rows {
		cells := []string{r.label}
		for _, p := range ps {
			cells = append(cells, r.value(p))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}
