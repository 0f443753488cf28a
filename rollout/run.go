package rollout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"golang.org/x/sync/errgroup"
)

// Chatter is the model: one chat completion per call. *llm.Client is one.
type Chatter interface {
	Chat(ctx context.Context, req llm.Request) (*llm.Response, error)
}

// Options tune a rollout.
type Options struct {
	Model       string   // recorded in trajectories
	Episodes    int      // K episodes per environment; default 1
	Concurrency int      // episodes run at once; default 1
	MaxSteps    int      // assistant turns per episode; default 30
	Temperature *float64 // nil: the server's default
	MaxTokens   int      // per completion; 0: the server's default
	Seed        int64    // data seed of every episode; 0: the recipe's
	Toolset     string   // episode.ToolsetNamed (default) or episode.ToolsetMeta

	// Skip reports task ids already done (a resumed run); they are not run.
	Skip func(taskID string) bool
	// Progress is called after each episode ends (run, failed or skipped).
	Progress func(done, total int)
	// Now is the clock (tests fix it); default time.Now.
	Now func() time.Time
}

func (o Options) withDefaults() Options {
	if o.Episodes <= 0 {
		o.Episodes = 1
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 1
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 30
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Toolset == "" {
		o.Toolset = episode.ToolsetNamed
	}
	return o
}

// EffectiveSeed is the data seed a session of env runs with for seed (0:
// the recipe's, else the data atom's).
func EffectiveSeed(env *episode.Env, seed int64) int64 {
	if seed != 0 {
		return seed
	}
	if env.Recipe.Seed != 0 {
		return env.Recipe.Seed
	}
	if d, ok := env.Data.Data(); ok {
		return d.Seed
	}
	return 0
}

// Tools renders a session's tool surface as OpenAI function tools.
func Tools(defs []episode.Def) []json.RawMessage {
	list := episode.OpenAITools(defs)
	out := make([]json.RawMessage, len(list))
	for i, t := range list {
		b, err := json.Marshal(t)
		if err != nil {
			// A definition whose schema is not JSON cannot come out of a
			// composed environment; keep the slot so indexes line up.
			b = []byte(`{}`)
		}
		out[i] = b
	}
	return out
}

// OpeningMessages converts a session's opening messages.
func OpeningMessages(ms []episode.Message) []llm.Message {
	out := make([]llm.Message, len(ms))
	for i, m := range ms {
		out[i] = llm.Message{Role: m.Role, Content: m.Content}
	}
	return out
}

// RunEpisode runs episode k of env: the opening messages and tools, then
// chat completions until the model stops calling tools, the turn limit or
// the session's step limit; each tool call runs in the session, and the
// episode ends with evaluate. A model error (after the client's retries)
// fails the episode, except a 400, 413 or 422 after the first turn (a full
// context): the episode ends there and is scored. Bad tool calls never fail
// an episode: they are observations.
func RunEpisode(ctx context.Context, model Chatter, env *episode.Env, k int, opts Options) (*Trajectory, error) {
	opts = opts.withDefaults()
	seed := EffectiveSeed(env, opts.Seed)
	s, err := episode.NewSession(env, episode.SessionOptions{Seed: seed, Toolset: opts.Toolset})
	if err != nil {
		return nil, fmt.Errorf("env %s: %w", env.ID, err)
	}
	start := opts.Now()
	t := &Trajectory{
		TaskID:    TaskID(env.ID, seed, k),
		EnvID:     env.ID,
		Seed:      seed,
		Model:     opts.Model,
		Tools:     Tools(s.Defs()),
		Messages:  OpeningMessages(s.Messages()),
		StartedAt: start.UTC(),
	}
	for t.Steps < opts.MaxSteps && !s.Done() {
		res, err := model.Chat(ctx, llm.Request{Messages: t.Messages, Tools: t.Tools, Temperature: opts.Temperature, MaxTokens: opts.MaxTokens})
		if err != nil {
			if t.Steps > 0 && conversationEnded(err) {
				break // what the agent did so far is scored
			}
			return nil, fmt.Errorf("%s turn %d: %w", t.TaskID, t.Steps+1, err)
		}
		t.Steps++
		t.Usage.Requests++
		t.Usage.Retries += max(res.Attempts-1, 0)
		t.Usage.PromptTokens += res.Usage.PromptTokens
		t.Usage.CompletionTokens += res.Usage.CompletionTokens
		t.Usage.TotalTokens += res.Usage.TotalTokens
		msg := res.Message
		msg.Role = llm.RoleAssistant
		t.Messages = append(t.Messages, msg)
		if len(msg.ToolCalls) == 0 {
			break
		}
		for _, tc := range msg.ToolCalls {
			t.Messages = append(t.Messages, runCall(s, tc))
		}
	}
	res := s.Evaluate()
	t.Reward, t.Passed, t.Components = res.Reward, res.Passed, res.Components
	t.DurationMS = opts.Now().Sub(start).Milliseconds()
	return t, nil
}

// conversationEnded reports a server refusing to go on with a conversation
// it accepted before: the context is full, or the history is too large. The
// episode ends there, as when a model runs out of turns, rather than
// failing on every rerun.
func conversationEnded(err error) bool {
	var ae *llm.APIError
	if !errors.As(err, &ae) {
		return false
	}
	return ae.Status == http.StatusBadRequest || ae.Status == http.StatusRequestEntityTooLarge || ae.Status == http.StatusUnprocessableEntity
}

// runCall runs one tool call in the session and returns the tool message.
// Arguments that are not a JSON object still go through the session, so the
// failed call is on the record the rules and assertions read; the model is
// told what was wrong.
func runCall(s *episode.Session, tc llm.ToolCall) llm.Message {
	args, argErr := tc.Function.Args()
	if argErr != nil {
		obs := s.Call(episode.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: json.RawMessage(quoteJSON(tc.Function.Arguments))})
		msg, _ := json.Marshal(map[string]string{"error": argErr.Error()})
		content := string(msg)
		if !obs.IsError {
			content = obs.Content // the session made sense of it after all
		}
		return llm.Message{Role: llm.RoleTool, ToolCallID: tc.ID, Content: content}
	}
	obs := s.Call(episode.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: args})
	return llm.Message{Role: llm.RoleTool, ToolCallID: tc.ID, Content: obs.Content}
}

// quoteJSON returns text as a JSON string, so that arguments that are not
// JSON can still be stored in the session's trajectory.
func quoteJSON(text string) string {
	b, _ := json.Marshal(text)
	return string(b)
}

// Summary counts a run's episodes.
type Summary struct {
	Planned int     `json:"planned"` // environments x episodes
	Skipped int     `json:"skipped"` // already in the output
	Run     int     `json:"run"`     // written now
	Failed  int     `json:"failed"`  // model errors; rerun to retry them
	Passed  int     `json:"passed"`  // of those run now
	Errors  []error `json:"-"`
}

// Run runs opts.Episodes episodes of every environment, opts.Concurrency at
// a time, and hands each trajectory to write (called from one goroutine at a
// time). Episodes that fail are counted and their errors kept; the run goes
// on. Cancelling ctx stops starting episodes and returns ctx's error.
func Run(ctx context.Context, model Chatter, envs []*episode.Env, opts Options, write func(*Trajectory) error) (Summary, error) {
	opts = opts.withDefaults()
	jobs, sum := pendingEpisodes(envs, opts)
	parent := ctx
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	tl := &tally{sum: sum, done: sum.Skipped, write: write, cancel: cancel, progress: opts.Progress}
	if opts.Progress != nil && tl.done > 0 {
		opts.Progress(tl.done, sum.Planned)
	}
	var g errgroup.Group
	g.SetLimit(opts.Concurrency)
	for _, j := range jobs {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // cancelled before it started: not counted
			}
			t, err := RunEpisode(ctx, model, j.env, j.k, opts)
			tl.record(ctx, t, err)
			return nil
		})
	}
	g.Wait()
	if tl.writeErr != nil {
		return tl.sum, fmt.Errorf("write trajectory: %w", tl.writeErr)
	}
	if err := parent.Err(); err != nil {
		return tl.sum, err
	}
	return tl.sum, nil
}

// episodeJob is one episode Run has still to run: episode k of env.
type episodeJob struct {
	env *episode.Env
	k   int
}

// pendingEpisodes lists the episodes to run, counting in the summary those
// planned and those opts.Skip says are already done.
func pendingEpisodes(envs []*episode.Env, opts Options) ([]episodeJob, Summary) {
	var jobs []episodeJob
	var sum Summary
	for _, env := range envs {
		seed := EffectiveSeed(env, opts.Seed)
		for k := 0; k < opts.Episodes; k++ {
			sum.Planned++
			if opts.Skip != nil && opts.Skip(TaskID(env.ID, seed, k)) {
				sum.Skipped++
				continue
			}
			jobs = append(jobs, episodeJob{env, k})
		}
	}
	return jobs, sum
}

// tally gathers the outcomes of Run's episodes from its workers and writes
// each trajectory; the first write error cancels the run.
type tally struct {
	mu       sync.Mutex
	sum      Summary
	done     int
	writeErr error
	write    func(*Trajectory) error
	cancel   func()
	progress func(done, total int)
}

// record counts one episode's outcome and writes its trajectory.
func (tl *tally) record(ctx context.Context, t *Trajectory, err error) {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	switch {
	case err != nil && ctx.Err() != nil:
		// cancelled: neither run nor failed
	case err != nil:
		tl.sum.Failed++
		tl.sum.Errors = append(tl.sum.Errors, err)
	case tl.writeErr == nil:
		if werr := tl.write(t); werr != nil {
			tl.writeErr = werr
			tl.cancel()
		} else {
			tl.sum.Run++
			if t.Passed {
				tl.sum.Passed++
			}
		}
	}
	tl.done++
	if tl.progress != nil {
		tl.progress(tl.done, tl.sum.Planned)
	}
}
