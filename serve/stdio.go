package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioTransport is MCP over newline-delimited JSON-RPC on a reader and a
// writer (a process's stdin and stdout). Unlike the SDK's stdio transport,
// a malformed line is answered with a JSON-RPC error (-32700 parse error,
// -32600 invalid request) and reading goes on, and at the end of input the
// requests already read are answered before the connection reports EOF.
type StdioTransport struct {
	In  io.Reader
	Out io.Writer
	// MaxLineBytes bounds one message (default 4 MiB); a longer line is
	// answered with a parse error and skipped.
	MaxLineBytes int
	// Drain bounds the wait for requests in flight at the end of input
	// (default 30s).
	Drain time.Duration
}

// Connect implements mcp.Transport.
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &stdioConn{
		out:      t.Out,
		incoming: make(chan jsonrpc.Message),
		eof:      make(chan struct{}),
		closed:   make(chan struct{}),
		idle:     make(chan struct{}, 1),
		pending:  map[jsonrpc.ID]bool{},
		maxLine:  orDefault(t.MaxLineBytes, 4<<20),
		drain:    orDefault(t.Drain, 30*time.Second),
	}
	go c.readLoop(t.In)
	return c, nil
}

type stdioConn struct {
	out      io.Writer
	incoming chan jsonrpc.Message
	eof      chan struct{} // closed at the end of input
	closed   chan struct{}
	idle     chan struct{} // signalled when the last pending request is answered
	maxLine  int
	drain    time.Duration

	mu        sync.Mutex // guards out, pending
	pending   map[jsonrpc.ID]bool
	closeOnce sync.Once
}

func (c *stdioConn) SessionID() string { return "" }

func (c *stdioConn) readLoop(in io.Reader) {
	defer close(c.eof)
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, c.maxLine)
		if tooLong {
			c.reject(jsonrpc.CodeParseError, fmt.Sprintf("message longer than %d bytes", c.maxLine))
		} else if len(bytes.TrimSpace(line)) > 0 {
			if msg := c.decode(line); msg != nil {
				select {
				case c.incoming <- msg:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			return // io.EOF or a read error: both end the input
		}
	}
}

// readLine reads up to a newline, keeping at most max bytes.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, tooLong, err
		}
	}
}

// decode reads one message, answering a bad one itself.
func (c *stdioConn) decode(line []byte) jsonrpc.Message {
	if !json.Valid(line) {
		c.reject(jsonrpc.CodeParseError, "parse error: the line is not JSON")
		return nil
	}
	if t := bytes.TrimSpace(line); t[0] == '[' {
		c.reject(jsonrpc.CodeInvalidRequest, "batches are not supported; send one message a line")
		return nil
	}
	var shape struct {
		Method        *string
		Result, Error json.RawMessage
	}
	if json.Unmarshal(line, &shape) == nil && shape.Method == nil && shape.Result == nil && shape.Error == nil {
		// Neither a request nor a response: the SDK would take it for a
		// response to nothing and never answer.
		c.rejectID(line, jsonrpc.CodeInvalidRequest, "invalid request: no method")
		return nil
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		c.rejectID(line, jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		return nil
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		c.mu.Lock()
		c.pending[req.ID] = true
		c.mu.Unlock()
	}
	return msg
}

// reject writes an error response without an id, as JSON-RPC asks when the
// id of the message cannot be read.
func (c *stdioConn) reject(code int64, msg string) { c.respond(nil, code, msg) }

// rejectID writes an error response with the id of the message in line
// when it can be read (a string or a number), and without one otherwise.
func (c *stdioConn) rejectID(line []byte, code int64, msg string) {
	var m struct{ ID json.RawMessage }
	var id any
	if json.Unmarshal(line, &m) == nil && len(m.ID) > 0 {
		var v any
		if json.Unmarshal(m.ID, &v) == nil {
			switch v.(type) {
			case string, float64:
				id = m.ID
			}
		}
	}
	c.respond(id, code, msg)
}

func (c *stdioConn) respond(id any, code int64, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	c.mu.Lock()
	defer c.mu.Unlock()
	_, _ = c.out.Write(append(b, '\n'))
}

// Read returns the next message. After the end of input it waits for the
// requests in flight to be answered (up to drain) and then returns io.EOF.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case msg := <-c.incoming:
		return msg, nil
	case <-c.eof:
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	deadline := time.NewTimer(c.drain)
	defer deadline.Stop()
	for c.inFlight() > 0 {
		select {
		case <-c.idle:
		case <-deadline.C:
			return nil, io.EOF
		case <-c.closed:
			return nil, io.EOF
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return nil, io.EOF
}

func (c *stdioConn) inFlight() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pending)
}

// Write sends a message; a response settles its request.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encode message: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.out.Write(append(b, '\n')); err != nil {
		return err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && c.pending[resp.ID] {
		delete(c.pending, resp.ID)
		if len(c.pending) == 0 {
			select {
			case c.idle <- struct{}{}:
			default:
			}
		}
	}
	return nil
}

func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}
