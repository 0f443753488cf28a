package pipeline

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/synth"
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
		// Apostrophes inside words quote nothing.
		{`The invoice's owner wants {{t.name}} set to 'PAID' in Xero if it's over 5000.`, true},
	} {
		if got := keepsFacts(orig, c.text); got != c.want {
			t.Errorf("keepsFacts(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// bareFacts is a careless rewrite that keeps every fact and drops the
// words around them ("Please handle: {{t.name}} 'x'"): a flag's field
// words, the app, the action.
func bareFacts(in string) string {
	var kept []string
	for _, f := range synth.Facts(in) {
		if _, err := strconv.ParseFloat(f, 64); err != nil && !strings.HasPrefix(f, "{{") {
			f = "'" + f + "'"
		}
		kept = append(kept, f)
	}
	return "Please handle: " + strings.Join(kept, " ")
}

// A rewrite pass takes the answers that keep every fact and still verify;
// it leaves the others as written, and the build verifies as many
// environments as without the pass.
func TestRewritePass(t *testing.T) {
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		in := r.Messages[len(r.Messages)-1].Content
		switch {
		case !strings.Contains(in, "'"):
			// A flag's instruction ("mark it as visible") loses the
			// words that say which flag.
			return llmtest.Text(bareFacts(in))
		case r.N%3 == 0:
			// The quoted values lose their quotes.
			return llmtest.Text("Hey, quick one: " + strings.NewReplacer("'", "", `"`, "").Replace(in))
		}
		return llmtest.Text("Hey, quick one: " + in)
	})
	client, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	opt := BuildOptions{Synth: synth.Options{Seed: 2, Size: 0.05, Variants: 1, Workflows: -1}, Jobs: 2}
	plain, err := Run(context.Background(), testlib.Builtin(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Rewrite, opt.RewriteJobs = LLMRewriter{Client: client}, 3
	b, err := Run(context.Background(), testlib.Builtin(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	rep := b.Rewrite
	if rep == nil || rep.Rewritten == 0 || rep.Kept == 0 || rep.Rejected == 0 || rep.Failed != 0 {
		t.Fatalf("rewrite report %+v: want some rewritten, some kept, some rejected, none failed", rep)
	}
	if len(b.Envs) != len(plain.Envs) {
		t.Errorf("%d environments verify with the rewrite pass, %d without", len(b.Envs), len(plain.Envs))
	}
	template := map[string]string{}
	for _, in := range plain.Corpus.Intents {
		template[in.ID] = in.Instruction
	}
	rewritten, bare := 0, 0
	for _, in := range b.Corpus.Intents {
		switch in.Instruction {
		case template[in.ID]:
		case bareFacts(template[in.ID]):
			bare++
		default:
			if !strings.HasPrefix(in.Instruction, "Hey, quick one: ") {
				t.Errorf("intent %s: instruction %q is neither the template's nor a kept rewrite", in.ID, in.Instruction)
			}
			rewritten++
		}
	}
	if rewritten == 0 || rewritten+bare != rep.Rewritten {
		t.Errorf("%d + %d rewritten instructions in the corpus, the report says %d", rewritten, bare, rep.Rewritten)
	}
}

// A model that answers nothing fails the build with the endpoint's error.
func TestRewriteEndpointDown(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Status(503, "no model loaded")))
	client, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "scripted", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), testlib.Builtin(t), BuildOptions{Synth: synth.Options{Seed: 2, Size: 0.05, Variants: 1, Workflows: -1}, Jobs: 2,
		Rewrite: LLMRewriter{Client: client}})
	if err == nil || !strings.Contains(err.Error(), "answered none") || !strings.Contains(err.Error(), "503") {
		t.Fatalf("err = %v, want the model answered none, with the 503", err)
	}
}
