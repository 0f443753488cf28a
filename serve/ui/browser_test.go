package ui

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/serve"
)

var screenshots = flag.Bool("screenshots", false, "write the browser test's screenshots to testdata/screenshots (committed for review) instead of a temporary directory")

// chromium finds a Chromium or Chrome binary: $CHROMIUM, then the usual
// names on PATH.
func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless Chromium with a fresh profile, with no network
// beyond what the test serves on loopback.
func browser(t *testing.T) context.Context {
	t.Helper()
	bin := chromium()
	if bin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium binary (install Debian's chromium package; .ci/run does)")
		}
		t.Skip("no Chromium binary found (apt-get install chromium, or set CHROMIUM); skipping the browser test")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 860),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	return bctx
}

// TestBrowser drives the pages in headless Chromium: the corpus narrows
// under a filter, an environment shows its instruction and goal, a replay
// steps (with the arrow key) to a state diff, and the Pareto chart renders.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	u, lib := newTestUI(t, Options{Report: exampleReport()})
	u.VerifyAll(context.Background(), 2)
	cat, errs := serve.LibraryCatalog(lib, episode.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ts := httptest.NewServer(serve.New(cat, serve.Options{UI: u}).Handler())
	defer ts.Close()

	shots := t.TempDir()
	if *screenshots {
		shots = filepath.Join("testdata", "screenshots")
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	shot := func(name string) {
		t.Helper()
		b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(shots, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	// waitFor polls a predicate across a navigation, which ends the page
	// a chromedp.Poll would run in.
	waitFor := func(what, expr string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
			if err == nil && ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %s is still false (%v)", what, expr, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	do := func(what string, acts ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, acts...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	// Corpus: every environment, then the app filter (its script submits on
	// change) narrows the list.
	do("open the corpus", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.ID("envs")))
	if got := text("#total"); got != strconv.Itoa(len(u.ix.list)) {
		t.Fatalf("corpus shows %s environments, want %d", got, len(u.ix.list))
	}
	shot("corpus.png")
	want := 0
	for _, e := range u.ix.list {
		if has(e.env.Apps, "crm") {
			want++
		}
	}
	// SetValue fires the change event the page's script submits on.
	do("filter by app", chromedp.SetValue(chromedp.CSS(`select[name="app"]`), "crm"))
	waitFor("filter by app", `location.search.includes("app=crm") && document.readyState === "complete" && document.getElementById("total") !== null`)
	if got := text("#total"); got != strconv.Itoa(want) || want >= len(u.ix.list) {
		t.Fatalf("app=crm shows %s environments, want %d (fewer than %d)", got, want, len(u.ix.list))
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#envs tbody tr").length`))
	if err != nil || rows != want {
		t.Fatalf("app=crm lists %d rows (%v), want %d", rows, err, want)
	}

	// Environment: the instruction and the goal.
	var e *entry
	for _, x := range u.ix.list {
		if len(x.env.Plan) > 1 {
			e = x
			break
		}
	}
	do("open an environment", chromedp.Navigate(ts.URL+"/ui/envs/"+e.env.ID), chromedp.WaitVisible(chromedp.ID("goal")))
	if got := text("#instruction"); got != strings.TrimSpace(e.env.Instruction) {
		t.Errorf("instruction %q, want %q", got, e.env.Instruction)
	}
	goal := text("#goal")
	for _, c := range e.env.Checks {
		if c.Source == "goal" && !strings.Contains(goal, c.Program.Assertion.String()) {
			t.Errorf("goal section lacks %s", c.Program.Assertion.String())
		}
	}
	shot("env.png")

	// Replay: step with the arrow key until a step changes the state.
	do("open the replay", chromedp.Click(chromedp.ID("replay")), chromedp.WaitVisible(chromedp.ID("stepper")))
	diffAt := 0
	for step := 1; step <= len(e.env.Plan) && diffAt == 0; step++ {
		do("step", chromedp.KeyEvent(kb.ArrowRight))
		waitFor("step", fmt.Sprintf(`document.readyState === "complete" && (document.getElementById("step-at") || {}).textContent === "step %d of %d"`, step, len(e.env.Plan)))
		has, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelectorAll("#diff tbody tr").length > 0`))
		if err != nil {
			t.Fatal(err)
		}
		if has {
			diffAt = step
		}
	}
	if diffAt == 0 {
		t.Fatalf("no step of the %d-call plan of %s showed a state diff", len(e.env.Plan), e.env.ID)
	}
	if d := text("#diff"); !strings.Contains(d, "added") && !strings.Contains(d, "changed") && !strings.Contains(d, "removed") {
		t.Errorf("diff at step %d: %q", diffAt, d)
	}
	shot("replay.png")

	// Evolution: the Pareto chart is drawn, its bars have width.
	do("open evolution", chromedp.Navigate(ts.URL+"/ui/evolution"), chromedp.WaitVisible(chromedp.ID("pareto-1")))
	widths, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`Array.from(document.querySelectorAll("#pareto-1 rect.bar")).map(r => r.getBBox().width)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(widths) != 4 {
		t.Fatalf("Pareto has %d bars, want 4", len(widths))
	}
	drawn := 0
	for _, w := range widths {
		if w > 0 {
			drawn++
		}
	}
	if drawn != 3 { // server.missing_tool goes to 0 after the round
		t.Errorf("Pareto bar widths %v: want 3 drawn", widths)
	}
	shot("evolution.png")
	do("open profile", chromedp.Navigate(ts.URL+"/ui/profile"), chromedp.WaitVisible(chromedp.ID("plan-length")))
	shot("profile.png")
	t.Logf("screenshots in %s", shots)
}
