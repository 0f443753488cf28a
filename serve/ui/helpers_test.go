package ui

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/internal/testlib"
)

func composeAll(t testing.TB, lib *atom.Library) []Env {
	t.Helper()
	var out []Env
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatalf("compose: %v", err)
		}
		out = append(out, Env{Env: env})
	}
	return out
}

// exampleReport is a one-round report shaped like the ones evolve writes.
func exampleReport() *evolve.Report {
	return &evolve.Report{Rounds: []evolve.Round{{
		Round: 1, Total: 7, VerifiedBefore: 4, VerifiedAfter: 6, ShareBefore: 4.0 / 7, ShareAfter: 6.0 / 7, Complete: true,
		Proposed: 2, Accepted: 1, Rejected: 1,
		Repairs: []evolve.Repair{
			{Atom: "server/mail", RootCause: "server.missing_tool", Accepted: true, Fixed: 2, Repairer: "add_tool", Parent: "aaaa", Version: "bbbb", Blocked: 2},
			{Atom: "intent/escalate_ticket", RootCause: "verifier.not_discriminating", Fixed: 0, Broken: 1, Repairer: "tighten", Reason: "weakens a goal", Blocked: 1},
		},
		ParetoBefore: []evolve.ParetoRow{{Code: "server.missing_tool", Count: 2, Share: 2.0 / 3}, {Code: "verifier.not_discriminating", Count: 1, Share: 1.0 / 3}},
		ParetoAfter:  []evolve.ParetoRow{{Code: "verifier.not_discriminating", Count: 1, Share: 1}},
	}}}
}

func newTestUI(t testing.TB, opts Options) (*UI, *atom.Library) {
	t.Helper()
	lib := testlib.Example(t)
	if opts.Library == nil {
		opts.Library = lib
	}
	u, err := New(composeAll(t, lib), opts)
	if err != nil {
		t.Fatal(err)
	}
	return u, lib
}

// get serves one request and returns the status and body.
func get(t testing.TB, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	b, _ := io.ReadAll(rec.Body)
	return rec.Code, string(b)
}

func mustContain(t testing.TB, body string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("page lacks %q", w)
		}
	}
}
