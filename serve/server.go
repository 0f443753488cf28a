// Package serve offers environments to trainers and agents over the
// network: a gym REST API (sessions, step, evaluate), MCP, and metrics.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/memo"
)

// Options tune a Server. Zero fields take the defaults.
type Options struct {
	MaxSessions     int           // sessions open at once (default 10,000); more is 429
	IdleTimeout     time.Duration // a session unused this long is closed (default 15m)
	MaxBodyBytes    int64         // request body limit (default 1 MiB); more is 413
	ShutdownTimeout time.Duration // how long Run waits for requests in flight (default 30s)
	// MaxSessionsPerClient bounds the sessions one remote address holds
	// (default 1,000); more is 429. Behind a proxy every client is one
	// address: raise it there.
	MaxSessionsPerClient int
	// MaxMCPSessions bounds the MCP sessions of one REST session (default
	// 8); each also takes a slot of MaxSessions.
	MaxMCPSessions int
	// Timeouts of Run's HTTP server (defaults 10s, 1m, 2m, 2m): reading a
	// request's headers, reading a whole request, writing a response, and
	// keeping an idle connection. MCP's event streams are exempt from the
	// read and write timeouts; their sessions end after IdleTimeout.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, ConnIdleTimeout time.Duration
	// AuthToken, when set, is the bearer token every request but GET
	// /healthz must carry (Authorization: Bearer <token>); others get 401.
	AuthToken string
	// AllowedOrigins are browser origins ("https://ui.example.com") trusted
	// besides the loopback ones (see protect).
	AllowedOrigins []string
	// Registry receives the metrics; nil makes a new registry with the Go
	// and process collectors.
	Registry *prometheus.Registry
	Logger   *slog.Logger // nil: discard
	// UI, when set, serves the web UI (package serve/ui) at / and under
	// /ui/, on the same mux as the API so the same middleware wraps it.
	UI http.Handler
	// StarlarkMemory bounds the bytes the Starlark calls running at once
	// may hold together: each reserves its starlark_bytes and waits, within
	// its time limit, while the others' reservations leave too little
	// (0: no bound; legoenv serve gives an eighth of --memory-limit).
	StarlarkMemory int64
}

// Defaults of Options.
const (
	DefaultMaxSessions     = 10_000
	DefaultIdleTimeout     = 15 * time.Minute
	DefaultMaxBodyBytes    = 1 << 20
	DefaultShutdownTimeout = 30 * time.Second

	DefaultMaxSessionsPerClient = 1000
	DefaultMaxMCPSessions       = 8
	DefaultReadHeaderTimeout    = 10 * time.Second
	DefaultReadTimeout          = time.Minute
	DefaultWriteTimeout         = 2 * time.Minute
	DefaultConnIdleTimeout      = 2 * time.Minute
)

// orDefault returns v, or def when v is not positive.
func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Validate reports options that cannot work.
func (o Options) Validate() error {
	cop := http.NewCrossOriginProtection()
	for _, a := range o.AllowedOrigins {
		if err := cop.AddTrustedOrigin(a); err != nil {
			return fmt.Errorf("allowed origin %q: %w", a, err)
		}
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = DefaultShutdownTimeout
	}
	o.MaxSessionsPerClient = orDefault(o.MaxSessionsPerClient, DefaultMaxSessionsPerClient)
	o.MaxMCPSessions = orDefault(o.MaxMCPSessions, DefaultMaxMCPSessions)
	o.ReadHeaderTimeout = orDefault(o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	o.ReadTimeout = orDefault(o.ReadTimeout, DefaultReadTimeout)
	o.WriteTimeout = orDefault(o.WriteTimeout, DefaultWriteTimeout)
	o.ConnIdleTimeout = orDefault(o.ConnIdleTimeout, DefaultConnIdleTimeout)
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o
}

// Server serves a catalog of environments. Create it with New; use Handler
// in an http.Server of your own, or Run.
type Server struct {
	cat      *Catalog
	opts     Options
	sessions *table
	met      *metrics
	mux      *http.ServeMux
	handler  http.Handler // mux behind protect
	now      func() time.Time
	stopping atomic.Bool
	loopback atomic.Bool // listening on a loopback address: check Host and Origin
	// startCache holds what each environment and toolset fix of a
	// session's start, by "env/toolset", encoded once.
	startCache *memo.Map[string, *startParts]
	// gate keeps one core free of Starlark calls, so that tools that spin
	// until their time limit cannot stall every other session's steps.
	gate *episode.Gate
}

// New returns a server for the catalog.
func New(cat *Catalog, opts Options) *Server {
	opts = opts.withDefaults()
	s := &Server{
		cat:        cat,
		opts:       opts,
		sessions:   newTable(opts.MaxSessions, opts.MaxSessionsPerClient, opts.MaxMCPSessions),
		met:        newMetrics(opts.Registry),
		mux:        http.NewServeMux(),
		now:        time.Now,
		startCache: memo.New[string, *startParts](maxStarts),
		gate:       episode.NewGate(runtime.GOMAXPROCS(0)-1, opts.StarlarkMemory),
	}
	s.routes()
	s.handler = s.protect(http.HandlerFunc(s.dispatch))
	return s
}

// Catalog returns the server's environments.
func (s *Server) Catalog() *Catalog { return s.cat }

// Handler is the server's HTTP handler: every route, behind the checks of
// protect (auth, cross-origin, content type; Host and Origin once Run
// listens on a loopback address); steps reach their handler by dispatch.
func (s *Server) Handler() http.Handler { return s.handler }

// methods maps HTTP methods to handlers of one path, so that every path
// answers a wrong method with a JSON 405.
type methods map[string]http.HandlerFunc

func (s *Server) route(pattern string, m methods) {
	allow := ""
	for k := range m {
		if allow != "" {
			allow += ", "
		}
		allow += k
	}
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		h := m[r.Method]
		if h == nil && r.Method == http.MethodHead {
			h = m[http.MethodGet]
		}
		if h == nil {
			w.Header().Set("Allow", allow)
			s.fail(w, http.StatusMethodNotAllowed, "method_not_allowed", fmt.Sprintf("%s is not allowed on %s (allowed: %s)", r.Method, r.URL.Path, allow))
			return
		}
		h(w, r)
	})
}

func (s *Server) routes() {
	s.route("/healthz", methods{"GET": s.healthz})
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(s.met.reg, promhttp.HandlerOpts{}))
	s.route("/v1/envs", methods{"GET": s.listEnvs})
	s.route("/v1/envs/{id}", methods{"GET": s.getEnv})
	s.route("/v1/sessions", methods{"POST": s.createSession})
	s.route("/v1/sessions/{id}", methods{"GET": s.getSession, "DELETE": s.deleteSession})
	s.route("/v1/sessions/{id}/step", methods{"POST": s.step})
	s.route("/v1/sessions/{id}/evaluate", methods{"POST": s.evaluate, "GET": s.evaluate})
	s.route("/v1/sessions/{id}/reset", methods{"POST": s.reset})
	s.route("/v1/sessions/{id}/state", methods{"GET": s.state})
	s.mux.HandleFunc("/v1/sessions/{id}/mcp", s.mcp)
	s.openEnvRoutes()
	if s.opts.UI != nil {
		s.mux.Handle("GET /{$}", s.opts.UI)
		s.mux.Handle("/ui/", s.opts.UI)
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("no route %s %s (the API is under /v1)", r.Method, r.URL.Path))
	})
}

// NewSession opens a session of an environment of the catalog, as POST
// /v1/sessions does, for the process itself (no per-client quota).
func (s *Server) NewSession(envID string, opts episode.SessionOptions) (*Session, error) {
	return s.newSession("", envID, opts)
}

// newSession opens a session for client, a remote address ("" for the
// process itself).
func (s *Server) newSession(client, envID string, opts episode.SessionOptions) (*Session, error) {
	in, err := s.cat.Lookup(envID)
	if err != nil {
		return nil, &apiError{status: http.StatusInternalServerError, code: "internal", msg: err.Error()}
	}
	if in == nil {
		return nil, &apiError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("unknown environment %q (GET /v1/envs lists them)", envID)}
	}
	if s.stopping.Load() {
		return nil, &apiError{status: http.StatusServiceUnavailable, code: "shutting_down", msg: "the server is shutting down"}
	}
	opts.Gate = s.gate
	sess, err := NewSession("", in.Env, opts)
	if err != nil {
		return nil, &apiError{status: http.StatusBadRequest, code: "bad_request", msg: err.Error()}
	}
	sess.met, sess.now, sess.client = s.met, s.now, client
	sess.touch(s.now())
	if err := s.sessions.add(sess); err != nil {
		return nil, s.limitError(err)
	}
	s.met.created.Inc()
	s.met.open.Inc()
	return sess, nil
}

// limitError answers a refusal of the session table.
func (s *Server) limitError(err error) error {
	switch {
	case errors.Is(err, errClientQuota):
		return &apiError{status: http.StatusTooManyRequests, code: "too_many_sessions_for_client",
			msg: fmt.Sprintf("this client has %d sessions open, the per-client limit (--max-sessions-per-client); close some or wait for idle ones to expire", s.opts.MaxSessionsPerClient)}
	case errors.Is(err, errMCPLimit):
		return &apiError{status: http.StatusTooManyRequests, code: "too_many_mcp_sessions",
			msg: fmt.Sprintf("this session has %d MCP sessions open, the limit (--max-mcp-sessions); close one first", s.opts.MaxMCPSessions)}
	case errors.Is(err, ErrClosed):
		return err
	}
	return &apiError{status: http.StatusTooManyRequests, code: "too_many_sessions",
		msg: fmt.Sprintf("%d sessions (REST and MCP) are open, the limit (--max-sessions); close some (DELETE /v1/sessions/{id}) or wait for idle ones to expire", s.opts.MaxSessions)}
}

// CloseSession closes a session; it reports whether it was open.
func (s *Server) CloseSession(id string) bool {
	if _, ok := s.sessions.remove(id, s.now()); ok {
		s.met.open.Dec()
		return true
	}
	return false
}

// OpenSessions is the number of open sessions.
func (s *Server) OpenSessions() int { return s.sessions.len() }

// OpenMCPSessions is the number of MCP sessions counted against the
// limits, as of the last MCP connection or idle sweep.
func (s *Server) OpenMCPSessions() int {
	_, n := s.sessions.counts()
	return n
}

// ExpireIdle closes the sessions idle for longer than the idle timeout and
// returns how many it closed. Run calls it periodically.
func (s *Server) ExpireIdle() int {
	now := s.now()
	keep := 4 * s.opts.IdleTimeout
	if keep < time.Hour {
		keep = time.Hour
	}
	n := len(s.sessions.expire(now, s.opts.IdleTimeout, keep))
	s.sessions.recountMCP()
	if n > 0 {
		s.met.open.Sub(float64(n))
		s.met.expired.Add(float64(n))
		s.opts.Logger.Info("sessions expired", "count", n, "idle_timeout", s.opts.IdleTimeout)
	}
	return n
}

// Run serves on ln until ctx is done, then shuts down gracefully: it stops
// accepting, lets requests in flight finish (up to ShutdownTimeout),
// disconnects MCP clients and closes every session.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	s.loopback.Store(isLoopbackAddr(ln.Addr()))
	hs := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.opts.ReadHeaderTimeout,
		ReadTimeout:       s.opts.ReadTimeout,
		WriteTimeout:      s.opts.WriteTimeout,
		IdleTimeout:       s.opts.ConnIdleTimeout,
		ErrorLog:          slog.NewLogLogger(s.opts.Logger.Handler(), slog.LevelWarn),
	}
	// MCP clients hold a GET stream open for server notifications; they
	// would keep Shutdown waiting, so they are told to go first.
	hs.RegisterOnShutdown(func() {
		s.stopping.Store(true)
		s.closeMCP()
	})
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()

	tick := s.opts.IdleTimeout / 4
	if tick > time.Minute {
		tick = time.Minute
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case err := <-errc:
			return fmt.Errorf("serve: %w", err)
		case <-t.C:
			s.ExpireIdle()
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), s.opts.ShutdownTimeout)
			shutErr := hs.Shutdown(sctx)
			cancel()
			s.sessions.closeAll(s.now())
			s.met.open.Set(0)
			if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
				return fmt.Errorf("serve: %w", err)
			}
			if shutErr != nil {
				return fmt.Errorf("shutdown: %w", shutErr)
			}
			return nil
		}
	}
}

// closeMCP disconnects every MCP client of every session.
func (s *Server) closeMCP() {
	s.sessions.mu.RLock()
	list := make([]*Session, 0, len(s.sessions.open))
	for _, sess := range s.sessions.open {
		list = append(list, sess)
	}
	s.sessions.mu.RUnlock()
	for _, sess := range list {
		sess.closeMCP()
	}
}

// lookup finds the session of a request's {id}, or answers 404/409.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *Session {
	return s.lookupID(w, r.PathValue("id"))
}

// lookupID finds the session id, or answers 404/409.
func (s *Server) lookupID(w http.ResponseWriter, id string) *Session {
	sess, st := s.sessions.get(id)
	switch st {
	case found:
		return sess
	case gone:
		s.fail(w, http.StatusConflict, "session_closed", fmt.Sprintf("session %s is closed (deleted or idle for more than %s)", id, s.opts.IdleTimeout))
	default:
		s.fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("unknown session %q", id))
	}
	return nil
}

// queryInt reads a non-negative integer query parameter.
func queryInt(r *http.Request, name string, def, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("query parameter %s=%q: want a non-negative integer", name, v)
	}
	if max > 0 && n > max {
		n = max
	}
	return n, nil
}
