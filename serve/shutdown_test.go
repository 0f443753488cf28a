package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// signalListener tells when the server has read from a connection and
// when the listener closed (shutdown began).
type signalListener struct {
	net.Listener
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
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.l.readOnce.Do(func() { close(c.l.read) })
	}
	return n, err
}

// TestGracefulShutdown starts a step whose body is still arriving, shuts
// the server down, and checks that the step completes and counts while new
// connections are refused.
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
	ln := &signalListener{Listener: inner, read: make(chan struct{}), closed: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()

	conn, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"tool_calls":[{"name":"helpdesk_update_ticket","arguments":{"id":"T-1001","status":"pending"}}]}`
	half := len(body) / 2
	fmt.Fprintf(conn, "POST /v1/sessions/%s/step HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		sess.ID, inner.Addr(), len(body), body[:half])
	wait := func(ch chan struct{}, what string) {
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("timed out waiting for %s", what)
		}
	}
	wait(ln.read, "the server to read the request")
	cancel()
	wait(ln.closed, "shutdown to close the listener")
	if c, err := net.DialTimeout("tcp", inner.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Error("a new connection was accepted during shutdown")
	}
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
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil || resp.StatusCode != 200 || len(res.Observations) != 1 || res.Observations[0].IsError {
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
