// Package ui is the web UI of `legoenv serve`: server-rendered pages to
// look at a corpus (environments, verdicts, lineage, episodes) in a browser.
//
// Pages are html/template, charts are SVG drawn on the server, and the few
// scripts and styles are embedded; there is no build step. The UI is an
// http.Handler that the REST server mounts on its own mux (at / and under
// /ui/: the patterns "GET /{$}" and "/ui/"), so the same middleware wraps
// both.
package ui

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/verify"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// Options tune a UI. Zero fields take the defaults.
type Options struct {
	// Library is the library the environments were composed from; the
	// lineage pages read atom versions from it. Nil: no lineage pages.
	Library *atom.Library
	// Report is the evolution report (report.json of `legoenv build` or
	// `legoenv evolve`); nil: the evolution page says there is none.
	Report *evolve.Report
	// Verdicts are verdicts known at the start (a store's latest run); those
	// of environments the corpus does not hold are ignored.
	Verdicts []verify.Verdict
	// RolloutDir is the directory whose JSONL files (rollouts, demos) the
	// replay page may open by name; "" allows none.
	RolloutDir string
	// MaxUploadBytes bounds an uploaded rollout file (default 8 MiB).
	MaxUploadBytes int64
	// MaxUploads is how many uploaded files are kept in memory, the oldest
	// dropped first (default 16).
	MaxUploads int
	Logger     *slog.Logger // nil: discard
}

func (o Options) withDefaults() Options {
	if o.MaxUploadBytes <= 0 {
		o.MaxUploadBytes = 8 << 20
	}
	if o.MaxUploads <= 0 {
		o.MaxUploads = 16
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o
}

// UI serves the pages. Create it with New; it is safe for concurrent use.
type UI struct {
	opts  Options
	ix    *index
	pages map[string]*template.Template
	mux   *http.ServeMux

	uploads *uploads
	files   namedFiles
}

// New builds the UI over envs (in the order the corpus page lists them).
// The index of the corpus is built here, once.
func New(envs []Env, opts Options) (*UI, error) {
	opts = opts.withDefaults()
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	u := &UI{opts: opts, ix: newIndex(envs), pages: pages, mux: http.NewServeMux(), uploads: newUploads(opts.MaxUploads)}
	for i := range opts.Verdicts {
		if v := &opts.Verdicts[i]; u.ix.get(v.EnvID) != nil {
			u.ix.setVerdict(v)
		}
	}
	u.routes()
	return u, nil
}

func (u *UI) routes() {
	assets, _ := fs.Sub(assetFS, "assets")
	u.mux.Handle("GET /ui/assets/", http.StripPrefix("/ui/assets/", cacheAssets(http.FileServerFS(assets))))
	u.mux.HandleFunc("GET /{$}", u.corpusPage)
	u.mux.HandleFunc("GET /ui/{$}", u.corpusPage)
	u.mux.HandleFunc("GET /ui/envs/{id}", u.envPage)
	u.mux.HandleFunc("GET /ui/envs/{id}/replay", u.replayPage)
	u.mux.HandleFunc("POST /ui/envs/{id}/replay", u.uploadRollout)
	u.mux.HandleFunc("GET /ui/evolution", u.evolutionPage)
	u.mux.HandleFunc("GET /ui/atoms/{kind}/{id}", u.atomPage)
	u.mux.HandleFunc("GET /ui/profile", u.profilePage)
	u.mux.HandleFunc("/ui/", func(w http.ResponseWriter, r *http.Request) {
		u.fail(w, http.StatusNotFound, fmt.Sprintf("No page at %s.", r.URL.Path))
	})
}

func cacheAssets(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		h.ServeHTTP(w, r)
	})
}

// ServeHTTP serves the UI's pages.
func (u *UI) ServeHTTP(w http.ResponseWriter, r *http.Request) { u.mux.ServeHTTP(w, r) }

// VerifyAll computes the verdicts of the environments whose state the
// envs file does not record (all of them when the corpus is a library's
// recipes), with jobs workers, until done or ctx ends. Until then the
// corpus page filters on what is known and says how much that is; an
// environment page verifies its environment when it is opened.
func (u *UI) VerifyAll(ctx context.Context, jobs int) {
	u.ix.verifyAll(ctx, jobs)
	if ctx.Err() == nil {
		u.opts.Logger.Info("ui: background verification done", "environments", len(u.ix.list), "verdicts", u.ix.known())
	}
}

func parsePages() (map[string]*template.Template, error) {
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html")
	if err != nil {
		return nil, fmt.Errorf("ui: templates: %w", err)
	}
	pages := map[string]*template.Template{}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("ui: templates: %w", err)
	}
	for _, n := range names {
		if n == "templates/layout.html" {
			continue
		}
		t, err := template.Must(base.Clone()).ParseFS(templateFS, n)
		if err != nil {
			return nil, fmt.Errorf("ui: templates: %w", err)
		}
		pages[n[len("templates/"):]] = t
	}
	return pages, nil
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// render executes a page into a buffer first, so that a template error
// becomes a 500 page rather than half a page.
func (u *UI) render(w http.ResponseWriter, status int, page string, data any) {
	t := u.pages[page]
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if t == nil {
		u.opts.Logger.Error("ui: no template", "page", page)
		http.Error(w, "internal error: no template "+page, http.StatusInternalServerError)
		return
	}
	if err := t.ExecuteTemplate(buf, "layout.html", data); err != nil {
		u.opts.Logger.Error("ui: render", "page", page, "err", err)
		http.Error(w, "internal error: render "+page+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// page is what every page template gets: its title and the active tab.
type page struct {
	Title string
	Tab   string
}

type errorPage struct {
	page
	Status  int
	Message string
}

func (u *UI) fail(w http.ResponseWriter, status int, msg string) {
	u.render(w, status, "error.html", errorPage{page: page{Title: http.StatusText(status)}, Status: status, Message: msg})
}
