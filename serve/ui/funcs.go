package ui

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

var funcs = template.FuncMap{
	"pct":   pct,
	"f2":    f2,
	"itoa":  itoa,
	"short": short,
	"join":  strings.Join,
	"add":   func(a, b int) int { return a + b },
	"cut":   cutText,
}

func itoa(n int) string { return strconv.Itoa(n) }

func f2(f float64) string { return fmt.Sprintf("%.2f", f) }

// short cuts a version hash to 8 characters, as the CLI's tables do.
func short(v string) string {
	if len(v) > 8 {
		return v[:8]
	}
	if v == "" {
		return "-"
	}
	return v
}

// cutText shortens s to n bytes at most, on a rune boundary.
func cutText(n int, s string) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8Start(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
