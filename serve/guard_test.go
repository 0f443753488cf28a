package serve

import (
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// send makes one request with the given headers ("Host" sets the Host).
func (ts *testServer) send(t *testing.T, method, path, body string, hdr map[string]string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestAuthToken(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{AuthToken: "s3cret"})
	good := map[string]string{"Authorization": "Bearer s3cret", "Content-Type": "application/json"}
	bad := map[string]string{"Authorization": "Bearer nope", "Content-Type": "application/json"}
	body := `{"env_id":"` + cat.All()[0].Env.ID + `"}`
	cases := []struct {
		method, path, body string
		hdr                map[string]string
		want               int
	}{
		{"GET", "/healthz", "", nil, http.StatusOK},
		{"GET", "/v1/envs", "", nil, http.StatusUnauthorized},
		{"GET", "/v1/envs", "", bad, http.StatusUnauthorized},
		{"GET", "/metrics", "", nil, http.StatusUnauthorized},
		{"POST", "/v1/sessions", body, map[string]string{"Content-Type": "application/json"}, http.StatusUnauthorized},
		{"POST", "/v1/sessions/ses_x/mcp", `{}`, map[string]string{"Content-Type": "application/json"}, http.StatusUnauthorized},
		{"GET", "/no/such/route", "", nil, http.StatusUnauthorized},
		{"GET", "/v1/envs", "", good, http.StatusOK},
		{"POST", "/v1/sessions", body, good, http.StatusCreated},
	}
	for _, c := range cases {
		code, b := ts.send(t, c.method, c.path, c.body, c.hdr)
		if code != c.want {
			t.Errorf("%s %s %v: %d %s, want %d", c.method, c.path, c.hdr, code, b, c.want)
		}
		if code == http.StatusUnauthorized && !strings.Contains(b, "bearer token") {
			t.Errorf("401 without a reason: %s", b)
		}
	}
	if n := ts.OpenSessions(); n != 1 {
		t.Errorf("%d sessions open, want only the authorised one", n)
	}
}

// A text/plain POST from another origin used to create a session; so did
// any Host and any Origin, MCP included.
func TestCrossOriginAndHost(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{AllowedOrigins: []string{"https://ui.example.com"}})
	env := cat.All()[0].Env.ID
	body := `{"env_id":"` + env + `"}`
	host := strings.TrimPrefix(ts.URL, "http://")
	port := host[strings.LastIndex(host, ":"):]
	json := "application/json"
	cases := []struct {
		name, method, path, body string
		hdr                      map[string]string
		want                     int
		code                     string
	}{
		{"text/plain body", "POST", "/v1/sessions", body, map[string]string{"Content-Type": "text/plain"}, 415, "unsupported_media_type"},
		{"no content type", "POST", "/v1/sessions", body, map[string]string{}, 415, "unsupported_media_type"},
		{"cross-site fetch", "POST", "/v1/sessions", body, map[string]string{"Content-Type": json, "Sec-Fetch-Site": "cross-site"}, 403, "cross_origin"},
		{"foreign origin", "POST", "/v1/sessions", body, map[string]string{"Content-Type": json, "Origin": "http://evil.example"}, 403, "bad_origin"},
		{"foreign origin on MCP", "POST", "/v1/sessions/x/mcp", `{}`, map[string]string{"Content-Type": json, "Origin": "http://evil.example"}, 403, "bad_origin"},
		{"rebound host", "GET", "/v1/envs", "", map[string]string{"Host": "evil.example" + port}, 421, "bad_host"},
		{"rebound host on MCP", "POST", "/v1/sessions/x/mcp", `{}`, map[string]string{"Content-Type": json, "Host": "evil.example"}, 421, "bad_host"},
		{"localhost host", "GET", "/v1/envs", "", map[string]string{"Host": "localhost" + port}, 200, ""},
		{"ipv6 loopback host", "GET", "/v1/envs", "", map[string]string{"Host": "[::1]" + port}, 200, ""},
		{"same-origin page", "POST", "/v1/sessions", body, map[string]string{"Content-Type": json, "Origin": "http://" + host, "Sec-Fetch-Site": "same-origin"}, 201, ""},
		{"trusted origin", "POST", "/v1/sessions", body, map[string]string{"Content-Type": "application/json; charset=utf-8", "Origin": "https://ui.example.com", "Sec-Fetch-Site": "cross-site"}, 201, ""},
		{"program", "POST", "/v1/sessions", body, map[string]string{"Content-Type": json}, 201, ""},
		{"bodyless reset", "POST", "/v1/sessions/none/reset", "", map[string]string{}, 404, "not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, b := ts.send(t, c.method, c.path, c.body, c.hdr)
			if code != c.want || !strings.Contains(b, c.code) {
				t.Fatalf("%d %s, want %d %s", code, b, c.want, c.code)
			}
		})
	}
	if n := ts.OpenSessions(); n != 3 {
		t.Errorf("%d sessions open, want the 3 allowed ones", n)
	}
}

// FuzzProtect sends requests with arbitrary Host, Origin, Content-Type and
// Authorization to a loopback server with a token: none panics, and
// nothing gets past the checks unless it is loopback, same-origin or
// trusted, JSON where it has a body, and carries the token.
func FuzzProtect(f *testing.F) {
	f.Add("127.0.0.1:8080", "", "application/json", "Bearer tok", "POST", `{"env_id":"x"}`)
	f.Add("evil.example", "http://evil.example", "text/plain", "", "POST", `{}`)
	f.Add("[::1]:1", "http://localhost:3000", "application/json; charset=utf-8", "bearer tok", "GET", "")
	f.Add("localhost", "null", "", "Bearer  tok ", "DELETE", "")
	f.Add("127.0.0.1", "https://ui.example.com", "application/json", "Bearer tok", "POST", `{}`)
	cat := exampleCatalog(f)
	srv := New(cat, Options{AuthToken: "tok", AllowedOrigins: []string{"https://ui.example.com"}})
	srv.loopback.Store(true)
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, host, origin, ctype, auth, method, body string) {
		if method == "" || strings.ContainsAny(method, " \t\r\n()<>@,;:\\\"/[]?={}") {
			method = "POST"
		}
		req := httptest.NewRequest("GET", "/v1/sessions", strings.NewReader(body))
		req.Method, req.Host = method, host
		for k, v := range map[string]string{"Origin": origin, "Content-Type": ctype, "Authorization": auth} {
			if v != "" {
				req.Header.Set(k, v)
			}
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		passed := w.Code != http.StatusMisdirectedRequest && w.Code != http.StatusUnauthorized &&
			w.Code != http.StatusForbidden && w.Code != http.StatusUnsupportedMediaType
		if !passed {
			return
		}
		if !loopbackHost(host) {
			t.Fatalf("Host %q got %d", host, w.Code)
		}
		if !srv.authorized(req) {
			t.Fatalf("Authorization %q got %d", auth, w.Code)
		}
		if origin != "" && !loopbackOrigin(origin) && origin != "https://ui.example.com" {
			t.Fatalf("Origin %q got %d", origin, w.Code)
		}
	})
}

// TestIsJSON checks the Content-Types a REST body may come with, the
// plain one the fast path takes and those the parser reads.
func TestIsJSON(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/json": true, "application/json; charset=utf-8": true, "Application/JSON": true, " application/json ": true,
		"text/plain": false, "": false, "application/json;": true, "application/jsonx": false, "application/json; =": false,
	} {
		mt, _, err := mime.ParseMediaType(ct)
		if got := isJSON(ct); got != want || got != (err == nil && mt == "application/json") {
			t.Errorf("isJSON(%q) = %v, want %v", ct, got, want)
		}
	}
}
