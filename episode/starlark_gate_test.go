package episode

import (
	"strings"
	"testing"
	"time"
)

// A gate with a memory bound lets in only the calls whose budgets fit in
// it together: a second call waits while the first holds the memory and
// is refused when its time runs out, a call larger than the bound runs
// alone, and leaving gives the memory back.
func TestGateBoundsMemoryInFlight(t *testing.T) {
	g := NewGate(8, 3<<20)
	_, leave, err := g.enter(time.Second, 2<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.enter(20*time.Millisecond, 2<<20); err == nil || !strings.Contains(err.Error(), "memory of Starlark calls (3 MiB)") {
		t.Fatalf("a second 2 MiB call beside the first under 3 MiB: %v", err)
	}
	_, leaveSmall, err := g.enter(time.Second, 1<<20)
	if err != nil {
		t.Fatalf("a 1 MiB call beside 2 MiB under 3 MiB: %v", err)
	}
	leave()
	leaveSmall()
	_, leaveBig, err := g.enter(time.Second, 1<<30)
	if err != nil {
		t.Fatalf("a call larger than the bound, alone: %v", err)
	}
	if _, _, err := g.enter(20*time.Millisecond, 1); err == nil {
		t.Fatal("a call beside one that holds the whole bound was let in")
	}
	leaveBig()
	if _, leave, err := g.enter(time.Second, 2<<20); err != nil {
		t.Fatalf("after leaving: %v", err)
	} else {
		leave()
	}
}

// Slots still bound the calls at once when memory is not the limit.
func TestGateBoundsSlots(t *testing.T) {
	g := NewGate(1, 0)
	_, leave, err := g.enter(time.Second, 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.enter(20*time.Millisecond, 1); err == nil || !strings.Contains(err.Error(), "slot") {
		t.Fatalf("a second call with one slot: %v", err)
	}
	leave()
	if _, leave, err := g.enter(time.Second, 1); err != nil {
		t.Fatal(err)
	} else {
		leave()
	}
}
