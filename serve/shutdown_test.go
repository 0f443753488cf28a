package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// signalListener tells when the handler reads a request's body (the
// server asks its connection for more bytes after it has the whole
// header: only the body reader does that) and when the listener closed
// (shutdown began). A request whose header is still arriving when shutdown
// begins is dropped by net/http, so the test waits for the handler.
type signalListener struct {
	net.Listener
	headerLen           int64
	got                 atomic.Int64
	readOnce, closeOnce sync.Once
	read, closed        chan struct{}
}

func (l *signalListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &signalConn{Conn: c, l: l}, nil
}

func (l *signalListener) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

type signalConn struct {
	net.Conn
	l *signalListener
}

func (c *signalConn) Read(p []byte) (int, error) {
	if c.l.got.Load() >= c.l.headerLen {
		c.l.readOnce.Do(func() { close(c.l.read) })
	}
	n, err := c.Conn.Read(p)
	c.l.got.Add(int64(n))
	return n, err
}

// TestGracefulShutdown starts a step whose body is still arriving, shuts
// the server down, and checks that the listener closes (no new
// connections) while the step still completes and counts.
func TestGracefulShutdown(t *testing.T) {
	cat := exampleCatalog(t)
	srv := New(cat, Options{ShutdownTimeout: 10 * time.Second})
	env := envBy(t, cat, "reply_and_pend", "northwind_support")
	sess, err := srv.NewSession(env.ID, episode.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	body := `{"tool_calls":[{"name":"helpdesk_update_ticket","arguments":{"id":"T-1001","status":"pending"}}]}`
	half := len(body) / 2
	header := fmt.Sprintf("POST /v1/sessions/%s/step HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
		sess.ID, inner.Addr(), len(body))
	ln := &signalListener{Listener: inner, headerLen: int64(len(header)), read: make(chan struct{}), closed: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()

	conn, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(header + body[:half])); err != nil {
		t.Fatal(err)
	}
	wait := func(ch chan struct{}, what string) {
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("timed out waiting for %s", what)
		}
	}
	wait(ln.read, "the handler to read the body")
	cancel()
	wait(ln.closed, "shutdown to close the listener")
	select {
	case err := <-done:
		t.Fatalf("Run returned (%v) with a request in flight", err)
	case <-time.After(50 * time.Millisecond):
	}
	if _, err := conn.Write([]byte(body[half:])); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var res StepResult
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil || resp.StatusCode != 200 || len(res.Observations) != 1 || res.Observations[0].IsError || res.Steps != 1 {
		t.Fatalf("in-flight step: %d %+v %v", resp.StatusCode, res, err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the last request")
	}
	if !sess.Closed() || srv.OpenSessions() != 0 {
		t.Error("sessions are still open after shutdown")
	}
}
