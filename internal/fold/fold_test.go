package fold

import (
	"strings"
	"testing"
)

// Contains answers as lowering both sides and searching does, on ASCII,
// Unicode whose lowering changes its length, and invalid UTF-8.
func TestContainsAsLowered(t *testing.T) {
	texts := []string{"", "a", "A", "Brian Kim", "brian.kim@ACME.example", "[Z]@`{", "ÉCOLE école", "İstanbul", "Kelvin \u212a", "\xff\xfeAB", "T-1001 Urgent", "x@y", "[a]"}
	for _, s := range texts {
		for _, sub := range append(texts, "kim", "KIM", "an k", "ACME.EX", "é", "i", "k", "\ufffd", "ab", "z]@`{", "urgentx", "x`y", "{A}") {
			want := strings.Contains(strings.ToLower(s), strings.ToLower(sub))
			if got := Contains(s, sub); got != want {
				t.Errorf("Contains(%q, %q) = %v, lowered gives %v", s, sub, got, want)
			}
		}
	}
}

func TestContainsASCIIAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { Contains("Brian Kim <BRIAN@ACME.EXAMPLE>", "acme") }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
