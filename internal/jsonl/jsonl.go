// Package jsonl reads JSON Lines streams (envs.jsonl, trajectories) one
// line at a time, with the line numbers errors are reported at.
package jsonl

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// EachLine calls fn with each non-blank line of r, trimmed, and its 1-based
// number. An error of fn stops the reading and comes back as it is; a line
// longer than max bytes or a read error comes back as "name:line: error".
func EachLine(name string, r io.Reader, max int, fn func(line int, b []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), max)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := fn(line, b); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return nil
}
