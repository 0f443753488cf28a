package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// conformMediaType gives a file the media type its name is of, under a
// media_type rule: its extension's, or, for a name with none, the one of
// the rule's types that the name's words say the file is (a "Q3 budget
// forecast" a spreadsheet, a "kickoff deck" a presentation, any other a
// document: the first). A type a task sets stays.
func conformMediaType(inv atom.Invariant, rec map[string]any, set map[string]any) {
	f := inv.Fields[0]
	types, ok := inv.MediaTypes(rec)
	if _, pinned := set[f]; pinned || !ok || slices.Contains(types, state.Text(rec[f])) {
		return
	}
	rec[f] = typeByName(types, state.Text(rec[inv.Fields[1]]))
}

// sheetWords and deckWords name files kept as tables and as slides.
var (
	sheetWords = []string{"budget", "forecast", "figures", "spreadsheet", "sheet", "tracker", "pricing", "roster", "inventory", "ledger", "export", "list", "headcount", "metrics", "numbers", "reconciliation"}
	deckWords  = []string{"deck", "slides", "presentation", "pitch", "keynote"}
)

// typeByName is the one of types that a file's name says it is: a
// spreadsheet's or a presentation's type where its words name one and
// types hold one, else the first.
func typeByName(types []string, name string) string {
	ws := atom.Words(strings.ToLower(name))
	for _, kind := range []struct {
		words []string
		sub   string
	}{{sheetWords, "spreadsheet"}, {deckWords, "presentation"}} {
		if !hasWord(ws, kind.words...) {
			continue
		}
		for _, t := range types {
			if strings.Contains(t, kind.sub) {
				return t
			}
		}
	}
	return types[0]
}
