package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progressEvery is how often a long phase says how far it is when its
// standard error is not a terminal.
const progressEvery = 5 * time.Second

// progressLines reports a long phase off a terminal: a line every few
// seconds with the count, the rate and the time left, and one at the end.
type progressLines struct {
	mu          sync.Mutex
	w           io.Writer
	what        string
	total, done int
	every       time.Duration
	start, last time.Time
	now         func() time.Time
}

func newProgressLines(w io.Writer, what string, total int, every time.Duration) *progressLines {
	t := time.Now()
	return &progressLines{w: w, what: what, total: total, every: every, start: t, last: t, now: time.Now}
}

// set records that done of total are done, and writes a line when the
// last is older than the interval.
func (p *progressLines) set(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = max(p.done, done)
	if total > 0 {
		p.total = total
	}
	if t := p.now(); t.Sub(p.last) >= p.every {
		p.last = t
		fmt.Fprintln(p.w, p.line(t))
	}
}

// finish writes the last line, when the phase was long enough to have had one.
func (p *progressLines) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t := p.now(); t.Sub(p.start) >= p.every {
		fmt.Fprintln(p.w, p.line(t))
	}
}

// line is "legoenv: planning: 3,200 of 13,601 (240/s, 43 s left)".
func (p *progressLines) line(t time.Time) string {
	el := t.Sub(p.start).Seconds()
	s := fmt.Sprintf("legoenv: %s: %s of %s", p.what, thousands(p.done), thousands(p.total))
	if el <= 0 || p.done == 0 {
		return s
	}
	rate := float64(p.done) / el
	if p.done >= p.total {
		return s + fmt.Sprintf(" (%.0f/s, done in %.0f s)", rate, el)
	}
	return s + fmt.Sprintf(" (%.0f/s, %.0f s left)", rate, float64(p.total-p.done)/rate)
}

// thousands writes n with commas: 13,601.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
