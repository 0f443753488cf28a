package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	p := newProgressLines(&buf, "planning", 100, 5*time.Second)
	now := p.start
	p.now = func() time.Time { return now }
	p.set(10, 100) // under the interval: no line
	if buf.Len() != 0 {
		t.Fatalf("a line before the interval: %q", buf.String())
	}
	now = now.Add(5 * time.Second)
	p.set(20, 100)
	if got, want := buf.String(), "legoenv: planning: 20 of 100 (4/s, 20 s left)\n"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	p.set(15, 100) // out of order: the count does not go back
	now = now.Add(5 * time.Second)
	p.set(100, 100)
	p.finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || lines[1] != "legoenv: planning: 100 of 100 (10/s, done in 10 s)" || lines[2] != lines[1] {
		t.Errorf("lines %q", lines)
	}
	if thousands(13601) != "13,601" || thousands(999) != "999" || thousands(1000000) != "1,000,000" {
		t.Errorf("thousands: %s %s %s", thousands(13601), thousands(999), thousands(1000000))
	}
}
