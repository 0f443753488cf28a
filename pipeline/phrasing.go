package pipeline

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/synth"
	"github.com/legoenv/legoenv/verify"
)

// Rewriter rewrites an instruction template the way a colleague would write
// it. The template holds {{slot}} placeholders that composition fills in.
type Rewriter interface {
	Rewrite(ctx context.Context, instruction string) (string, error)
}

// LLMRewriter asks a model behind an OpenAI-compatible endpoint.
type LLMRewriter struct {
	Client *llm.Client
}

const rewritePrompt = `You rewrite task instructions for a software agent so they read like a message a colleague would send: natural, varied, a little informal, no field names in snake_case or camelCase.
Rules: keep every {{placeholder}} exactly as written (same braces, same name); keep every quoted value ('like this' or "like this") and every number exactly; keep every fact and every request; add no new facts. Answer with the rewritten instruction only.`

// Rewrite asks the model for one rewrite.
func (r LLMRewriter) Rewrite(ctx context.Context, instruction string) (string, error) {
	t := 0.7
	res, err := r.Client.Chat(ctx, llm.Request{Messages: []llm.Message{
		{Role: llm.RoleSystem, Content: rewritePrompt},
		{Role: llm.RoleUser, Content: instruction},
	}, Temperature: &t, MaxTokens: 400})
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(res.Message.Content), nil
}

// keepsFacts reports whether a rewrite keeps every fact of the original
// and adds none.
func keepsFacts(orig, rewritten string) bool {
	a, b := synth.Facts(orig), synth.Facts(rewritten)
	if len(a) != len(b) || strings.TrimSpace(rewritten) == "" {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// RewriteReport says what a rewrite pass did.
type RewriteReport struct {
	Rewritten int `json:"rewritten"` // intents whose instruction is the model's
	Kept      int `json:"kept"`      // the model's answer lost or added a fact: the template's stays
	// Rejected counts rewrites that kept every fact but failed grounded
	// verification where the template's instruction passes it: the
	// template's stays. Unverified counts rewrites of intents whose
	// environments fail with either instruction: the template's stays too.
	Rejected   int      `json:"rejected"`
	Unverified int      `json:"unverified"`
	Failed     int      `json:"failed"` // the model gave no answer
	Errors     []string `json:"errors,omitempty"`
}

// RewriteInstructions rewrites the corpus's instructions with rw, at most
// jobs requests at a time, keeping the template's instruction wherever the
// rewrite loses a placeholder, a quoted value or a number (Accept then
// decides by verification). It fails only when the model answered none of
// the requests: the endpoint is down or refuses them all.
func RewriteInstructions(ctx context.Context, c *synth.Corpus, rw Rewriter, jobs int) (RewriteReport, error) {
	if jobs <= 0 {
		jobs = 8
	}
	out := make([]string, len(c.Intents))
	errs := make([]error, len(c.Intents))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = rw.Rewrite(ctx, c.Intents[i].Instruction)
			}
		}()
	}
	for i := range c.Intents {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return RewriteReport{}, err
	}
	var rep RewriteReport
	var first error
	for i, in := range c.Intents {
		switch {
		case errs[i] != nil || out[i] == "":
			rep.Failed++
			if first == nil {
				first = errs[i]
			}
			if len(rep.Errors) < 5 && errs[i] != nil {
				rep.Errors = append(rep.Errors, fmt.Sprintf("%s: %v", in.ID, errs[i]))
			}
		case !keepsFacts(in.Instruction, out[i]):
			rep.Kept++
		default:
			in.Instruction = out[i]
			rep.Rewritten++
		}
	}
	if rep.Failed == len(c.Intents) && rep.Failed > 0 {
		if first == nil {
			first = fmt.Errorf("every answer was empty")
		}
		return rep, fmt.Errorf("rewrite: the model answered none of %d requests: %w", rep.Failed, first)
	}
	return rep, nil
}

// AcceptRewrites keeps a rewritten instruction only where every
// environment of its intent passes verification (grounded values
// included) with it; elsewhere the template's instruction (templates, by
// intent id) comes back. A rejection is counted as such when the
// template's instruction verifies where the rewrite did not.
func AcceptRewrites(ctx context.Context, c *synth.Corpus, templates map[string]string, jobs int, rep *RewriteReport) error {
	byID := map[string]*atom.Intent{}
	for _, in := range c.Intents {
		if t, ok := templates[in.ID]; ok && t != in.Instruction {
			byID[in.ID] = in
		}
	}
	var recs []atom.Recipe
	for _, r := range c.Recipes {
		if byID[r.Intent.ID] != nil {
			recs = append(recs, r)
		}
	}
	failed, err := failing(ctx, c, recs, jobs)
	if err != nil {
		return err
	}
	var again []atom.Recipe
	back := map[string]bool{}
	for _, r := range failed {
		id := r.Intent.ID
		if !back[id] {
			back[id] = true
			byID[id].Instruction = templates[id]
		}
		again = append(again, r)
	}
	stillFailing, err := failing(ctx, c, again, jobs)
	if err != nil {
		return err
	}
	unverified := map[string]bool{}
	for _, r := range stillFailing {
		unverified[r.Intent.ID] = true
	}
	for id := range back {
		rep.Rewritten--
		if unverified[id] {
			rep.Unverified++
		} else {
			rep.Rejected++
		}
	}
	return nil
}

// failing verifies recipes against the corpus as it stands and returns
// those that fail, as given (unpinned: the next verification takes the
// atoms as they stand then).
func failing(ctx context.Context, c *synth.Corpus, recs []atom.Recipe, jobs int) ([]atom.Recipe, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	lib, err := c.Library()
	if err != nil {
		return nil, err
	}
	vs := verify.VerifyAll(ctx, lib, recs, verify.Options{Jobs: jobs})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []atom.Recipe
	for i, v := range vs {
		if !v.Verified {
			out = append(out, recs[i]) // v.Recipe is pinned to the versions verified
		}
	}
	return out, nil
}

// rewrite runs the rewrite pass of a build: the model's answers, then
// verification of the environments whose instruction changed.
func rewrite(ctx context.Context, c *synth.Corpus, opt BuildOptions) (*RewriteReport, error) {
	templates := make(map[string]string, len(c.Intents))
	for _, in := range c.Intents {
		templates[in.ID] = in.Instruction
	}
	rep, err := RewriteInstructions(ctx, c, opt.Rewrite, opt.RewriteJobs)
	if err != nil {
		return nil, err
	}
	if err := AcceptRewrites(ctx, c, templates, opt.Jobs, &rep); err != nil {
		return nil, fmt.Errorf("rewrite: %w", err)
	}
	return &rep, nil
}
