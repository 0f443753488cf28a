package serve

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

// TestWriteStartMatchesEncodingJSON holds the session start a server
// writes by hand to what encoding/json writes of the same SessionStart:
// every example environment, both toolsets, seeds of both signs, and
// session ids that need escaping.
func TestWriteStartMatchesEncodingJSON(t *testing.T) {
	cat := exampleCatalog(t)
	srv := New(cat, Options{})
	escaped := 0
	for _, in := range cat.All() {
		for _, toolset := range []string{"", episode.ToolsetNamed, episode.ToolsetMeta} {
			for _, id := range []string{"", "ses_<&>", "ses \"quoted\" \\ é\u2028\x01"} {
				for _, seed := range []int64{0, 7, -3} {
					sess, err := NewSession(id, in.Env, episode.SessionOptions{Toolset: toolset, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					want := httptest.NewRecorder()
					writeJSON(want, http.StatusCreated, srv.start(sess))
					got := httptest.NewRecorder()
					srv.writeStart(got, http.StatusCreated, sess)
					if got.Code != want.Code || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
						t.Fatalf("%s, toolset %q, id %q, seed %d:\n got %d %s\nwant %d %s", in.Env.ID, toolset, id, seed, got.Code, got.Body, want.Code, want.Body)
					}
					for _, h := range []string{"Content-Type", "Content-Length"} {
						if got.Header().Get(h) != want.Header().Get(h) {
							t.Fatalf("%s: %s %q, want %q", in.Env.ID, h, got.Header().Get(h), want.Header().Get(h))
						}
					}
					if bytes.Contains(want.Body.Bytes(), []byte(`\u003c`)) || bytes.Contains(want.Body.Bytes(), []byte(`\u0026`)) {
						escaped++
					}
				}
			}
		}
	}
	if escaped == 0 {
		t.Fatal("no start escaped an HTML character; the comparison does not cover escaping")
	}
}

// BenchmarkWriteStart is a reset's answer, by hand against encoding/json
// (go test -run XXX -bench WriteStart -benchmem ./serve).
func BenchmarkWriteStart(b *testing.B) {
	cat := exampleCatalog(b)
	srv := New(cat, Options{})
	var sessions []*Session
	for _, in := range cat.All() {
		sess, err := NewSession("", in.Env, episode.SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		sessions = append(sessions, sess)
	}
	w := &sinkWriter{h: http.Header{}}
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			writeJSON(w, http.StatusOK, srv.start(sessions[i%len(sessions)]))
		}
	})
	b.Run("by-hand", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			srv.writeStart(w, http.StatusOK, sessions[i%len(sessions)])
		}
	})
}
