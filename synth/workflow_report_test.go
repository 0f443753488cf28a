package synth

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// Reporting workflows verify under grounded checks with derived figures;
// they span three apps, keep the policy (and its update) in the data, and
// a report with the look-alike counted loses reward.
func TestReportWorkflows(t *testing.T) {
	needWholeCorpus(t)
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.2, Variants: 1})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	fams := map[string]int{}
	var rs []atom.Recipe
	for _, in := range c.Intents {
		if strings.HasPrefix(in.ID, "rp.") {
			fams[in.Family]++
			if len(in.Derive) != 2 {
				t.Errorf("%s derives %v, want count and sum", in.ID, in.Derive)
			}
		}
	}
	for _, r := range c.Recipes {
		if strings.HasPrefix(r.Intent.ID, "rp.") && len(rs) < 12 {
			rs = append(rs, r)
		}
	}
	idRE := regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]{0,127}$`)
	for _, d := range c.Data {
		if !idRE.MatchString(d.ID) {
			t.Errorf("data id %q is not a valid atom id", d.ID)
		}
	}
	if fams[famReport] == 0 || fams[famReportAmended] == 0 {
		t.Fatalf("report families %v: want both shapes", fams)
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		if !v.Verified {
			t.Errorf("%s (%s) not verified: %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
	countRE := regexp.MustCompile(`count: (\d+);`)
	for _, r := range rs {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := env.Intent.Atom.(*atom.Intent)
		if len(env.Apps) < 3 {
			t.Errorf("%s: %d apps, want 3+", in.ID, len(env.Apps))
		}
		// The figures are derived: neither is in the instruction.
		if strings.Contains(env.Instruction, "total:") || countRE.MatchString(env.Instruction) {
			t.Errorf("%s: the instruction gives the figures away: %q", in.ID, env.Instruction)
		}
		calls := env.PlanCalls()
		s, err := episode.Replay(env, episode.SessionOptions{}, calls)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Evaluate(); !res.Passed {
			t.Fatalf("%s: the reference plan fails: %+v", in.ID, res)
		}
		createsTwiceLose(t, env)
		// Counting the look-alike too is wrong.
		last := &calls[len(calls)-1]
		m := countRE.FindStringSubmatch(string(last.Args))
		if m == nil {
			t.Fatalf("%s: the post has no count: %s", in.ID, last.Args)
		}
		last.Args = []byte(strings.Replace(string(last.Args), m[0], "count: "+string(rune(m[1][0]+1))+";", 1))
		s, err = episode.Replay(env, episode.SessionOptions{}, calls)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Evaluate(); res.Passed {
			t.Errorf("%s: a report with the wrong count passes: %s", in.ID, last.Args)
		}
	}
}
