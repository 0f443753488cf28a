package serve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"
)

// rawClient is a minimal HTTP/1.1 keep-alive client for the load
// generator. The generator shares the machine's cores with the server it
// measures, so the less it costs the more of the machine the server gets;
// net/http's client costs several times this. It sends prepared requests
// and reads answers with a Content-Length (which the server always sends).
type rawClient struct {
	addr string
	conn net.Conn
	br   *bufio.Reader
	body []byte // the last answer's body; reused
	// The deadline guards against a server that never answers; it is moved
	// once a second rather than on every request (setting one is a
	// syscall's worth of work).
	deadline time.Time
}

// request renders a POST.
func request(host, path string, body []byte) []byte {
	b := fmt.Appendf(nil, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, host, len(body))
	return append(b, body...)
}

// do sends req and reads the answer. On any error the connection is
// dropped and the next call dials again; nothing is retried, since a step
// is not idempotent.
func (c *rawClient) do(req []byte) (int, error) {
	if c.conn == nil {
		conn, err := net.DialTimeout("tcp", c.addr, 5*time.Second)
		if err != nil {
			return 0, err
		}
		if tc, ok := conn.(*net.TCPConn); ok {
			_ = tc.SetNoDelay(true)
		}
		c.conn = conn
		c.deadline = time.Time{}
		if c.br == nil {
			c.br = bufio.NewReaderSize(conn, 32<<10)
		} else {
			c.br.Reset(conn)
		}
	}
	status, closing, err := c.roundTrip(req)
	if err != nil || closing {
		c.close()
	}
	return status, err
}

func (c *rawClient) close() {
	if c.conn != nil {
		_ = c.conn.Close()
		c.conn = nil
	}
}

var errNoLength = errors.New("answer without Content-Length")

func (c *rawClient) roundTrip(req []byte) (status int, closing bool, err error) {
	if now := time.Now(); c.deadline.Sub(now) < 29*time.Second {
		c.deadline = now.Add(30 * time.Second)
		_ = c.conn.SetDeadline(c.deadline)
	}
	if _, err := c.conn.Write(req); err != nil {
		return 0, false, err
	}
	line, err := c.br.ReadSlice('\n')
	if err != nil {
		return 0, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return 0, false, fmt.Errorf("bad status line %q", line)
	}
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, false, fmt.Errorf("bad status line %q", line)
	}
	n := -1
	for {
		line, err = c.br.ReadSlice('\n')
		if err != nil {
			return 0, false, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			break
		}
		i := bytes.IndexByte(line, ':')
		if i <= 0 {
			return 0, false, fmt.Errorf("bad header line %q", line)
		}
		key, val := line[:i], bytes.TrimSpace(line[i+1:])
		switch {
		case bytes.EqualFold(key, []byte("Content-Length")):
			if n, err = strconv.Atoi(string(val)); err != nil || n < 0 {
				return 0, false, fmt.Errorf("bad Content-Length %q", val)
			}
		case bytes.EqualFold(key, []byte("Connection")) && bytes.EqualFold(val, []byte("close")):
			closing = true
		case bytes.EqualFold(key, []byte("Transfer-Encoding")):
			return 0, false, fmt.Errorf("unexpected Transfer-Encoding %q", val)
		}
	}
	if n < 0 {
		return 0, false, errNoLength
	}
	if cap(c.body) < n {
		c.body = make([]byte, n)
	}
	c.body = c.body[:n]
	if _, err := io.ReadFull(c.br, c.body); err != nil {
		return 0, false, err
	}
	return status, closing, nil
}
