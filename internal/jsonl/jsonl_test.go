package jsonl

import (
	"errors"
	"strings"
	"testing"
)

func TestEachLine(t *testing.T) {
	var got []int
	err := EachLine("f", strings.NewReader("{}\n\n  \n{\"a\":1}\n"), 1<<10, func(line int, b []byte) error {
		got = append(got, line)
		return nil
	})
	if err != nil || len(got) != 2 || got[0] != 1 || got[1] != 4 {
		t.Fatalf("lines %v, err %v; want [1 4]", got, err)
	}
	stop := errors.New("stop")
	if err := EachLine("f", strings.NewReader("a\nb\n"), 1<<10, func(int, []byte) error { return stop }); err != stop {
		t.Errorf("fn's error came back as %v", err)
	}
	err = EachLine("f", strings.NewReader("short\n"+strings.Repeat("x", 70<<10)+"\n"), 64<<10, func(int, []byte) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "f:2: ") {
		t.Errorf("an over-long line gave %v, want an error at f:2", err)
	}
}
