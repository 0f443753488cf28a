package llm_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
)

func TestPing(t *testing.T) {
	cases := []struct {
		name  string
		reply llmtest.Reply
		want  string // "" when the endpoint counts as answering
	}{
		{"completion", llmtest.Text("OK"), ""},
		{"dislikes the tiny request", llmtest.Status(400, "max_tokens too small"), ""},
		{"rate limited", llmtest.Status(429, "slow down"), ""},
		{"bad key", llmtest.Status(401, "invalid api key"), "refuses the API key"},
		{"unknown model", llmtest.Status(404, "model not found"), "no such model"},
		{"server error", llmtest.Status(503, "overloaded"), "fails: HTTP 503"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Sequence(c.reply))
			cl, err := llm.New(llm.Config{BaseURL: srv.URL, Model: "m"})
			if err != nil {
				t.Fatal(err)
			}
			err = cl.Ping(context.Background())
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Ping: %v, want nil", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), srv.URL)):
				t.Fatalf("Ping: %v, want an error naming %s and saying %q", err, srv.URL, c.want)
			}
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("%d requests, want 1 (no retries)", n)
			}
		})
	}
}

func TestPingClosedPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/v1"
	ln.Close()
	cl, err := llm.New(llm.Config{BaseURL: url, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = cl.Ping(context.Background())
	if err == nil || !strings.Contains(err.Error(), "does not answer") || !strings.Contains(err.Error(), url) {
		t.Fatalf("Ping on a closed port: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Ping took %v on a closed port; it must not retry", d)
	}
}
