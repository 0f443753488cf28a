package atom

import (
	"fmt"
	"testing"
)

func TestPlaceholders(t *testing.T) {
	text := "Tell {{contact}} at {{ contact.email }} about {{deal.amount due}}; {{not a slot}} {{contact}}"
	got := fmt.Sprint(Placeholders(text))
	// The field keeps a space before the closing braces, as the pattern reads it.
	want := "[{{{contact}} contact } {{{ contact.email }} contact email } {{{deal.amount due}} deal amount due} {{{contact}} contact }]"
	if got != want {
		t.Errorf("Placeholders = %s, want %s", got, want)
	}
	if !HasPlaceholder(text) || HasPlaceholder("{{not a slot}} and {single}") {
		t.Error("HasPlaceholder: want true for the text, false without a placeholder")
	}
	if p, ok := WholePlaceholder("  {{deal.amount}} "); !ok || p.Slot != "deal" || p.Field != "amount" {
		t.Errorf("WholePlaceholder of one placeholder = %+v, %v", p, ok)
	}
	for _, s := range []string{"due {{deal.amount}}", "{{a}}{{b}}", "plain"} {
		if p, ok := WholePlaceholder(s); ok {
			t.Errorf("WholePlaceholder(%q) = %+v, want none", s, p)
		}
	}
	out := ReplacePlaceholders("{{a}} and {{b.x}}", func(p Placeholder) string { return "<" + p.Slot + "|" + p.Field + ">" })
	if out != "<a|> and <b|x>" {
		t.Errorf("ReplacePlaceholders = %q", out)
	}
}
