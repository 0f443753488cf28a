package main

import (
	"fmt"
	"strings"
)

// clip shortens s to n runes for a table cell.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// plural renders "1 record", "2 records".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pluralVerb renders "1 recipe does", "2 recipes do".
func pluralVerb(n int, noun, one, many string) string {
	if n == 1 {
		return plural(n, noun) + " " + one
	}
	return plural(n, noun) + " " + many
}
