package serve

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/legoenv/legoenv/episode"
)

// One client used to be able to take all the sessions.
func TestPerClientSessionQuota(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{MaxSessionsPerClient: 2})
	id := cat.All()[0].Env.ID
	var ids []string
	for i := 0; i < 2; i++ {
		var st SessionStart
		if code := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, &st); code != http.StatusCreated {
			t.Fatalf("session %d: %d", i, code)
		}
		ids = append(ids, st.SessionID)
	}
	var e errorBody
	if code := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, &e); code != http.StatusTooManyRequests || e.Error.Code != "too_many_sessions_for_client" || !strings.Contains(e.Error.Message, "--max-sessions-per-client") {
		t.Fatalf("third session: %d %+v", code, e)
	}
	// The process itself is not a client.
	if _, err := ts.NewSession(id, episode.SessionOptions{}); err != nil {
		t.Fatal(err)
	}
	// Closing one gives the slot back.
	ts.do(t, "DELETE", "/v1/sessions/"+ids[0], nil, nil)
	if code := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, nil); code != http.StatusCreated {
		t.Fatalf("after a close: %d", code)
	}
}

// One REST session used to accept any number of MCP sessions, none of
// them counted against --max-sessions.
func TestMCPSessionsAreLimitedAndCounted(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{MaxSessions: 4, MaxMCPSessions: 2})
	id := cat.All()[0].Env.ID
	var st SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, &st)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "limits-test", Version: "0"}, nil)
	connect := func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL + st.MCP, MaxRetries: -1}, nil)
	}
	var open []*mcp.ClientSession
	for i := 0; i < 2; i++ {
		cs, err := connect()
		if err != nil {
			t.Fatalf("MCP session %d: %v", i, err)
		}
		open = append(open, cs)
	}
	if cs, err := connect(); err == nil {
		cs.Close()
		t.Fatal("a third MCP session on one session was accepted")
	} else if !strings.Contains(err.Error(), "429") && !strings.Contains(err.Error(), "Too Many") {
		t.Logf("refusal: %v", err)
	}
	if n := ts.OpenMCPSessions(); n != 2 {
		t.Errorf("%d MCP sessions counted, want 2", n)
	}
	// 1 REST + 2 MCP of 4: one more REST session fits, the next does not.
	if code := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, nil); code != http.StatusCreated {
		t.Fatalf("fourth slot: %d", code)
	}
	var e errorBody
	if code := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": id}, &e); code != http.StatusTooManyRequests || e.Error.Code != "too_many_sessions" {
		t.Fatalf("past the limit with MCP counted: %d %+v", code, e)
	}
	// A closed MCP session frees its slot once the server notices.
	open[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for ts.sessions.recountMCP(); ts.OpenMCPSessions() != 1 && time.Now().Before(deadline); ts.sessions.recountMCP() {
		time.Sleep(20 * time.Millisecond)
	}
	if n := ts.OpenMCPSessions(); n != 1 {
		t.Fatalf("after a close, %d MCP sessions counted", n)
	}
	open[1].Close()
}

// A client that sends its body slowly used to hold the connection for as
// long as it liked (no ReadTimeout).
func TestSlowBodyIsCut(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{ReadTimeout: 300 * time.Millisecond, ReadHeaderTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"env")
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	_, err = io.ReadAll(bufio.NewReader(conn))
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server still held the connection after 5 s")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("connection held %s", d)
	}
}

// A client that never finishes its headers is cut too.
func TestSlowHeadersAreCut(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{ReadHeaderTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n")
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(conn); err != nil {
		t.Fatalf("connection not closed: %v", err)
	}
}

// A huge offset used to overflow offset+limit into a negative next_offset.
func TestEnvListHugeOffset(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	for _, q := range []string{"offset=9223372036854775807", "offset=9223372036854775807&limit=1000", "offset=1&limit=1"} {
		var l struct {
			Envs       []EnvSummary `json:"envs"`
			NextOffset *int         `json:"next_offset"`
		}
		if code := ts.do(t, "GET", "/v1/envs?"+q, nil, &l); code != http.StatusOK {
			t.Fatalf("%s: %d", q, code)
		}
		if l.NextOffset != nil && (*l.NextOffset <= 0 || *l.NextOffset >= cat.Len()) {
			t.Errorf("%s: next_offset %d of %d", q, *l.NextOffset, cat.Len())
		}
		if strings.HasPrefix(q, "offset=9") && (len(l.Envs) != 0 || l.NextOffset != nil) {
			t.Errorf("%s: %d envs, next %v", q, len(l.Envs), l.NextOffset)
		}
		if q == "offset=1&limit=1" && (len(l.Envs) != 1 || l.NextOffset == nil || *l.NextOffset != 2) {
			t.Errorf("%s: %d envs, next %v", q, len(l.Envs), l.NextOffset)
		}
	}
}

// The server's --max-steps (and the other episode limits) reach sessions.
func TestCatalogSetLimits(t *testing.T) {
	cat := exampleCatalog(t)
	cat.SetLimits(episode.Limits{MaxSteps: 2})
	ts := startServer(t, cat, Options{})
	env := envBy(t, cat, "escalate_ticket", "northwind_support")
	var st SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &st)
	if st.MaxSteps != 2 {
		t.Fatalf("max_steps %d, want 2", st.MaxSteps)
	}
	call := map[string]any{"tool_calls": []map[string]any{{"name": "helpdesk_search_tickets", "arguments": map[string]any{}}}}
	var res StepResult
	for i := 0; i < 3; i++ {
		ts.do(t, "POST", "/v1/sessions/"+st.SessionID+"/step", call, &res)
	}
	if !res.Done || res.Steps != 2 || !res.Observations[0].IsError || !strings.Contains(res.Observations[0].Content, "max_steps") {
		t.Fatalf("third step: %+v", res)
	}
	if env.Limits.StarlarkSteps != (episode.Limits{}).WithDefaults().StarlarkSteps {
		t.Error("a limit not given was changed")
	}
}

// Only an initialize opens an MCP session: a notification sent without a
// session id used to take a slot, and a second client was refused.
func TestOnlyInitializeTakesAnMCPSlot(t *testing.T) {
	for body, want := range map[string]bool{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`: true,
		`[{"jsonrpc":"2.0","id":1,"method":"initialize"}]`:           true,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`:     false,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`:             false,
		strings.Repeat("x", 64):                                      true, // over the limit: the handler refuses it
	} {
		r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", strings.NewReader(body))
		if got := initializes(r, 60); got != want {
			t.Errorf("initializes(%.40s) = %v, want %v", body, got, want)
		}
		rest, _ := io.ReadAll(r.Body)
		if string(rest) != body {
			t.Errorf("body after the peek %q, want it whole", rest)
		}
	}
}
