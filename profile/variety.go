package profile

import (
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"unicode"
)

// FamilyDepth is one task family's share of a corpus and its depth,
// measured on its own environments: a corpus whose median comes from one
// deep family and many shallow ones shows it here.
type FamilyDepth struct {
	Family          string  `json:"family"`
	Envs            int     `json:"envs"`
	Share           float64 `json:"share"`
	CallsMedian     float64 `json:"calls_median"`
	AssertionsMed   float64 `json:"assertions_median"`
	AppsMedian      float64 `json:"apps_median"`
	NegativeShare   float64 `json:"negative_share"`
	PromptWordsMed  float64 `json:"prompt_words_median"`
	OpeningTopShare float64 `json:"opening_top_share"` // within the family
}

// Variety is how varied a corpus's instructions are.
type Variety struct {
	// Ngram4Ratio is distinct word 4-grams over all word 4-grams of the
	// instructions. It falls as a corpus grows even when its text is
	// varied, so Ngram4RatioSample holds the ratio on samples of
	// SampleSize instructions (the mean over SampleRuns fixed samples),
	// which compares corpora of different sizes.
	Ngram4Ratio       float64 `json:"ngram4_ratio"`
	Ngram4RatioSample float64 `json:"ngram4_ratio_sample"`
	// TopOpening is the most common opening (the first OpeningWords words
	// of an instruction, lower case, without punctuation) and
	// TopOpeningShare the share of instructions that start with it.
	TopOpening      string  `json:"top_opening"`
	TopOpeningShare float64 `json:"top_opening_share"`
	// Openings is the number of distinct openings.
	Openings int `json:"openings"`
}

// Measures of Variety.
const (
	OpeningWords = 3
	SampleSize   = 50
	SampleRuns   = 20
)

// instructionWords splits an instruction into lower-case words without
// surrounding punctuation.
func instructionWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.ToLower(s)) {
		f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// opening is an instruction's first OpeningWords words.
func opening(words []string) string {
	return strings.Join(words[:min(OpeningWords, len(words))], " ")
}

// ngramRatio is distinct 4-grams over all 4-grams of the instructions.
func ngramRatio(instr [][]string) float64 {
	seen := map[string]bool{}
	total := 0
	for _, ws := range instr {
		for i := 0; i+4 <= len(ws); i++ {
			seen[strings.Join(ws[i:i+4], " ")] = true
			total++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(len(seen)) / float64(total)
}

// measureVariety measures the instructions' 4-gram variety and openings.
// Samples are chosen by a hash of each environment's id and the run, so
// the figure is the same on every run over the same corpus.
func measureVariety(ms []Env) Variety {
	var v Variety
	words := make([][]string, len(ms))
	open := map[string]int{}
	for i, m := range ms {
		words[i] = instructionWords(m.Instruction)
		open[opening(words[i])]++
	}
	v.Ngram4Ratio = ngramRatio(words)
	v.Openings = len(open)
	v.TopOpening, v.TopOpeningShare = topShare(open, len(ms))
	if len(ms) <= SampleSize {
		v.Ngram4RatioSample = v.Ngram4Ratio
		return v
	}
	idx := make([]int, len(ms))
	keys := make([]uint64, len(ms))
	sum := 0.0
	for run := 0; run < SampleRuns; run++ {
		for i, m := range ms {
			h := fnv.New64a()
			fmt.Fprintf(h, "%d|%s|%d", run, m.ID, i)
			idx[i], keys[i] = i, h.Sum64()
		}
		sort.Slice(idx, func(a, b int) bool { return keys[idx[a]] < keys[idx[b]] })
		sample := make([][]string, SampleSize)
		for j := range sample {
			sample[j] = words[idx[j]]
		}
		sum += ngramRatio(sample)
	}
	v.Ngram4RatioSample = sum / SampleRuns
	return v
}

// topShare is the most common key of counts (ties to the smaller key) and
// its share of n.
func topShare(counts map[string]int, n int) (string, float64) {
	best, bn := "", 0
	for k, c := range counts {
		if c > bn || (c == bn && k < best) {
			best, bn = k, c
		}
	}
	if n == 0 {
		return "", 0
	}
	return best, float64(bn) / float64(n)
}

// familyDepths measures each family on its own, largest first.
func familyDepths(ms []Env) []FamilyDepth {
	by := map[string][]Env{}
	for _, m := range ms {
		by[m.Family] = append(by[m.Family], m)
	}
	var out []FamilyDepth
	for f, es := range by {
		d := FamilyDepth{Family: f, Envs: len(es), Share: float64(len(es)) / float64(len(ms))}
		var calls, asserts, apps, words []float64
		open := map[string]int{}
		for _, m := range es {
			calls = append(calls, float64(m.Calls))
			asserts = append(asserts, float64(m.Assertions))
			apps = append(apps, float64(m.Apps))
			words = append(words, float64(m.PromptWords))
			d.NegativeShare += b2f(m.Negatives > 0)
			open[opening(instructionWords(m.Instruction))]++
		}
		d.NegativeShare /= float64(len(es))
		d.CallsMedian, d.AssertionsMed, d.AppsMedian, d.PromptWordsMed = median(calls), median(asserts), median(apps), median(words)
		_, d.OpeningTopShare = topShare(open, len(es))
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Envs != out[j].Envs {
			return out[i].Envs > out[j].Envs
		}
		return out[i].Family < out[j].Family
	})
	return out
}

// WriteFamilies writes each profile's family table: share and depth per
// family, largest first.
func WriteFamilies(w io.Writer, ps ...Profile) error {
	for _, p := range ps {
		fmt.Fprintf(w, "\nfamilies of %s (%d; largest %s)\n", p.Name, p.Families, pct1(p.FamilyTopShare))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "family\tenvs\tshare\tcalls (median)\tassertions (median)\tapps (median)\twith negatives\twords (median)\ttop opening\t")
		for _, d := range p.FamilyTable {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", d.Family, d.Envs, pct1(d.Share), num(d.CallsMedian), num(d.AssertionsMed),
				num(d.AppsMedian), pct(d.NegativeShare), num(d.PromptWordsMed), pct(d.OpeningTopShare))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func pct1(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }
