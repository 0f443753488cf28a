package atom

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// nouns are the kinds of thing a collection's records may be declared to
// be (Collection.Noun), each with what its names read like.
var nouns = map[string]string{
	"state":        "a step of a workflow (In Review, Ready for QA)",
	"stage":        "a step of a sales or process pipeline (Proposal Sent)",
	"label":        "a label, tag or category (billing, urgent)",
	"section":      "a section of a project or list (Backlog, This Week)",
	"topic":        "a themed group of saved ideas (Kitchen ideas)",
	"folder":       "a folder of files (Contracts 2026)",
	"request_type": "a kind of request people file (Request a new laptop)",
	"component":    "a part of a design system (Button / Primary)",
	"service":      "a part of a product that runs (Public API)",
	"policy":       "a set of spending rules (Travel policy)",
	"page":         "a business's public page (its name)",
	"chat":         "a group conversation (Launch crew)",
	"event_type":   "a kind of meeting people book (30 Minute Meeting)",
	"role":         "a role members of a community hold (Moderator)",
}

// nounWords are the collection-name words that say the noun without
// doubt; a collection whose name is ambiguous (components, policies,
// pages, categories) declares it.
var nounWords = map[string]string{
	"states": "state", "stages": "stage", "phases": "stage", "labels": "label", "tags": "label",
	"sections": "section", "folders": "folder", "chats": "chat",
}

// NounOf is the noun of a collection's records: its declared Noun, else
// the one its name's last word says (request_types: request_type,
// workflow_states: state), else "".
func NounOf(c *Collection) string {
	if c.Noun != "" {
		return c.Noun
	}
	ws := Words(c.Name)
	if len(ws) == 0 {
		return ""
	}
	last := ws[len(ws)-1]
	if len(ws) > 1 && last == "types" {
		if n := strings.TrimSuffix(ws[len(ws)-2], "s") + "_type"; nouns[n] != "" {
			return n
		}
	}
	return nounWords[last]
}

// validateNouns checks each declared noun is one of nouns.
func validateNouns(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	for i, c := range s.Collections {
		if c.Noun != "" && nouns[c.Noun] == "" {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("collections[%d].noun", i), "collection %s: noun %q is not one of %s", c.Name, c.Noun, strings.Join(slices.Sorted(maps.Keys(nouns)), ", ")))
		}
	}
	return ds
}
