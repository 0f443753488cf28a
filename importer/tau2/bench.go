package tau2

import (
	"fmt"
	"runtime"
	"sort"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/cputime"
)

// BenchOptions tune Bench.
type BenchOptions struct {
	Repeat int // replays of each task's plan for the step figure (default 20)
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

// Bench measures every tau2 recipe of lib in this process, one task at a
// time: environment creation, a session, the reference plan's steps and
// the final-state evaluation.
func Bench(lib *atom.Library, o BenchOptions) (*BenchReport, error) {
	if o.Repeat <= 0 {
		o.Repeat = 20
	}
	de := lib.Head(atom.KindData, DataID)
	if de == nil {
		return nil, fmt.Errorf("no data atom %q: not a tau2 library (run legoenv import tau2)", DataID)
	}
	hasher := NewHasher(de.MustData().Records[App])
	rep := &BenchReport{GOMAXPROCS: runtime.GOMAXPROCS(0), Repeat: o.Repeat}
	var opt episode.Options
	if !o.Interpret {
		n, err := Natives()
		if err != nil {
			return nil, err
		}
		opt.Natives = n
	}
	var clock stepClock
	for _, r := range lib.Recipes() {
		bt, passed, err := benchTask(lib, r, opt, hasher, o.Repeat, &clock)
		if err != nil {
			return nil, err
		}
		if passed {
			rep.Summary.Passed++
		}
		if rep.PerTask == nil {
			rep.NativeTools = nativeCount(lib, r, opt)
		}
		rep.PerTask = append(rep.PerTask, bt)
	}
	rep.Tasks = len(rep.PerTask)
	if rep.Tasks == 0 {
		return nil, fmt.Errorf("the library has no recipes")
	}
	summarise(rep, clock)
	return rep, nil
}

// stepClock adds up the time the tasks' plans took to step through.
type stepClock struct {
	wall, cpu time.Duration
	steps     int
}

// benchTask composes one recipe, times its session, its plan (repeat
// times) and its evaluation, and reports whether the plan passes.
func benchTask(lib *atom.Library, r atom.Recipe, opt episode.Options, hasher *Hasher, repeat int, clock *stepClock) (BenchTask, bool, error) {
	t0 := time.Now()
	env, err := episode.Compose(lib, r, opt)
	if err != nil {
		return BenchTask{}, false, fmt.Errorf("%s: %w", r.Intent.ID, err)
	}
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return BenchTask{}, false, fmt.Errorf("%s: %w", r.Intent.ID, err)
	}
	bt := BenchTask{Task: r.Intent.ID, CreateMS: ms(time.Since(t0))}
	t0 = time.Now()
	if _, err := episode.NewSession(env, episode.SessionOptions{}); err != nil {
		return BenchTask{}, false, err
	}
	bt.SessionUS = us(time.Since(t0))
	calls := env.PlanCalls()
	bt.Steps = len(calls)
	if len(calls) > 0 {
		t0, c0 := time.Now(), cputime.Process()
		for i := 0; i < repeat; i++ {
			s.Reset()
			s.Step(calls...)
		}
		d, c := time.Since(t0), cputime.Process()-c0
		clock.wall += d
		clock.cpu += c
		clock.steps += repeat * len(calls)
		bt.StepUS = us(d) / float64(repeat*len(calls))
		bt.StepCPUUS = us(c) / float64(repeat*len(calls))
	}
	t0, c0 := time.Now(), cputime.Process()
	res := s.Evaluate()
	bt.EvaluateFirstMS, bt.EvaluateFirstCPUMS = ms(time.Since(t0)), ms(cputime.Process()-c0)
	t0 = time.Now()
	s.Evaluate()
	bt.EvaluateUS = us(time.Since(t0))
	t0 = time.Now()
	hasher.Sum(s.State())
	bt.HashMS = ms(time.Since(t0))
	bt.Reward = res.Reward
	return bt, res.Passed, nil
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
	if clock.wall > 0 {
		s.StepsPerSecond = float64(clock.steps) / clock.wall.Seconds()
	}
	if clock.cpu > 0 {
		s.StepsPerCPUSecond = float64(clock.steps) / clock.cpu.Seconds()
	}
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
