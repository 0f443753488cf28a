package serve

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

func TestStepPathID(t *testing.T) {
	for _, c := range []struct {
		method, target, id string
	}{
		{"POST", "/v1/sessions/ses_0a1B-9/step", "ses_0a1B-9"},
		{"POST", "http://localhost/v1/sessions/s1/step?x=1", "s1"},
		{"GET", "/v1/sessions/s1/step", ""},
		{"PUT", "/v1/sessions/s1/step", ""},
		{"POST", "/v1/sessions//step", ""},
		{"POST", "/v1/sessions/s1/step/", ""},
		{"POST", "/v1/sessions/s1//step", ""},
		{"POST", "/v1/sessions/a/b/step", ""},
		{"POST", "/v1/sessions/../step", ""},
		{"POST", "/v1/sessions/a.b/step", ""},
		{"POST", "/v1/sessions/a%2Fb/step", ""},
		{"POST", "/v1/sessions/a%41/step", ""},
		{"POST", "/v1/sessions/s1/reset", ""},
		{"POST", "/openenv/step", ""},
		{"POST", "/v1/sessions/s1/stepx", ""},
	} {
		r := httptest.NewRequest(c.method, c.target, nil)
		id, ok := stepPathID(r)
		if id != c.id || ok != (c.id != "") {
			t.Errorf("%s %s: stepPathID = %q, %v; want %q", c.method, c.target, id, ok, c.id)
		}
	}
}

// TestStepDispatch holds the server's handler to the mux alone: every
// request to a step path, plain or not, gets the same answer, whether
// dispatch answers it or leaves it to the mux.
func TestStepDispatch(t *testing.T) {
	cat, loads, _ := recordedLoads(t)
	srv := New(cat, Options{})
	viaMux := srv.protect(srv.mux)
	open := func() string {
		s, err := srv.NewSession(loads[0].envID, episode.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	fast, slow := open(), open()
	bodies := append([][]byte{nil, []byte(`{}`), []byte(`{"tool_calls":[]}`), []byte(`{"tool_calls":[{"name":"no_such_tool"}]}`), []byte(`{`)}, loads[0].bodies...)
	paths := []string{
		"/v1/sessions/{id}/step", "/v1/sessions/{id}/step/", "/v1/sessions/{id}//step", "/v1/sessions/x/../{id}/step",
		"/v1/sessions/{id}%2Fx/step", "/v1/sessions/unknown_id/step", "/v1/sessions//step",
	}
	for _, method := range []string{"POST", "GET", "PUT"} {
		for _, p := range paths {
			for _, b := range bodies {
				got := answer(srv.Handler(), method, strings.ReplaceAll(p, "{id}", fast), b)
				want := answer(viaMux, method, strings.ReplaceAll(p, "{id}", slow), b)
				want = strings.ReplaceAll(want, slow, fast)
				if got != want {
					t.Fatalf("%s %s %s:\ndispatch: %s\nmux:      %s", method, p, b, got, want)
				}
			}
		}
	}
	srv.CloseSession(fast)
	srv.CloseSession(slow)
	b := loads[0].bodies[0]
	got, want := answer(srv.Handler(), "POST", "/v1/sessions/"+fast+"/step", b), answer(viaMux, "POST", "/v1/sessions/"+slow+"/step", b)
	if want = strings.ReplaceAll(want, slow, fast); got != want || !strings.Contains(got, "409") {
		t.Errorf("a closed session's step:\ndispatch: %s\nmux:      %s", got, want)
	}
}

// answer is what h answers a JSON request: status, the headers a client
// reads, and the body.
func answer(h http.Handler, method, target string, body []byte) string {
	r := httptest.NewRequest(method, target, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	hd := w.Result().Header
	return fmt.Sprintf("%d %q %q %q %q %s", w.Code, hd.Get("Content-Type"), hd.Get("Content-Length"), hd.Get("Allow"), hd.Get("Location"), w.Body.Bytes())
}
