package automationbench

import (
	"strings"
	"testing"
)

// A field the product stores as codes carries the names its public API
// documentation gives them (Freshdesk's ticket status and priority), and
// the tools of its collection show them, so the agent can read "urgent"
// as priority 4 (the working half's freshdesk_outage_tickets_urgent,
// slack_freshdesk_tickets_flagged_urgent_count,
// gmail_freshdesk_company_tickets_sitting_open_count).
func TestDocumentedCodesAreShown(t *testing.T) {
	_, res := sampleLibrary(t)
	for _, s := range res.Servers {
		if s.ID != "freshdesk" {
			continue
		}
		for _, c := range s.Collections {
			if c.Name != "tickets" {
				continue
			}
			if got := c.Fields["priority"].Codes["4"]; got != "Urgent" {
				t.Errorf("tickets.priority code 4 = %q, want Urgent", got)
			}
			if got := c.Fields["status"].Codes["6"]; got != "Waiting on Customer" {
				t.Errorf("tickets.status code 6 = %q, want Waiting on Customer", got)
			}
		}
		shown := 0
		for _, tl := range s.Tools {
			if tl.Name != "freshdesk_get_tickets" && tl.Name != "freshdesk_update_ticket" {
				continue
			}
			shown++
			for _, want := range []string{"Codes of status: 2 Open, 3 Pending, 4 Resolved, 5 Closed, 6 Waiting on Customer, 7 Waiting on Third Party.", "Codes of priority: 1 Low, 2 Medium, 3 High, 4 Urgent."} {
				if !strings.Contains(tl.Description, want) {
					t.Errorf("%s: description %q lacks %q", tl.Name, tl.Description, want)
				}
			}
		}
		if shown != 2 {
			t.Errorf("found %d of freshdesk_get_tickets and freshdesk_update_ticket, want both", shown)
		}
		return
	}
	t.Fatal("no freshdesk server in the sample's library")
}
