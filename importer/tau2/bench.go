package tau2

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/cputime"
)

// BenchOptions tune Bench.
type BenchOptions struct {
	Repeat int // replays of each task's plan in a round of the step figure (default 20)
	// Rounds is how many times every task's plan is replayed Repeat
	// times, all tasks in turn; the step figures are the median round's,
	// so that a burst of other work on the machine moves one round, not
	// the figure (default 5).
	Rounds int
	// Interpret runs every tool's Starlark, leaving the native tools
	// (Natives) out: the figure without them.
	Interpret bool
}

// BenchTask is one task's figures.
type BenchTask struct {
	Task string `json:"task"`
	// CreateMS composes the environment and opens its first session
	// (tools compiled, world built): what tau2's get_environment does.
	CreateMS float64 `json:"create_ms"`
	// SessionUS opens another session on the composed environment.
	SessionUS float64 `json:"session_us"`
	Steps     int     `json:"steps"`
	// StepUS is the mean time of one tool call of the reference plan;
	// StepCPUUS the process CPU time it costs (GC included), which holds
	// on a busy machine where wall time does not.
	StepUS    float64 `json:"step_us,omitempty"`
	StepCPUUS float64 `json:"step_cpu_us,omitempty"`
	// EvaluateFirstMS is the first evaluation, which replays the reference
	// plan once for the whole-state goal; EvaluateUS a later one.
	EvaluateFirstMS    float64 `json:"evaluate_first_ms"`
	EvaluateFirstCPUMS float64 `json:"evaluate_first_cpu_ms"`
	EvaluateUS         float64 `json:"evaluate_us"`
	// HashMS is tau2's database hash of the final state.
	HashMS float64 `json:"hash_ms"`
	Reward float64 `json:"reward"`
}

// BenchReport is what `legoenv bench tau2 --json` prints.
type BenchReport struct {
	Tasks      int `json:"tasks"`
	GOMAXPROCS int `json:"gomaxprocs"`
	Repeat     int `json:"repeat"`
	// Rounds are the steps per CPU-second of each round, in order.
	Rounds []float64 `json:"rounds_steps_per_cpu_second"`
	// NativeTools is how many tools ran as native Go code (see Natives);
	// 0 with Interpret.
	NativeTools int         `json:"native_tools"`
	Summary     BenchSum    `json:"summary"`
	PerTask     []BenchTask `json:"per_task"`
}

// BenchSum summarises the per-task figures.
type BenchSum struct {
	CreateMSP50           float64 `json:"create_ms_p50"`
	CreateMSMax           float64 `json:"create_ms_max"`
	SessionUSP50          float64 `json:"session_us_p50"`
	StepsPerSecond        float64 `json:"steps_per_second"`
	StepsPerCPUSecond     float64 `json:"steps_per_cpu_second"`
	EvaluateFirstMSP50    float64 `json:"evaluate_first_ms_p50"`
	EvaluateFirstMSMax    float64 `json:"evaluate_first_ms_max"`
	EvaluateFirstCPUMSP50 float64 `json:"evaluate_first_cpu_ms_p50"`
	EvaluateUSP50         float64 `json:"evaluate_us_p50"`
	HashMSP50             float64 `json:"hash_ms_p50"`
	Passed                int     `json:"passed"`
}

// Bench measures every tau2 recipe of lib in this process: per task,
// environment creation and a session; then the reference plans' steps,
// in rounds over all tasks; then per task the final-state evaluation.
func Bench(lib *atom.Library, o BenchOptions) (*BenchReport, error) {
	if o.Repeat <= 0 {
		o.Repeat = 20
	}
	if o.Rounds <= 0 {
		o.Rounds = 5
	}
	de := lib.Head(atom.KindData, DataID)
	if de == nil {
		return nil, fmt.Errorf("no data atom %q: not a tau2 library (run legoenv import tau2)", DataID)
	}
	rep := &BenchReport{GOMAXPROCS: runtime.GOMAXPROCS(0), Repeat: o.Repeat}
	var opt episode.Options
	if !o.Interpret {
		n, err := Natives()
		if err != nil {
			return nil, err
		}
		opt.Natives = n
	}
	var runs []*benchRun
	for _, r := range lib.Recipes() {
		br, err := openTask(lib, r, opt)
		if err != nil {
			return nil, err
		}
		if runs == nil {
			rep.NativeTools = nativeCount(lib, r, opt)
		}
		runs = append(runs, br)
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("the library has no recipes")
	}
	clock := stepRounds(runs, o, rep)
	hasher := NewHasher(de.MustData().Records[App])
	for _, br := range runs {
		if br.evaluate(hasher) {
			rep.Summary.Passed++
		}
		rep.PerTask = append(rep.PerTask, br.bt)
	}
	rep.Tasks = len(rep.PerTask)
	summarise(rep, clock)
	return rep, nil
}

// stepClock adds up the time the tasks' plans took to step through.
type stepClock struct {
	wall, cpu time.Duration
	steps     int
}

// benchRun is one task under measure: its figures, its session and its
// reference plan.
type benchRun struct {
	bt    BenchTask
	s     *episode.Session
	calls []episode.ToolCall
	wall  time.Duration // its replays' time over all rounds
	cpu   time.Duration
}

// openTask composes one recipe and times its creation and another
// session.
func openTask(lib *atom.Library, r atom.Recipe, opt episode.Options) (*benchRun, error) {
	t0 := time.Now()
	env, err := episode.Compose(lib, r, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Intent.ID, err)
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Intent.ID, err)
	}
	br := &benchRun{bt: BenchTask{Task: r.Intent.ID, CreateMS: ms(time.Since(t0))}, s: s, calls: env.PlanCalls()}
	t0 = time.Now()
	if _, err := episode.NewSession(env, episode.SessionOptions{}); err != nil {
		return nil, err
	}
	br.bt.SessionUS = us(time.Since(t0))
	br.bt.Steps = len(br.calls)
	return br, nil
}

// stepRounds replays every task's plan o.Repeat times, all tasks in turn,
// o.Rounds times over. The clock it answers is the median round's (by
// steps per CPU-second); each task's step figures are over all rounds.
func stepRounds(runs []*benchRun, o BenchOptions, rep *BenchReport) stepClock {
	var rounds []stepClock
	for range o.Rounds {
		var rc stepClock
		for _, br := range runs {
			if len(br.calls) == 0 {
				continue
			}
			t0, c0 := time.Now(), cputime.Process()
			for i := 0; i < o.Repeat; i++ {
				br.s.Reset()
				br.s.Step(br.calls...)
			}
			d, c := time.Since(t0), cputime.Process()-c0
			br.wall, br.cpu = br.wall+d, br.cpu+c
			rc.wall, rc.cpu, rc.steps = rc.wall+d, rc.cpu+c, rc.steps+o.Repeat*len(br.calls)
		}
		rounds = append(rounds, rc)
		rep.Rounds = append(rep.Rounds, perSecond(rc.steps, rc.cpu))
	}
	for _, br := range runs {
		if n := float64(o.Rounds * o.Repeat * len(br.calls)); n > 0 {
			br.bt.StepUS, br.bt.StepCPUUS = us(br.wall)/n, us(br.cpu)/n
		}
	}
	slices.SortStableFunc(rounds, func(a, b stepClock) int {
		return cmp.Compare(perSecond(a.steps, a.cpu), perSecond(b.steps, b.cpu))
	})
	return rounds[len(rounds)/2]
}

func perSecond(steps int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(steps) / d.Seconds()
}

// evaluate times the task's first and a later evaluation, on the state
// its plan's last replay left, and tau2's hash of it; it reports whether
// the plan passes.
func (br *benchRun) evaluate(hasher *Hasher) bool {
	if len(br.calls) == 0 {
		br.s.Reset()
	}
	t0, c0 := time.Now(), cputime.Process()
	res := br.s.Evaluate()
	br.bt.EvaluateFirstMS, br.bt.EvaluateFirstCPUMS = ms(time.Since(t0)), ms(cputime.Process()-c0)
	t0 = time.Now()
	br.s.Evaluate()
	br.bt.EvaluateUS = us(time.Since(t0))
	t0 = time.Now()
	hasher.Sum(br.s.State())
	br.bt.HashMS = ms(time.Since(t0))
	br.bt.Reward = res.Reward
	return res.Passed
}

// summarise fills the report's summary from its per-task figures.
func summarise(rep *BenchReport, clock stepClock) {
	pick := func(f func(BenchTask) float64) []float64 {
		v := make([]float64, len(rep.PerTask))
		for i, t := range rep.PerTask {
			v[i] = f(t)
		}
		sort.Float64s(v)
		return v
	}
	cr := pick(func(t BenchTask) float64 { return t.CreateMS })
	ev := pick(func(t BenchTask) float64 { return t.EvaluateFirstMS })
	s := &rep.Summary
	s.CreateMSP50, s.CreateMSMax = cr[len(cr)/2], cr[len(cr)-1]
	s.EvaluateFirstMSP50, s.EvaluateFirstMSMax = ev[len(ev)/2], ev[len(ev)-1]
	s.SessionUSP50 = median(pick(func(t BenchTask) float64 { return t.SessionUS }))
	s.EvaluateUSP50 = median(pick(func(t BenchTask) float64 { return t.EvaluateUS }))
	s.HashMSP50 = median(pick(func(t BenchTask) float64 { return t.HashMS }))
	s.EvaluateFirstCPUMSP50 = median(pick(func(t BenchTask) float64 { return t.EvaluateFirstCPUMS }))
	s.StepsPerSecond = perSecond(clock.steps, clock.wall)
	s.StepsPerCPUSecond = perSecond(clock.steps, clock.cpu)
}

func median(v []float64) float64 { return v[len(v)/2] }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

// nativeCount is how many tools of a recipe's environment run natively.
func nativeCount(lib *atom.Library, r atom.Recipe, opt episode.Options) int {
	env, err := episode.Compose(lib, r, opt)
	if err != nil {
		return 0
	}
	n := 0
	for _, t := range env.Tools() {
		if t.Native() {
			n++
		}
	}
	return n
}
