package synth

import (
	"regexp"
	"strings"
	"testing"
)

// The grammar a template can get wrong when it fills in a collection's or
// a field's name: the article before it ("a opportunity", "an ticket") and
// a singular subject with a plural verb ("each invoice are").

var (
	aVowelRE     = regexp.MustCompile(`(?i)\ba ([aeiou][a-z]*)\b`)
	anConsonRE   = regexp.MustCompile(`(?i)\ban ([b-df-hj-np-tv-z][a-z]*)\b`)
	singularVerb = regexp.MustCompile(`(?i)\b(a|an|each|every|one) ([a-z]+) (are|were|have)\b`)
	// Words that start with a vowel letter and a consonant sound, and the
	// reverse.
	consonantSound = []string{"uni", "use", "usu", "uti", "ura", "uro", "ubi", "one", "once", "eu"}
	vowelSound     = []string{"hour", "honest", "honor", "heir"}
)

// grammarIssues lists the article and agreement mistakes of a text.
func grammarIssues(s string) []string {
	var out []string
	for _, m := range aVowelRE.FindAllStringSubmatch(s, -1) {
		if !hasAnyPrefix(strings.ToLower(m[1]), consonantSound) {
			out = append(out, m[0])
		}
	}
	for _, m := range anConsonRE.FindAllStringSubmatch(s, -1) {
		if !hasAnyPrefix(strings.ToLower(m[1]), vowelSound) {
			out = append(out, m[0])
		}
	}
	for _, m := range singularVerb.FindAllStringSubmatch(s, -1) {
		if !strings.HasSuffix(m[2], "s") || strings.HasSuffix(m[2], "ss") {
			out = append(out, m[0])
		}
	}
	return out
}

func hasAnyPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func TestGrammarIssues(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"Create a opportunity and file it as a epic.", 2},
		{"Create an opportunity, a user and an hour-long call; a unit is fine.", 0},
		{"Post an ticket for every invoice.", 1},
		{"Each invoice are checked; every deal have an owner.", 2},
		{"Each of them are fine; a series were held.", 0},
	} {
		if got := grammarIssues(c.text); len(got) != c.want {
			t.Errorf("grammarIssues(%q) = %q, want %d", c.text, got, c.want)
		}
	}
}

// checkCorpusGrammar fails the test for every instruction, and every
// policy or note written into the data, with a grammar issue.
func checkCorpusGrammar(t *testing.T, c *Corpus) {
	t.Helper()
	bad := 0
	report := func(where, text string) {
		if issues := grammarIssues(text); len(issues) > 0 {
			bad++
			if bad <= 20 {
				t.Errorf("%s: %q in %q", where, issues, text)
			}
		}
	}
	for _, in := range c.Intents {
		report("intent "+in.ID, in.Instruction)
	}
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for coll, recs := range colls {
				for _, r := range recs {
					for f, v := range r {
						if s, ok := v.(string); ok && len(strings.Fields(s)) >= 8 {
							report("data "+d.ID+" "+app+"."+coll+"."+f, s)
						}
					}
				}
			}
		}
	}
	if bad > 20 {
		t.Errorf("%d texts with grammar issues in all", bad)
	}
}

func TestInstructionGrammar(t *testing.T) {
	needWholeCorpus(t)
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	checkCorpusGrammar(t, c)
}

// articles mends the article a template writes before a name, also after
// an opening bracket or quote.
func TestArticlesAfterPunctuation(t *testing.T) {
	got := articles(`Apply it (a issue in Linear); "a email" and a user, a update.`)
	want := `Apply it (an issue in Linear); "an email" and a user, an update.`
	if got != want {
		t.Errorf("articles = %q, want %q", got, want)
	}
}
