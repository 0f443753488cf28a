package synth

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// A record whose collection declares what kind of thing it is (its noun,
// atom.NounOf) is named as that thing is named in the product: a
// workflow state "In Review", a pipeline stage "Proposal Sent", a label
// "billing", a folder "Contracts 2026", never like a piece of work
// ("Budget workshop for Initech"). Names come from the noun's vocabulary,
// each used once per collection of a world, so they stay unique where
// the product's are.

// nounVocab are the names of each noun's records. A name may hold
// "{team}", "{company}", "{city}" or "{year}", filled from the record's
// row, teamNames, places and the clock.
var nounVocab = map[string][]string{
	"state": {"Backlog", "Unstarted", "Ready for Development", "In Development", "In Progress", "In Review", "Code Review",
		"Ready for QA", "In QA", "Ready to Deploy", "Deployed", "Done", "Blocked", "Triage", "Scheduled", "Needs Info",
		"Icebox", "In Design", "Awaiting Approval", "Verified", "Won't Do", "Ready for Release", "On Hold", "Planned"},
	"stage": {"Lead In", "Contact Made", "Qualified", "Discovery Call", "Demo Scheduled", "Needs Defined", "Proposal Sent",
		"Negotiation", "Contract Sent", "Verbal Commit", "Legal Review", "Procurement", "Trial Started", "Security Review",
		"Awaiting Signature", "Kickoff", "Intake", "Screening", "Final Review", "Ready to Close", "Budget Approved", "Pricing Agreed"},
	"label": {"billing", "urgent", "bug", "feature-request", "frontend", "backend", "customer-reported", "needs-triage",
		"documentation", "security", "performance", "onboarding", "refund", "vip", "churn-risk", "enterprise", "design",
		"mobile", "api", "follow-up", "newsletter", "webinar-attendee", "trial", "partner", "beta", "high-priority",
		"low-priority", "accessibility", "infrastructure", "regression", "tech-debt", "question", "sales-lead",
		"{team}", "{city}", "event-{year}"},
	"section": {"Backlog", "To Do", "In Progress", "Up Next", "This Week", "Next Week", "Later", "Done", "Ideas", "Research",
		"Design", "QA", "Launch Prep", "Follow-ups", "Waiting on Client", "Recurring", "Someday", "Phase 1", "Phase 2",
		"Milestone 1", "Admin", "Planning", "Review", "{team}", "Q{quarter} goals"},
	"topic": {"Kitchen ideas", "Color palettes", "Packaging inspiration", "Brand moodboard", "Product shots", "Store displays",
		"Typography", "Holiday looks", "Spring recipes", "Office setups", "Logo ideas", "Wedding flowers", "Travel spots",
		"Workout plans", "Garden design", "Social posts", "Illustration styles", "Photo props", "Window displays",
		"Patterns and textures", "{city} trip"},
	"folder": {"Contracts {year}", "Invoices {year}", "Receipts", "Board decks", "Design assets", "Brand guidelines",
		"Onboarding", "Legal", "HR", "Marketing", "Product specs", "Meeting notes", "Customer research", "Quarterly reports",
		"Tax documents {year}", "Vendor agreements", "Proposals", "Templates", "Press kit", "Recruiting", "Budgets {year}",
		"Archive", "{company}", "{company} contracts", "{team}", "{team} shared", "{city} office"},
	"request_type": {"Request a new laptop", "Get IT help", "Report a system problem", "Request access to an application",
		"Onboard a new employee", "Reset my password", "Request a software license", "Report a security incident",
		"Ask a legal question", "Request a change", "Order new hardware", "Set up VPN access", "Fix a printer",
		"Request a mobile phone", "Book a meeting room", "Offboard an employee", "Update payroll details",
		"Request a purchase", "Ask a billing question", "Request a new email alias", "Report a broken link"},
	"component": {"Button / Primary", "Button / Secondary", "Button / Ghost", "Input / Text", "Input / Search", "Card / Product",
		"Card / Profile", "Modal / Confirm", "Nav / Top bar", "Nav / Sidebar", "Icon / Arrow right", "Icon / Close",
		"Avatar / Small", "Avatar / Large", "Badge / Status", "Toast / Success", "Toast / Error", "Tabs / Default",
		"Checkbox / Checked", "Dropdown / Menu", "Tooltip / Dark", "Banner / Warning", "Toggle / On", "Chip / Filter",
		"Table / Row", "Pagination / Default"},
	"service": {"Public API", "Web Dashboard", "Webhooks", "Payments", "Authentication", "Search", "Email Delivery",
		"Mobile App", "Data Sync", "File Storage", "Notifications", "Reporting", "Checkout", "Billing Portal",
		"Admin Console", "Integrations", "CDN", "Database", "Job Queue", "{team} API"},
	"policy": {"Travel policy", "Expense policy {year}", "{team} expenses", "Contractor reimbursements", "Client entertainment",
		"Conference travel", "Remote work stipend", "Corporate cards", "Relocation", "Training budget", "{city} office expenses",
		"Field sales expenses", "Executive travel", "Equipment purchases", "Per diem rates {year}"},
	"chat": {"Launch crew", "{team} team", "{team} standup", "{company} deal room", "Offsite planning", "Quarter close",
		"On-call handoff", "{city} office", "Design critique", "Release sync", "Hiring panel", "Support leads",
		"Book club", "Lunch plans", "{company} onboarding", "Weekly wins"},
	"event_type": {"30 Minute Meeting", "15 Minute Intro Call", "Product Demo", "Discovery Call", "Onboarding Session",
		"Office Hours", "Consultation", "Quarterly Review", "Technical Deep Dive", "Coffee Chat", "Interview (45 min)",
		"Support Call", "Pricing Q&A", "Strategy Session", "Check-in (20 min)", "Implementation Workshop", "{team} Office Hours"},
	"role": {"Moderator", "Admin", "Member", "Verified", "Event Host", "Community Manager", "Beta Tester", "Support",
		"Contributor", "VIP", "Newcomer", "Mentor", "Partner", "{team}", "{city} Chapter"},
}

// nounName draws the name of a record of the collection's noun, one no
// record of the collection drawn before holds; ok is false where the
// collection has no noun with a vocabulary.
func (v *valuer) nounName(cm *collModel, r row) (string, bool) {
	noun := atom.NounOf(cm.c)
	vocab := nounVocab[noun]
	if noun != "page" && len(vocab) == 0 {
		return "", false
	}
	if v.nounTaken == nil {
		v.nounTaken = map[string]bool{}
	}
	var name string
	for try := 0; try < 24; try++ {
		if noun == "page" {
			name = v.pageName(r, try)
		} else {
			name = v.fillNoun(pick(v.rng, vocab), r)
		}
		if !v.nounTaken[cm.ref()+"|"+name] {
			break
		}
	}
	base := name
	for n := 2; v.nounTaken[cm.ref()+"|"+name]; n++ {
		name = fmt.Sprintf("%s %d", base, n)
	}
	v.nounTaken[cm.ref()+"|"+name] = true
	return name, true
}

// pageName is a business's page's name: its company's, or, where another
// page of the world has it, another company's (a stranger's from gen's
// pool in the background, the same company under another suffix for a
// record a task names).
func (v *valuer) pageName(r row, try int) string {
	switch {
	case v.background && try > 0:
		return v.src.NewRow().Company.Name
	case v.background:
		return r.c.Name
	}
	return v.namedCompany(r.c.Name)
}

// fillNoun fills a vocabulary name's placeholders from the row.
func (v *valuer) fillNoun(s string, r row) string {
	return strings.NewReplacer(
		"{team}", pick(v.rng, teamNames),
		"{company}", r.c.Name,
		"{city}", placeOf(r).city,
		"{year}", fmt.Sprint(v.clock.Year()),
		"{quarter}", fmt.Sprint((int(v.clock.Month())-1)/3+1),
	).Replace(s)
}
