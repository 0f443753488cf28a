package rollout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
)

// Output appends trajectories to a JSONL file. Opening a file that exists
// resumes it: the task ids in it are done, and a last line cut short by a
// crash is dropped (it is rerun), never glued to the next one.
type Output struct {
	path string
	mu   sync.Mutex
	f    *os.File
	done map[string]bool
	// Resumed is the number of trajectories already in the file; Dropped is
	// 1 when a partial last line was removed.
	Resumed, Dropped int
}

// OpenOutput opens (or creates) path for appending.
func OpenOutput(path string) (*Output, error) {
	o := &Output{path: path, done: map[string]bool{}}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("output %s: %w", path, err)
	default:
		keep, err := o.scan(data)
		if err != nil {
			return nil, err
		}
		if keep < len(data) {
			if err := os.Truncate(path, int64(keep)); err != nil {
				return nil, fmt.Errorf("output %s: drop partial last line: %w", path, err)
			}
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	o.f = f
	return o, nil
}

// scan records the task ids of data and returns how many bytes to keep.
func (o *Output) scan(data []byte) (int, error) {
	line, off := 0, 0
	for off < len(data) {
		line++
		end := bytes.IndexByte(data[off:], '\n')
		complete := end >= 0
		if !complete {
			end = len(data) - off
		}
		b := bytes.TrimSpace(data[off : off+end])
		if len(b) > 0 {
			t, err := decodeTrajectory(b)
			switch {
			case err != nil && !complete:
				o.Dropped = 1
				return off, nil
			case err != nil:
				return 0, fmt.Errorf("%s:%d: %w (fix or remove the line to resume)", o.path, line, err)
			}
			o.done[t.TaskID] = true
			o.Resumed++
		}
		if !complete {
			// A whole trajectory without its newline: keep it and end the
			// line before appending.
			if err := appendNewline(o.path); err != nil {
				return 0, err
			}
			return len(data) + 1, nil
		}
		off += end + 1
	}
	return len(data), nil
}

func appendNewline(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("output %s: %w", path, err)
	}
	_, err = f.Write([]byte("\n"))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Done reports whether a task id is already in the file.
func (o *Output) Done(taskID string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.done[taskID]
}

// Write appends one trajectory as one line, in one write.
func (o *Output) Write(t *Trajectory) error {
	b, err := encodeLine(t)
	if err != nil {
		return fmt.Errorf("encode %s: %w", t.TaskID, err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, err := o.f.Write(b); err != nil {
		return fmt.Errorf("output %s: %w", o.path, err)
	}
	o.done[t.TaskID] = true
	return nil
}

// Close closes the file.
func (o *Output) Close() error { return o.f.Close() }
