package synth

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/llm"
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

// factRE finds what a rewrite must keep: placeholders, quoted values and
// numbers.
var factRE = regexp.MustCompile(`\{\{[^}]*\}\}|'[^']+'|"[^"]+"|\b\d+(?:\.\d+)?\b`)

// facts lists the placeholders, quoted values and numbers of a text, sorted.
func facts(s string) []string {
	out := factRE.FindAllString(s, -1)
	for i, f := range out {
		// 'x' and "x" are the same value.
		out[i] = strings.Trim(f, `'"`)
	}
	sort.Strings(out)
	return out
}

// keepsFacts reports whether a rewrite keeps every fact of the original
// and adds none.
func keepsFacts(orig, rewritten string) bool {
	a, b := facts(orig), facts(rewritten)
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
	Rewritten int      `json:"rewritten"`
	Kept      int      `json:"kept"`   // the model's answer lost or added a fact: the original stays
	Failed    int      `json:"failed"` // the model gave no answer
	Errors    []string `json:"errors,omitempty"`
}

// RewriteInstructions rewrites the corpus's instructions with rw, keeping
// the original wherever the rewrite loses a placeholder, a quoted value or
// a number. Verification then decides which environments survive: an
// instruction that no longer names what the agent must find fails it.
func (c *Corpus) RewriteInstructions(ctx context.Context, rw Rewriter, jobs int) RewriteReport {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
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
	var rep RewriteReport
	for i, in := range c.Intents {
		switch {
		case errs[i] != nil || out[i] == "":
			rep.Failed++
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
	return rep
}
