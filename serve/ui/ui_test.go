package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/rollout"
	"github.com/legoenv/legoenv/serve"
	"github.com/legoenv/legoenv/verify"
)

var rowRE = regexp.MustCompile(`href="/ui/envs/(env-[0-9a-f]+)"`)

func TestCorpusFiltersAndPages(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	all := len(u.ix.list)
	cases := []struct {
		query string
		want  func(*entry) bool
	}{
		{"", func(*entry) bool { return true }},
		{"app=crm", func(e *entry) bool { return has(e.env.Apps, "crm") }},
		{"apps=2-", func(e *entry) bool { return len(e.env.Apps) >= 2 }},
		{"rule=none", func(e *entry) bool { return len(e.rules) == 0 }},
		{"rule=internal_email_only", func(e *entry) bool { return has(e.rules, "internal_email_only") }},
		{"q=ticket", func(e *entry) bool { return strings.Contains(e.instr, "ticket") }},
		{"plan=2", func(e *entry) bool { return len(e.env.Plan) == 2 }},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			code, body := get(t, u, "/?"+c.query)
			if code != http.StatusOK {
				t.Fatalf("status %d: %s", code, body)
			}
			want := 0
			for _, e := range u.ix.list {
				if c.want(e) {
					want++
				}
			}
			if got := len(rowRE.FindAllString(body, -1)); got != want {
				t.Errorf("%d rows, want %d (of %d)", got, want, all)
			}
			mustContain(t, body, fmt.Sprintf(`<b id="total">%d</b>`, want))
		})
	}
	if code, body := get(t, u, "/?plan=x"); code != http.StatusBadRequest || !strings.Contains(body, "plan=") {
		t.Errorf("bad plan filter: %d %s", code, body)
	}
	// Paging: two a page, the last page has the rest and no next link.
	_, body := get(t, u, "/?per=2")
	if n := len(rowRE.FindAllString(body, -1)); n != 2 || !strings.Contains(body, `id="next"`) {
		t.Errorf("page 1 of per=2: %d rows, next link %v", n, strings.Contains(body, `id="next"`))
	}
	last := (all + 1) / 2
	_, body = get(t, u, fmt.Sprintf("/?per=2&page=%d", last))
	if n := len(rowRE.FindAllString(body, -1)); n != all-2*(last-1) || strings.Contains(body, `id="next"`) {
		t.Errorf("last page: %d rows", n)
	}
}

func TestVerdictFilters(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	_, body := get(t, u, "/?verdict=unknown")
	if n := len(rowRE.FindAllString(body, -1)); n != len(u.ix.list) {
		t.Fatalf("before verification %d unknown, want all %d", n, len(u.ix.list))
	}
	u.VerifyAll(context.Background(), 2)
	if u.ix.known() != len(u.ix.list) {
		t.Fatalf("%d verdicts after VerifyAll, want %d", u.ix.known(), len(u.ix.list))
	}
	verified := 0
	for _, e := range u.ix.list {
		if u.ix.verdict(e.env.ID).Verified {
			verified++
		}
	}
	_, body = get(t, u, "/?verdict=verified")
	if n := len(rowRE.FindAllString(body, -1)); n != verified {
		t.Errorf("verdict=verified: %d rows, want %d", n, verified)
	}
	_, body = get(t, u, "/?verdict=failed")
	if n := len(rowRE.FindAllString(body, -1)); n != len(u.ix.list)-verified {
		t.Errorf("verdict=failed: %d rows, want %d", n, len(u.ix.list)-verified)
	}
}

func TestEnvPage(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	for _, e := range u.ix.list {
		code, body := get(t, u, "/ui/envs/"+e.env.ID)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d", e.env.ID, code)
		}
		mustContain(t, body, `id="instruction"`, escaped(e.env.Instruction), `id="verdict"`, `<table class="records">`)
		for _, c := range e.env.Checks {
			if c.Source == episode.FenceSource {
				mustContain(t, body, "nothing in any app of this environment changes but what the goal above asks")
				continue
			}
			mustContain(t, body, escaped(plain(c.Program.Assertion)), escaped(c.Program.Assertion.Label))
		}
		for _, tl := range e.env.Tools() {
			mustContain(t, body, tl.Name)
		}
		for slot, b := range e.env.Bindings {
			if b.Handle != "" {
				mustContain(t, body, `<tr class="target" title="slot `+slot+`">`)
			}
		}
	}
	if code, _ := get(t, u, "/ui/envs/env-000000000000"); code != http.StatusNotFound {
		t.Errorf("unknown env: %d", code)
	}
}

// escaped escapes text as html/template does in element content.
func escaped(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		case '+':
			b.WriteString("&#43;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestReplayPlan(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	diffs := 0
	for _, e := range u.ix.list {
		n := len(e.env.Plan)
		if n == 0 {
			continue
		}
		base := "/ui/envs/" + e.env.ID + "/replay"
		code, body := get(t, u, fmt.Sprintf("%s?step=%d", base, n))
		if code != http.StatusOK {
			t.Fatalf("%s: %d", e.env.ID, code)
		}
		// The reference plan of a verified example passes at its end.
		mustContain(t, body, "reward 1.00 <span class=\"badge verified\">passed</span>")
		for s := 1; s <= n; s++ {
			_, body := get(t, u, fmt.Sprintf("%s?step=%d", base, s))
			if strings.Contains(body, `id="diff"`) {
				diffs++
			}
		}
		if code, _ := get(t, u, fmt.Sprintf("%s?step=%d", base, n+1)); code != http.StatusBadRequest {
			t.Errorf("step past the end: %d", code)
		}
	}
	if diffs == 0 {
		t.Error("no replay step showed a state diff")
	}
}

func TestReplayUploadAndNamedFile(t *testing.T) {
	dir := t.TempDir()
	u, _ := newTestUI(t, Options{RolloutDir: dir})
	var e *entry
	for _, x := range u.ix.list {
		if len(x.env.Plan) > 0 {
			e = x
			break
		}
	}
	demo, err := rollout.Demo(e.env, e.env.PlanCalls(), "reference", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := demo.Line()
	if err := os.WriteFile(filepath.Join(dir, "demos.jsonl"), line, 0o644); err != nil {
		t.Fatal(err)
	}
	base := "/ui/envs/" + e.env.ID + "/replay"

	// Upload: a multipart form, answered with a redirect to the replay.
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("rollout", "mine.jsonl")
	fw.Write(line)
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, base, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	u.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	loc := rec.Header().Get("Location")
	_, body := get(t, u, loc+"&step="+fmt.Sprint(len(e.env.Plan)))
	mustContain(t, body, "mine.jsonl", `id="diff"`, "passed")

	// Named file, and names that leave the directory.
	_, body = get(t, u, base+"?src=file&file=demos.jsonl&step=1")
	mustContain(t, body, "demos.jsonl", `id="step-at"`)
	for _, bad := range []string{"../demos.jsonl", "/etc/passwd", "missing.jsonl"} {
		_, body := get(t, u, base+"?src=file&file="+url.QueryEscape(bad))
		mustContain(t, body, `id="replay-error"`)
	}

	// Not a rollout file.
	buf.Reset()
	mw = multipart.NewWriter(&buf)
	fw, _ = mw.CreateFormFile("rollout", "bad.jsonl")
	fw.Write([]byte("{\"nope\": 1}\n"))
	mw.Close()
	req = httptest.NewRequest(http.MethodPost, base, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec = httptest.NewRecorder()
	u.ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "bad.jsonl:1") {
		t.Errorf("bad upload: %d %s", rec.Code, rec.Body)
	}
}

func TestEvolutionPage(t *testing.T) {
	u, _ := newTestUI(t, Options{Report: exampleReport()})
	code, body := get(t, u, "/ui/evolution")
	if code != http.StatusOK {
		t.Fatal(code)
	}
	mustContain(t, body, `<svg class="chart" id="pareto-1"`, `<svg class="chart" id="share-1"`, `<svg class="chart" id="fanout-1"`,
		"server.missing_tool", "verifier.not_discriminating", `href="/ui/atoms/server/mail"`, "57.1% → 85.7%")
	// Two causes, before and after: four bars in the Pareto.
	pareto := body[strings.Index(body, `id="pareto-1"`):]
	pareto = pareto[:strings.Index(pareto, "</svg>")]
	if n := strings.Count(pareto, `<rect class="bar`); n != 4 {
		t.Errorf("Pareto has %d bars, want 4", n)
	}
	u2, _ := newTestUI(t, Options{})
	_, body = get(t, u2, "/ui/evolution")
	mustContain(t, body, "No evolution report")
}

func TestAtomLineageDiff(t *testing.T) {
	lib := testlib.Example(t)
	head := lib.Head(atom.KindServer, "mail")
	old := *head.MustServer()
	// A repaired version: one more tool, with its lineage.
	next := old
	next.Tools = append(append([]atom.Tool(nil), old.Tools...), old.Tools[0])
	next.Tools[len(next.Tools)-1].Name = "mail_archive_message"
	next.Lineage = &atom.Lineage{Parent: head.Version, RootCause: "server.missing_tool", Repairer: "add_tool", Round: 1, Fixed: []string{"env-1", "env-2"}}
	if _, err := lib.Put(&old, "history/server/mail.yaml", false); err != nil {
		t.Fatal(err)
	}
	ne, err := lib.Put(&next, "servers/mail.yaml", true)
	if err != nil {
		t.Fatal(err)
	}
	u, err := New(composeAll(t, testlib.Example(t)), Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	code, body := get(t, u, "/ui/atoms/server/mail")
	if code != http.StatusOK {
		t.Fatal(code, body)
	}
	mustContain(t, body, `id="lineage"`, "add_tool", short(ne.Version), `id="atom-diff"`, `<span class="dadd">&#43; `, "mail_archive_message")
	if strings.Contains(body, `class="ddel"`) {
		t.Error("adding a tool shows removed lines")
	}
	if code, _ := get(t, u, "/ui/atoms/server/nope"); code != http.StatusNotFound {
		t.Errorf("unknown atom: %d", code)
	}
	_, body = get(t, u, "/ui/atoms/server/mail?a=zzz&b="+ne.Version)
	mustContain(t, body, `no version &#34;zzz&#34;`)
}

func TestLineDiff(t *testing.T) {
	ops := func(d []diffLine) string {
		var s []string
		for _, l := range d {
			s = append(s, l.Op+l.Text)
		}
		return strings.Join(s, "|")
	}
	cases := []struct {
		a, b, want string
	}{
		{"a b c", "a b c", "~3 unchanged lines"},
		{"a b c", "a x c", " a|-b|+x| c"},
		{"a b", "a b c", " a| b|+c"},
		{"1 2 3 4 5 6 7 8 9 x", "1 2 3 4 5 6 7 8 9 y", "~6 unchanged lines| 7| 8| 9|-x|+y"},
	}
	for _, c := range cases {
		if got := ops(lineDiff(strings.Fields(c.a), strings.Fields(c.b))); got != c.want {
			t.Errorf("diff %q %q = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

func TestProfilePage(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	_, body := get(t, u, "/ui/profile")
	mustContain(t, body, `id="plan-length"`, `id="apps-per-env"`, `id="checks-per-env"`,
		fmt.Sprintf("<td>environments</td><td class=\"num\">%d</td>", len(u.ix.list)))
	u.VerifyAll(context.Background(), 2)
	p := profileOf(u.ix.list, u.ix.verdict)
	sum := 0
	for _, n := range p.AppsPer {
		sum += n
	}
	if sum != len(u.ix.list) || p.Envs != len(u.ix.list) {
		t.Errorf("apps distribution counts %d environments of %d", sum, len(u.ix.list))
	}
	// Every example is verified, so every one has a plan to count.
	planned := 0
	for _, n := range p.PlanLen {
		planned += n
	}
	if p.Planned != len(u.ix.list) || planned != p.Planned || p.PlanLen[0] != 0 {
		t.Errorf("plans known for %d (histogram %d) of %d; %d of length 0", p.Planned, planned, len(u.ix.list), p.PlanLen[0])
	}
}

// TestMountedInServer checks the UI answers on the REST server's mux and
// the API's own 404 stays JSON.
func TestMountedInServer(t *testing.T) {
	u, lib := newTestUI(t, Options{})
	cat, errs := serve.LibraryCatalog(lib, episode.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ts := httptest.NewServer(serve.New(cat, serve.Options{UI: u}).Handler())
	defer ts.Close()
	for path, want := range map[string]string{"/": "text/html", "/ui/profile": "text/html", "/v1/envs": "application/json", "/nothing": "application/json"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, want) {
			t.Errorf("%s: Content-Type %q, want %s", path, ct, want)
		}
	}
	var list serve.EnvList
	res, _ := http.Get(ts.URL + "/v1/envs")
	json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	if list.Total != len(u.ix.list) {
		t.Errorf("API lists %d, UI %d", list.Total, len(u.ix.list))
	}
}

// TestPagesWhileVerifying reads pages while the background pass writes
// verdicts (run with -race).
func TestPagesWhileVerifying(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		u.VerifyAll(context.Background(), 2)
	}()
	for i := 0; i < 20; i++ {
		for _, path := range []string{"/?verdict=failed", "/ui/profile", "/ui/envs/" + u.ix.list[i%len(u.ix.list)].env.ID} {
			if code, body := get(t, u, path); code != http.StatusOK {
				t.Fatalf("%s: %d %s", path, code, body)
			}
		}
	}
	<-done
}

// FuzzCorpusQuery: any query string gets a page or a 400, never a crash,
// and a range that parses holds its own bounds.
func FuzzCorpusQuery(f *testing.F) {
	u, _ := newTestUI(f, Options{})
	for _, s := range []string{"", "plan=2-4", "apps=-2", "page=3&per=1", "q=ticket&verdict=failed", "plan=4-2", "per=0", "apps=%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		code, _ := get(t, u, "/?"+url.PathEscape(q))
		if code != http.StatusOK && code != http.StatusBadRequest {
			t.Fatalf("%q: status %d", q, code)
		}
		if r, ok := parseRange(q); ok && r.Set && r.Max >= 0 && r.Min > r.Max {
			t.Fatalf("%q parsed to %+v", q, r)
		}
	})
}

// TestRootCauses: on a library with faults, the corpus filters by root
// cause and an environment's page shows the cause, its evidence and the
// blamed atom.
func TestRootCauses(t *testing.T) {
	lib, ds, err := atom.LoadDir(filepath.Join("..", "..", "evolve", "testdata", "faults"))
	if err != nil || ds.HasErrors() {
		t.Fatalf("faults library: %v %v", err, ds.Err())
	}
	vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 2})
	// Recipes that do not compose have a verdict but no page.
	cat, _ := serve.LibraryCatalog(lib, episode.Options{})
	var envs []Env
	for _, in := range cat.All() {
		envs = append(envs, Env{Env: in.Env})
	}
	u, err := New(envs, Options{Library: lib, Verdicts: vs})
	if err != nil {
		t.Fatal(err)
	}
	byCause := map[verify.Code][]verify.Verdict{}
	for _, v := range vs {
		if v.RootCause != nil && u.ix.get(v.EnvID) != nil {
			byCause[v.RootCause.Code] = append(byCause[v.RootCause.Code], v)
		}
	}
	if len(byCause) == 0 {
		t.Fatal("no composable environment of the faults library fails")
	}
	_, body := get(t, u, "/")
	for code, list := range byCause {
		mustContain(t, body, "<option >"+string(code)+"</option>")
		_, page := get(t, u, "/?verdict=failed&cause="+url.QueryEscape(string(code)))
		if n := len(rowRE.FindAllString(page, -1)); n != len(list) {
			t.Errorf("cause=%s: %d rows, want %d", code, n, len(list))
		}
		v := list[0]
		_, env := get(t, u, "/ui/envs/"+v.EnvID)
		mustContain(t, env, "Root cause <code>"+string(code)+"</code>", `href="/ui/atoms/`+string(v.RootCause.Atom.Kind)+"/"+v.RootCause.Atom.ID+`"`,
			escaped(v.RootCause.Evidence.Message))
	}
}

// A page number near the largest int used to overflow page*per into
// negative row numbers and show the first rows again.
func TestCorpusPageOverflow(t *testing.T) {
	u, _ := newTestUI(t, Options{})
	code, body := get(t, u, "/?page=9223372036854775807&per=500")
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	if n := len(rowRE.FindAllString(body, -1)); n != 0 {
		t.Fatalf("%d rows on a page past the last", n)
	}
	if strings.Contains(body, `id="next"`) || strings.Contains(body, "–-") {
		t.Fatalf("a next link or a negative row number: %s", body)
	}
}

// A FIFO in --rollouts used to block the request that named it until a
// writer came (forever), and shutdown waited for it; it is now refused at
// once, as anything but a regular file is.
func TestReplayNamedFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.jsonl"), 0o644); err != nil {
		t.Skip(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	u, _ := newTestUI(t, Options{RolloutDir: dir})
	base := "/ui/envs/" + u.ix.list[0].env.ID + "/replay"
	for _, name := range []string{"pipe.jsonl", "sub.jsonl"} {
		done := make(chan string, 1)
		go func() {
			_, body := get(t, u, base+"?src=file&file="+name)
			done <- body
		}()
		select {
		case body := <-done:
			mustContain(t, body, `id="replay-error"`, "not a regular file")
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the request still waits after 10s", name)
		}
	}
}
