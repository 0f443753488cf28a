package serve

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/legoenv/legoenv/episode"
)

// metrics are the server's Prometheus series. Each Server has its own
// registry, so servers (and tests) do not share counters.
type metrics struct {
	reg         *prometheus.Registry
	open        prometheus.Gauge
	created     prometheus.Counter
	expired     prometheus.Counter
	steps       prometheus.Counter
	toolErrors  prometheus.Counter
	evaluations prometheus.Counter
	stepLatency prometheus.Histogram
	errors      *prometheus.CounterVec
	errByCode   map[int]prometheus.Counter
}

func newMetrics(reg *prometheus.Registry) *metrics {
	if reg == nil {
		reg = prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	m := &metrics{
		reg: reg,
		open: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "legoenv_sessions_open", Help: "Sessions open now.",
		}),
		created:     counter("legoenv_sessions_created_total", "Sessions created."),
		expired:     counter("legoenv_sessions_expired_total", "Sessions closed by the idle timeout."),
		steps:       counter("legoenv_steps_total", "Tool calls run (REST and MCP)."),
		toolErrors:  counter("legoenv_tool_errors_total", "Tool calls whose observation is an error (bad arguments, unknown tool, failing effect)."),
		evaluations: counter("legoenv_evaluations_total", "Evaluations run."),
		// Steps take tens of microseconds; the buckets reach from 25µs to
		// about 0.8s so that both the usual and the pathological show.
		stepLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "legoenv_step_duration_seconds",
			Help:    "Time to run one step request's tool calls, lock wait included.",
			Buckets: prometheus.ExponentialBuckets(25e-6, 2, 16),
		}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "legoenv_http_errors_total", Help: "Error responses of the REST API, by HTTP status.",
		}, []string{"status"}),
		errByCode: map[int]prometheus.Counter{},
	}
	reg.MustRegister(m.open, m.created, m.expired, m.steps, m.toolErrors, m.evaluations, m.stepLatency, m.errors)
	// The statuses the API answers are known; resolving them once keeps
	// label lookups off the request path.
	for _, code := range []int{400, 404, 405, 409, 413, 429, 500, 503} {
		m.errByCode[code] = m.errors.WithLabelValues(strconv.Itoa(code))
	}
	return m
}

func counter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
}

func (m *metrics) observeStep(obs []episode.Observation, d time.Duration) {
	m.steps.Add(float64(len(obs)))
	n := 0
	for _, o := range obs {
		if o.IsError {
			n++
		}
	}
	if n > 0 {
		m.toolErrors.Add(float64(n))
	}
	m.stepLatency.Observe(d.Seconds())
}

func (m *metrics) httpError(status int) {
	if c := m.errByCode[status]; c != nil {
		c.Inc()
		return
	}
	m.errors.WithLabelValues(strconv.Itoa(status)).Inc()
}
