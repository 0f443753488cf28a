package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/legoenv/legoenv/episode"
)

// The SDK's stdio transport ended the session on one malformed line and
// dropped the requests still in flight at the end of input; a message
// without a method got no answer, and -32600 answers said id null.
func TestStdioKeepsGoing(t *testing.T) {
	cat := exampleCatalog(t)
	env := envBy(t, cat, "escalate_ticket", "northwind_support")
	sess, err := NewSession("", env, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	srv := NewMCPServer(sess, MCPOptions{})
	call := env.PlanCalls()[0]
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`,
		`{this is not json`,
		`[{"jsonrpc":"2.0","id":9,"method":"tools/list"}]`,
		// No method: it used to get no answer at all. A bad method: the
		// answer used to say id null though the id was readable.
		`{"jsonrpc":"2.0","id":4}`,
		`{"jsonrpc":"2.0","id":"five","method":7}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"` + call.Name + `","arguments":` + string(call.Args) + `}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Run(ctx, &StdioTransport{In: strings.NewReader(in), Out: &out}); err != nil && ctx.Err() != nil {
		t.Fatalf("run: %v", err)
	}
	seen := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("output line %q: %v", line, err)
		}
		code := "ok"
		if m.Error != nil {
			code = fmt.Sprintf("err%d", m.Error.Code)
		}
		seen[string(m.ID)+" "+code] = line
	}
	for _, want := range []string{"1 ok", "null err-32700", "null err-32600", "4 err-32600", `"five" err-32600`, "2 ok", "3 ok"} {
		if _, ok := seen[want]; !ok {
			t.Errorf("no answer %q in:\n%s", want, out.String())
		}
	}
	if sess.ep.Steps() != 1 {
		t.Errorf("the call in flight at the end of input ran %d times", sess.ep.Steps())
	}
}

// FuzzStdio feeds lines to the stdio transport, answering every request
// it reads as a server would: every line it writes is JSON, every request
// is answered once, and it ends at end of input. (The transport alone: an
// MCP server's goroutines would make coverage vary from run to run.)
func FuzzStdio(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}` + "\n" +
			`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}` + "\n",
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"helpdesk_search_tickets","arguments":{}}}` + "\n",
		"{not json\n\n[1,2]\n",
		`{"jsonrpc":"2.0","id":"x","method":"resources/read","params":{"uri":"legoenv://session/state"}}` + "\r\n",
		`{"jsonrpc":"2.0","id":null}` + "\n" + `{"jsonrpc":"2.0","id":7,"result":{}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		tr := &StdioTransport{In: strings.NewReader(in), Out: &out, Drain: time.Second, MaxLineBytes: 1 << 12}
		ctx := context.Background()
		c, err := tr.Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		for {
			msg, err := c.Read(ctx)
			if err != nil {
				break
			}
			if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
				calls++
				if err := c.Write(ctx, &jsonrpc.Response{ID: req.ID, Result: json.RawMessage(`{}`)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		answers := 0
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if line == "" {
				continue
			}
			if !json.Valid([]byte(line)) {
				t.Fatalf("wrote a line that is not JSON: %q", line)
			}
			if strings.Contains(line, `"result"`) {
				answers++
			}
		}
		if answers != calls {
			t.Fatalf("%d requests read, %d answered", calls, answers)
		}
	})
}
