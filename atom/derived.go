package atom

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// The ways a derived invariant makes its first field of the others
// (Invariant.By).
const (
	DeriveJoin     = "join"     // the others' values joined by Sep (a space if none): a full name of first and last
	DeriveSlug     = "slug"     // the others as a path segment; after Sep, its last segment (a repository's owner/name)
	DeriveText     = "text"     // the text of the other's HTML: a message's body_plain of its body_html
	DeriveContains = "contains" // holds each other's value: a job's full_title its title
	DerivePreview  = "preview"  // the start of the other's text: a mail's snippet of its body
	DeriveNumbered = "numbered" // the other's value, Sep ("-" if none) and a number: a Jira issue's key of its project's (PROJ-123)
)

var deriveWays = []string{DeriveContains, DeriveJoin, DeriveSlug, DeriveText, DerivePreview, DeriveNumbered, DeriveLength}

// PreviewRunes is the most a drawn preview holds: a mail list shows the
// first line or so of a body (Outlook's bodyPreview keeps up to 255
// characters, Fastmail's preview up to 256), so one sentence reads right.
const PreviewRunes = 100

// Preview is the start of a text as a mail client shows it: its first
// sentence where that fits PreviewRunes, else the words that do.
func Preview(text string) string {
	text = PlainText(text)
	if i := strings.IndexAny(text, ".?!"); i >= 0 && len([]rune(text[:i+1])) <= PreviewRunes {
		return text[:i+1]
	}
	out := ""
	for _, w := range strings.Fields(text) {
		next := strings.TrimSpace(out + " " + w)
		if len([]rune(next)) > PreviewRunes {
			break
		}
		out = next
	}
	return out
}

// previews reports whether got reads as the start of text: its words
// (a trailing ellipsis a client adds aside) begin the text's.
func previews(got, text string) bool {
	got = strings.TrimRight(strings.TrimSpace(got), ".…")
	words, body := strings.Fields(PlainText(got)), strings.Fields(PlainText(text))
	if len(words) == 0 || len(words) > len(body) {
		return false
	}
	for i, w := range words {
		if i == len(words)-1 {
			return strings.HasPrefix(body[i], w)
		}
		if w != body[i] {
			return false
		}
	}
	return true
}

// Slug is s as a path segment: its letters and digits in lower case,
// every other run of characters one hyphen ("Canvas Backpack 6" is
// "canvas-backpack-6").
func Slug(s string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(s) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if gap && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			gap = false
			continue
		}
		gap = true
	}
	return b.String()
}

var (
	markup = regexp.MustCompile(`<[^>]*>`)
	breaks = regexp.MustCompile(`(?i)^</?(p|br|div|li|ul|ol|h[1-6]|tr|td|table|blockquote|hr)\b`)
)

// PlainText is the text an HTML fragment shows: its tags dropped (a tag
// that breaks a line, as a paragraph's, leaves a space), its entities
// read and its runs of white space one space.
func PlainText(h string) string {
	text := markup.ReplaceAllStringFunc(h, func(tag string) string {
		if breaks.MatchString(tag) {
			return " "
		}
		return ""
	})
	return strings.Join(strings.Fields(html.UnescapeString(text)), " ")
}

// sources are the values of a derived rule's other fields on rec, those
// set; false where one is missing, which leaves nothing to derive.
func (inv Invariant) sources(rec map[string]any) ([]string, bool) {
	var out []string
	for _, f := range inv.Fields[1:] {
		s, ok := rec[f].(string)
		if !ok || s == "" {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// Derive is what a derived rule's first field should hold on rec, made
// of the others (for contains, the others joined, the least that holds
// them); false where one of them is missing. For slug with a Sep, the
// segments before the last stay what rec holds (the owner in
// "acme/billing-api").
func (inv Invariant) Derive(rec map[string]any) (string, bool) {
	if inv.By == DeriveLength {
		return inv.lengthDerive(rec)
	}
	src, ok := inv.sources(rec)
	if !ok {
		return "", false
	}
	switch inv.By {
	case DeriveJoin:
		return strings.Join(src, inv.separator(" ")), true
	case DeriveText:
		return PlainText(src[0]), true
	case DeriveContains:
		return strings.Join(src, " "), true
	case DerivePreview:
		return Preview(src[0]), true
	case DeriveNumbered:
		cur, _ := rec[inv.Fields[0]].(string)
		n := cur[len(strings.TrimRight(cur, "0123456789")):]
		if n == "" {
			n = "1"
		}
		return src[0] + inv.separator("-") + n, true
	}
	s := Slug(strings.Join(src, " "))
	if cur, _ := rec[inv.Fields[0]].(string); inv.Sep != "" {
		if i := strings.LastIndex(cur, inv.Sep); i >= 0 {
			return cur[:i+len(inv.Sep)] + s, true
		}
	}
	return s, true
}

func (inv Invariant) separator(def string) string {
	if inv.Sep == "" {
		return def
	}
	return inv.Sep
}

// Agrees reports whether rec's first field is what a derived rule makes
// of the others; true where either is missing.
func (inv Invariant) Agrees(rec map[string]any) bool {
	got, _ := rec[inv.Fields[0]].(string)
	want, ok := inv.Derive(rec)
	if got == "" || !ok {
		return true
	}
	if inv.By == DeriveLength {
		return got == want
	}
	if inv.By == DerivePreview {
		src, _ := inv.sources(rec)
		return previews(got, src[0])
	}
	if inv.By != DeriveContains {
		return got == want
	}
	src, _ := inv.sources(rec)
	for _, s := range src {
		if !strings.Contains(strings.ToLower(got), strings.ToLower(s)) {
			return false
		}
	}
	return true
}

func (inv Invariant) derivedProblem(rec map[string]any) (Problem, bool) {
	if inv.Agrees(rec) {
		return Problem{}, false
	}
	want, _ := inv.Derive(rec)
	verb := map[string]string{DeriveJoin: "is", DeriveSlug: "is", DeriveNumbered: "is", DeriveText: "is the text", DeriveContains: "contains", DerivePreview: "is the start", DeriveLength: "states the length of"}[inv.By]
	return Problem{inv.Fields[0], fmt.Sprintf("%s is %q but %s %q, of %v", inv.Fields[0], rec[inv.Fields[0]], verb, want, inv.Fields[1:])}, true
}

// validateDerived checks a derived rule: a known way, a separator only
// where it joins or slugs, one HTML source for text, and text fields
// none of which derives from itself.
func validateDerived(e *Entry, c *Collection, inv Invariant, at string) Diagnostics {
	var ds Diagnostics
	if !slices.Contains(deriveWays, inv.By) {
		ds = append(ds, e.Diag(Error, at+".by", "derived needs by, one of %s; got %q", strings.Join(deriveWays, ", "), inv.By))
	}
	if inv.Sep != "" && inv.By != DeriveJoin && inv.By != DeriveSlug && inv.By != DeriveNumbered {
		ds = append(ds, e.Diag(Error, at+".sep", "sep is for derived by join, slug or numbered, not %q", inv.By))
	}
	if inv.By == DeriveNumbered && len(inv.Fields) != 2 {
		ds = append(ds, e.Diag(Error, at+".fields", "derived by numbered takes the field and the one field it numbers after, got %d fields", len(inv.Fields)))
	}
	if inv.By == DeriveText && len(inv.Fields) != 2 {
		ds = append(ds, e.Diag(Error, at+".fields", "derived by text takes the field and the one HTML field it is the text of, got %d fields", len(inv.Fields)))
	}
	if inv.By == DeriveLength && (len(inv.Fields) != 2 || c.Fields[inv.Fields[1]].Type != "integer") {
		ds = append(ds, e.Diag(Error, at+".fields", "derived by length takes the name and one integer field of minutes it states, got %v", inv.Fields))
	}
	if inv.By == DerivePreview && len(inv.Fields) != 2 {
		ds = append(ds, e.Diag(Error, at+".fields", "derived by preview takes the field and the one body it begins, got %d fields", len(inv.Fields)))
	}
	for j, f := range inv.Fields {
		if j > 0 && f == inv.Fields[0] {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "%s cannot derive from itself", f))
		}
		if fd, ok := c.Fields[f]; ok && fd.Type != "string" && (inv.By != DeriveLength || j == 0) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.fields[%d]", at, j), "derived takes text fields; %s is %s", f, fd.Type))
		}
	}
	return ds
}
