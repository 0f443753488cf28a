package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/internal/cputime"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/serve"
)

// benchCorpus is the corpus the benchmarks serve: the build in
// $LEGOENV_OUT (default ../../out, what `go run ./cmd/legoenv build`
// writes) when there is one, else the example recipes under 1,500 seeds
// each (10,500 environments).
func benchCorpus(b *testing.B) ([]Env, Options, string) {
	b.Helper()
	out := os.Getenv("LEGOENV_OUT")
	if out == "" {
		out = filepath.Join("..", "..", "out")
	}
	envsFile := filepath.Join(out, "envs.jsonl")
	if _, err := os.Stat(envsFile); err == nil {
		lib, ds, err := atom.LoadDir(filepath.Join(out, "lib"))
		if err != nil || ds.HasErrors() {
			b.Fatalf("%s/lib: %v %v", out, err, ds.Err())
		}
		cat, err := serve.LoadEnvsFile(lib, envsFile)
		if err != nil {
			b.Fatal(err)
		}
		var envs []Env
		for _, in := range cat.All() {
			envs = append(envs, Env{Env: in.Env, Verified: in.Verified})
		}
		opts := Options{Library: lib}
		if js, err := os.ReadFile(filepath.Join(out, "report.json")); err == nil {
			var rep evolve.Report
			if json.Unmarshal(js, &rep) == nil {
				opts.Report = &rep
			}
		}
		return envs, opts, envsFile
	}
	lib := testlib.Example(b)
	var envs []Env
	for seed := int64(1); seed <= 1500; seed++ {
		for _, r := range lib.Recipes() {
			r.Seed = seed
			env, err := episode.Compose(lib, r, episode.Options{})
			if err != nil {
				b.Fatal(err)
			}
			envs = append(envs, Env{Env: env})
		}
	}
	return envs, Options{Library: lib, Report: exampleReport()}, "synthesised"
}

// BenchmarkPages times each page on a large corpus, served in process
// (no network). Run it with
//
//	go test ./serve/ui -run '^$' -bench Pages -benchtime 20x
func BenchmarkPages(b *testing.B) {
	envs, opts, from := benchCorpus(b)
	u, err := New(envs, opts)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d environments (%s)", len(u.ix.list), from)
	// The environment and replay pages verify on first view; the figures
	// are for pages whose verdict is known, as after the background pass.
	probe := u.ix.list[len(u.ix.list)/2]
	u.ix.ensureVerdict(context.Background(), probe)
	lastPage := (len(u.ix.list) + defaultPerPage - 1) / defaultPerPage
	app := probe.env.Apps[0]
	pages := []struct{ name, path string }{
		{"corpus", "/"},
		{"corpus-last-page", fmt.Sprintf("/?page=%d", lastPage)},
		{"corpus-search-filter", "/?q=the&app=" + app + "&apps=1-&plan=1-"},
		{"corpus-failed", "/?verdict=failed"},
		{"env", "/ui/envs/" + probe.env.ID},
		{"replay-step-1", "/ui/envs/" + probe.env.ID + "/replay?step=1"},
		{"evolution", "/ui/evolution"},
		{"profile", "/ui/profile"},
		{"atom", "/ui/atoms/intent/" + probe.env.Intent.ID},
	}
	// First view of an environment page: its verification runs in the
	// request (each iteration opens an environment not opened before).
	b.Run("env-first-view", func(b *testing.B) {
		benchPage(b, u, func(i int) string { return "/ui/envs/" + u.ix.list[i%len(u.ix.list)].env.ID })
	})
	for _, p := range pages {
		b.Run(p.name, func(b *testing.B) { benchPage(b, u, func(int) string { return p.path }) })
	}
}

// benchPage serves path(i) at iteration i and reports the CPU per request
// beside the wall time: on a shared machine the wall time includes the wait
// for a core.
func benchPage(b *testing.B, u *UI, path func(i int) string) {
	cpu0 := cputime.Process()
	i := 0
	for b.Loop() {
		p := path(i)
		i++
		rec := httptest.NewRecorder()
		u.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", p, rec.Code, rec.Body)
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
