package automationbench

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/verify/ground"
)

// documentedCodes are the names a product's public API documentation gives
// the values of a field it stores as codes, where the state schema lists
// the codes bare: app -> collection -> field -> code -> name. An entry
// holds every code the documentation names for the field, never a choice
// of them.
var documentedCodes = map[string]map[string]map[string]map[string]string{
	// Freshdesk's ticket properties
	// (https://developers.freshdesk.com/api/#tickets).
	"freshdesk": {"tickets": {
		"status":   {"2": "Open", "3": "Pending", "4": "Resolved", "5": "Closed", "6": "Waiting on Customer", "7": "Waiting on Third Party"},
		"priority": {"1": "Low", "2": "Medium", "3": "High", "4": "Urgent"},
		"source":   {"1": "Email", "2": "Portal", "3": "Phone", "7": "Chat", "9": "Feedback Widget", "10": "Outbound Email"},
	}},
}

// markCodes gives each field of app that documentedCodes names its codes.
func markCodes(app *App) {
	for coll, fields := range documentedCodes[app.Name] {
		c := app.Collection(coll)
		if c == nil {
			continue
		}
		for name, codes := range fields {
			if f := c.Field(name); f != nil {
				f.Codes = codes
			}
		}
	}
}

// codesDoc is the sentence a tool of c gives its coded fields' codes in:
// " Codes of priority: 1 Low, 2 Medium, 3 High, 4 Urgent." ("" for none).
func codesDoc(c *Coll) string {
	var b strings.Builder
	for _, f := range c.Fields {
		if len(f.Codes) == 0 {
			continue
		}
		fmt.Fprintf(&b, " Codes of %s:", f.Name)
		for i, code := range sortedCodes(f.Codes) {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s %s", code, f.Codes[code])
		}
		b.WriteByte('.')
	}
	return b.String()
}

// sortedCodes orders codes by number where they are numbers, else as text.
func sortedCodes(codes map[string]string) []string {
	return slices.SortedFunc(maps.Keys(codes), func(a, b string) int {
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if errA == nil && errB == nil {
			return x - y
		}
		return strings.Compare(a, b)
	})
}

// appCodes are the codes the fields of apps' collections name, as their
// tools show them.
func appCodes(s *Schemas, apps []string) ground.Codes {
	codes := ground.Codes{}
	for _, name := range apps {
		app := s.App(name)
		if app == nil {
			continue
		}
		for _, c := range app.Collections {
			for _, f := range c.Fields {
				codes.Add(f.Name, f.Codes)
			}
		}
	}
	return codes
}
