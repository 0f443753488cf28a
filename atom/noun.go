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
	"availability": "the hours a person takes bookings in (Working hours)",
	"rotation":     "an on-call schedule (Platform primary on-call)",
	"escalation":   "an escalation policy for incidents (Critical incidents)",
	"base":         "a database of records as a whole (Content calendar)",
	"table":        "a table of a base, doc or workbook (Leads)",
	"sheet":        "a sheet of a spreadsheet (Sheet1, Summary)",
	"workbook":     "a spreadsheet file (Budget 2026.xlsx)",
	"process":      "a process requests move through (Purchase requests)",
	"workspace":    "a shared space or site of a team (HR Portal)",
	"checklist":    "a list of steps on a card or project (Launch checklist)",
	"repository":   "a code repository, named as a slug (api-gateway)",
	"phone_line":   "a phone number of a team or office (Support line)",
	"automation":   "a marketing automation or flow (Welcome series)",
	"pixel":        "a tracking pixel or dataset of events (Website pixel)",
	"conversion":   "an action counted as a conversion (Demo request)",
	"assistant":    "an AI assistant set up for a job (SQL helper)",
	"knowledge":    "a set of documents an assistant searches (Product docs)",
	"calendar":     "a calendar (Holidays, Team PTO)",
	"training":     "a training course employees complete (Security Awareness)",
	"collector":    "a way a survey collects answers (Web Link 1)",
	"ad_group":     "an ad group, named for its audience (Retargeting - Site visitors)",
	"interview":    "a round of a hiring process (Phone screen, Onsite interview)",
	"account":      "a line of the company's chart of accounts (Sales - Products, Office Costs)",
	"bank_account": "one of the company's bank accounts (Operating Account, Tax Reserve)",
	"job":          "an opening the company hires for (Senior Backend Engineer)",
	"asset":        "an item of the company's own hardware or software its IT tracks (MacBook Pro 14)",
	"metric":       "a type of event a site or integration tracks, naming each event of it (Placed Order)",
}

// companyless are the nouns whose records are named for what they are,
// never for a company: a ledger account counts a kind of money, a bank
// account holds the company's own, an opening names the role it hires
// for, an asset is the equipment or software it is. A record of one
// named "Redwood LLC" or "Follow-up for Cyberdyne Systems" is named as a
// customer's matter.
var companyless = map[string]bool{"account": true, "bank_account": true, "job": true, "asset": true}

// NamedForNoCompany reports whether records of the noun are never named
// for a company (companyless).
func NamedForNoCompany(noun string) bool { return companyless[noun] }

// nounWords are the collection-name words that say the noun without
// doubt; a collection whose name is ambiguous (components, policies,
// pages, categories) declares it.
var nounWords = map[string]string{
	"states": "state", "stages": "stage", "phases": "stage", "labels": "label", "tags": "label",
	"sections": "section", "folders": "folder", "chats": "chat", "repositories": "repository",
	"checklists": "checklist", "tasklists": "checklist", "worksheets": "sheet", "automations": "automation",
	"collectors": "collector", "adgroups": "ad_group", "interviews": "interview",
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
