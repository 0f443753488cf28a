package synth

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
)

func TestKeepsFacts(t *testing.T) {
	orig := `Set the status of the invoice {{t.name}} in Xero to 'PAID' if it is over 5000.`
	for _, c := range []struct {
		text string
		want bool
	}{
		{`Could you mark invoice {{t.name}} as "PAID" in Xero? Only if it's over 5000.`, true},
		{`Could you mark invoice {{t.name}} as paid in Xero? Only if it's over 5000.`, false},
		{`Could you mark invoice {{t}} as 'PAID' in Xero? Only if it's over 5000.`, false},
		{`Mark {{t.name}} 'PAID' if over 5000 or 6000.`, false},
		{``, false},
	} {
		if got := keepsFacts(orig, c.text); got != c.want {
			t.Errorf("keepsFacts(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// A rewrite pass takes the answers that keep every fact, leaves the rest
// as written, and the rewritten environments still verify.
func TestRewritePass(t *testing.T) {
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		in := r.Messages[len(r.Messages)-1].Content
		if r.N%3 == 0 {
			// A careless rewrite: the quoted values lose their quotes.
			return llmtest.Text("Hey, quick one: " + strings.NewReplacer("'", "", `"`, "").Replace(in))
		}
		return llmtest.Text("Hey, quick one: " + in)
	})
	client, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), builtinServers(t), BuildOptions{Synth: Options{Seed: 2, Size: 0.05, Variants: 1, Workflows: -1}, Jobs: 2,
		Rewrite: LLMRewriter{Client: client}})
	if err != nil {
		t.Fatal(err)
	}
	rep := b.Rewrite
	if rep == nil || rep.Rewritten == 0 || rep.Kept == 0 || rep.Failed != 0 {
		t.Fatalf("rewrite report %+v: want some rewritten, some kept, none failed", rep)
	}
	rewritten := 0
	for _, e := range b.Envs {
		ie, err := b.Library.Get(atom.KindIntent, e.Recipe.Intent)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(ie.MustIntent().Instruction, "Hey, quick one: ") {
			rewritten++
		}
	}
	if rewritten == 0 {
		t.Errorf("no verified environment has a rewritten instruction")
	}
}
