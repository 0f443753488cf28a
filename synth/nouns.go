package synth

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// A record whose collection declares what kind of thing it is (its noun,
// atom.NounOf) is named as that thing is named in the product: a
// workflow state "In Review", a pipeline stage "Proposal Sent", a label
// "billing", a folder "Contracts 2026", never like a piece of work
// ("Budget workshop for Initech"). Names come from the noun's vocabulary,
// each used once per collection of a world, so they stay unique where
// the product's are, except a noun whose names recur (a training many
// employees complete).

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
		"Request a purchase", "Ask a billing question", "Request a new email alias", "Report a broken link",
		// Customers' requests of each kind of case (atom.CaseKind): a
		// request is raised under a type of its kind.
		"Report a bug", "Report an error", "Request a refund", "Ask about an invoice", "Report a delivery problem",
		"Change a shipping address", "Ask about an order", "Ask a question", "Ask about pricing"},
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
	"availability": {"Working hours", "US business hours", "Default schedule", "Weekdays 9-5", "Mornings only", "Afternoons",
		"Summer hours", "Extended hours", "Evenings", "Weekend availability", "Office hours", "Client calls", "Interview slots",
		"{city} office hours", "{team} hours", "Focus days", "Tuesdays and Thursdays", "EMEA hours", "APAC hours",
		"Holiday hours {year}", "Q{quarter} availability", "Part-time schedule"},
	"rotation": {"{team} on-call", "{team} primary", "{team} secondary", "Primary on-call", "Secondary on-call", "SRE rotation",
		"Weekend on-call", "Follow the sun", "Business hours support", "After-hours support", "Database on-call",
		"Network operations", "Incident commanders", "{team}_schedule", "EMEA on-call", "US on-call", "Holiday cover {year}",
		"Weekly platform rotation", "Security on-call", "Customer escalations"},
	"escalation": {"Default", "{team} escalation policy", "{team} (P1)", "Engineering escalation", "SRE escalation",
		"Critical incidents", "Business hours", "After hours", "Database team", "Security incidents", "Customer-facing outages",
		"Infrastructure escalation", "Payments on-call", "Executive escalation", "Low urgency", "High urgency",
		"Mobile escalation", "Data pipeline alerts", "{city} datacenter", "Third-party outages"},
	"base": {"Content calendar", "Product roadmap", "CRM", "Leads", "Inventory {year}", "Applicant tracking", "Event planning",
		"Meeting notes", "Tasks", "Projects", "Reading list", "Bug tracker", "Customer feedback", "Vendor directory",
		"OKRs Q{quarter} {year}", "Editorial calendar", "Asset library", "Employee directory", "Wiki", "{team} projects",
		"{team} tracker", "Sales pipeline", "Marketing campaigns", "Office equipment", "{city} office", "Docs",
		"Partner directory", "Hiring plan {year}"},
	"table": {"Leads", "Contacts", "Tasks", "Orders", "Inventory", "Products", "Vendors", "Invoices", "Employees", "Expenses",
		"Campaigns", "Projects", "Assets", "Feedback", "Accounts", "Deals", "Events", "Applicants", "Subscribers",
		"Shipments", "Budget", "Timesheets", "Customers", "Suppliers", "Pricing", "Table1", "FY{year}", "Sales{year}"},
	"sheet": {"Sheet1", "Sheet2", "Summary", "Data", "Raw data", "Dashboard", "Pivot", "Inputs", "Calculations", "Notes",
		"Lookup", "Config", "Archive", "Forecast", "Budget", "Actuals", "Q{quarter} {year}", "{year}", "Jan", "Feb",
		"Form Responses 1", "Instructions", "Charts", "{team}", "{city}", "Totals", "Import"},
	"workbook": {"Budget {year}.xlsx", "Sales forecast Q{quarter}.xlsx", "Headcount plan {year}.xlsx", "Expense report.xlsx",
		"Inventory.xlsx", "Pricing model.xlsx", "Book1.xlsx", "Commission tracker.xlsx", "P&L {year}.xlsx",
		"Cash flow forecast.xlsx", "Timesheet.xlsx", "Vendor list.xlsx", "Marketing budget {year}.xlsx",
		"{team} capacity plan.xlsx", "{company} quote.xlsx", "Project tracker.xlsx", "Customer list.xlsx",
		"Board metrics Q{quarter}.xlsx", "Payroll {year}.xlsx", "Price list.xlsx", "{city} office budget.xlsx",
		"Event budget.xlsx", "KPI dashboard.xlsx", "Sales pipeline.xlsx", "Asset register.xlsx", "Travel log {year}.xlsx"},
	"process": {"Purchase requests", "Recruitment", "Employee onboarding", "Customer onboarding", "IT service desk",
		"Accounts payable", "Contract approval", "Vendor onboarding", "Content production", "Expense reimbursement",
		"Bug tracking", "Sales pipeline", "Procurement", "Employee offboarding", "Invoice approval", "Marketing requests",
		"Legal requests", "Facilities requests", "{team} requests", "{city} office requests", "Customer support",
		"Budget approval {year}"},
	"workspace": {"{team}", "{team} team", "Sales Ops", "HR Portal", "Marketing", "Intranet", "Legal", "Finance",
		"Customer Success", "Product", "Engineering", "My workspace", "Company Home", "{city} office", "{company}",
		"{company} deal room", "Partner portal", "Recruiting", "IT Help Center", "Leadership", "Projects {year}",
		"Operations", "Communications", "Vendor contracts", "Onboarding hub", "Events {year}", "Research"},
	"checklist": {"Checklist", "To do", "Launch checklist", "QA", "Onboarding steps", "Acceptance criteria",
		"Definition of done", "Pre-launch", "Go-live checklist", "Design", "Development", "Testing", "Content", "Setup",
		"Follow-ups", "Review", "Deliverables", "Phase 1", "Phase 2", "Week 1", "{team} tasks", "Q{quarter} tasks",
		"Approvals", "Punch list", "Handoff"},
	"repository": {"api-gateway", "web-app", "mobile-ios", "mobile-android", "infra", "terraform-modules", "design-system",
		"docs", "marketing-site", "billing-service", "auth-service", "data-pipeline", "ml-models", "cli", "sdk-python",
		"sdk-js", "helm-charts", "dotfiles", "status-page", "admin-dashboard", "notifications-service", "search-indexer",
		"{team}-tools", "{company}-integration", "hackathon-{year}", "etl-jobs", "monorepo", "chrome-extension"},
	"phone_line": {"Support line", "Sales {city}", "Main line", "{team}", "{team} line", "Customer Success", "Billing",
		"After-hours", "Front desk", "Toll-free", "{city} office", "Sales hotline", "Support {city}", "Recruiting",
		"Partner line", "VIP support", "Outbound sales", "Collections", "Emergency line", "Spanish support", "Returns",
		"Reception"},
	"automation": {"Welcome series", "Abandoned cart", "Browse abandonment", "Post-purchase follow-up", "Win-back",
		"Birthday", "Lead nurture", "Webinar follow-up", "Trial onboarding", "Re-engagement", "Review request",
		"Back in stock", "Price drop", "Sunset unengaged", "Upsell after purchase", "Newsletter signup welcome",
		"Demo no-show follow-up", "Customer anniversary", "Event reminder", "Lead scoring", "VIP customers", "Cross-sell",
		"{city} event invitations", "Renewal reminders", "Q{quarter} re-engagement"},
	"pixel": {"{company} Pixel", "{company}'s Pixel", "Website pixel", "Main site", "Shop", "Checkout events", "App events",
		"Offline sales", "Landing pages", "{company} Dataset", "Blog", "Conversions API", "Lead forms", "Store {city}",
		"Web {year}", "Mobile site"},
	"conversion": {"Purchase", "Demo request", "Lead", "Newsletter signup", "Contact form", "Free trial signup",
		"Add to cart", "Initiate checkout", "Whitepaper download", "Webinar registration", "Quote request", "Phone call",
		"Qualified lead", "Closed deal", "Offline purchase", "Store visit", "Account created", "Pricing page view",
		"Subscription started", "Ebook download", "Event registration {year}", "Thank you page", "App install",
		"Booked meeting"},
	"assistant": {"Support bot", "Research assistant", "SQL helper", "Contract reviewer", "{team} assistant",
		"Onboarding guide", "Sales email writer", "Meeting summarizer", "Code reviewer", "Policy Q&A", "Data analyst",
		"Translation helper", "Product FAQ", "Recruiting screener", "Release notes writer", "Invoice extractor",
		"Brand voice editor", "IT helpdesk", "Ticket triage", "{company} account assistant", "Proposal drafter",
		"Churn analyst", "Interview coach", "Docs search", "Social post writer", "Spreadsheet formula helper"},
	"knowledge": {"Product docs", "Support knowledge base", "HR policies {year}", "Contracts", "Help center articles",
		"Engineering wiki", "Sales playbook", "Meeting transcripts", "Research papers", "Release notes", "Legal templates",
		"Onboarding handbook", "{team} docs", "{company} files", "Support tickets Q{quarter}", "Pricing sheets",
		"Security policies", "Customer interviews", "Annual reports", "Marketing assets", "API reference",
		"Board minutes {year}", "Product specs", "FAQ"},
	"calendar": {"Calendar", "Holidays", "Birthdays", "United States holidays", "{team} PTO", "{team}", "On-call",
		"Marketing events", "Team vacations", "Project deadlines", "Interviews", "Conference rooms", "{city} office",
		"Release calendar", "Payroll dates {year}", "Content calendar", "Travel", "Training sessions", "Family",
		"Board meetings", "Customer visits", "Out of office"},
	"training": {"Security Awareness Training", "Harassment Prevention", "Code of Conduct {year}", "First Aid / CPR",
		"Data Privacy (GDPR)", "Forklift Certification", "New Hire Orientation", "Manager Essentials", "Fire Safety",
		"Anti-Bribery and Corruption", "Diversity and Inclusion", "Phishing Simulation Q{quarter}", "HIPAA Compliance",
		"Workplace Safety", "Excel Fundamentals", "Customer Service Skills", "Leadership Development",
		"{team} Onboarding", "Cybersecurity Refresher {year}", "Ethics and Compliance", "Conflict Resolution"},
	"collector": {"Web Link 1", "Web Link 2", "Email Invitation 1", "Email Invitation 2", "Website Collector",
		"Social Media Share", "Newsletter link", "QR code", "{city} event kiosk", "Customer list {year}",
		"Q{quarter} email blast", "Post-purchase email", "In-app popup", "SMS 1", "Support follow-up", "Webinar attendees",
		"{team} distribution", "Website Popup"},
	"ad_group": {"US 18-34 Interest", "Lookalike - Purchasers", "Retargeting - Site visitors", "Broad - {city}",
		"Spark Ads - UGC", "Brand keywords", "Competitor keywords", "Women 25-44", "Cart abandoners", "Video viewers 75%",
		"Lookalike 1% - Customers", "{city} - 25 mi radius", "Prospecting - Broad", "Interest - Fitness",
		"Interest - Home decor", "App installers", "Remarketing - 30 days", "Q{quarter} promo - Mobile",
		"Generic keywords", "Exact match - Top sellers", "Custom audience - Email list", "iOS - Purchase"},
	// A hiring interview is a round of the process a candidate goes
	// through, never a meeting with their employer.
	"interview": {"Phone screen", "Recruiter screen", "Hiring manager interview", "Technical interview", "Onsite interview",
		"Panel interview", "Culture add interview", "Portfolio review", "Case study interview", "Coding interview",
		"System design interview", "Final round", "Reference call", "Take-home review", "{team} team interview",
		"Meet the {team} team", "Values interview", "Presentation round"},
	// A ledger account is a line of the chart of accounts, named for the
	// money it counts; a bank account for what the company uses it for,
	// in words that fit any kind of account (a savings account, a card);
	// an opening for the role it hires for. None is named for a customer.
	"account": {"Sales - Products", "Sales - Services", "Other Income", "Cost of Sales", "Office Costs", "Rent and Rates",
		"Travel and Subsistence", "Advertising and Marketing", "Bank Charges", "Accountancy Fees", "Computer Equipment",
		"Software Subscriptions", "Telephone and Internet", "Insurance", "Wages and Salaries", "Trade Debtors",
		"Trade Creditors", "Sales Tax", "Business Current Account", "Petty Cash", "Prepayments", "Accruals",
		"Loans", "Consultancy Fees", "Postage and Shipping", "Repairs and Maintenance", "Training", "Utilities"},
	"bank_account": {"Operating Account", "Payroll Account", "Tax Reserve", "Main Account", "{city} Office Account",
		"{team} Account", "Reserve Account", "{year} Reserve", "Suppliers Account", "Collections Account",
		"Projects Account", "Receipts Account", "Capital Account", "Travel Account", "Float Account"},
	"job": {"Senior Backend Engineer", "Backend Engineer", "Frontend Engineer", "Account Executive", "Product Designer",
		"Data Analyst", "Support Specialist", "Finance Manager", "Recruiting Coordinator", "Marketing Manager",
		"Product Manager", "Data Engineer", "Site Reliability Engineer", "Customer Success Manager",
		"Sales Development Representative", "Content Marketer", "Security Engineer", "Mobile Engineer",
		"Operations Analyst", "People Partner", "Solutions Engineer", "Staff Engineer", "Engineering Manager",
		"Senior Product Designer", "{team} Lead", "Head of {team}", "Principal Engineer"},
	// An asset is an item of the company's IT estate, named for the
	// hardware or software it is, never for a customer.
	"asset": {"MacBook Pro 14", "MacBook Air 13", "Dell Latitude 7440", "Lenovo ThinkPad X1 Carbon", "HP EliteBook 840",
		"Dell UltraSharp U2723QE", "LG 27UK850 monitor", "iPhone 15", "Samsung Galaxy S24", "iPad Air", "Cisco IP Phone 8841",
		"Logitech Rally Bar", "HP LaserJet Pro M404", "Brother MFC-L8900", "Jabra Evolve2 65", "Meraki MR46 access point",
		"Cisco Catalyst 9200 switch", "Dell PowerEdge R750", "Synology DS920+", "YubiKey 5 NFC", "Microsoft 365 E3 licence",
		"Adobe Acrobat Pro licence", "Zoom Pro licence", "Slack Business+ seat", "JetBrains All Products licence",
		"Figma Professional seat", "{city} office printer", "{city} conference room display", "{team} test laptop",
		"{team} shared workstation"},
	// A metric is a type of event a site or integration tracks, in
	// Klaviyo's words for it, each naming many events
	// (https://developers.klaviyo.com/en/reference/get_metrics).
	"metric": {"Placed Order", "Ordered Product", "Fulfilled Order", "Cancelled Order", "Refunded Order", "Started Checkout",
		"Added to Cart", "Viewed Product", "Active on Site", "Opened Email", "Clicked Email", "Received Email",
		"Bounced Email", "Marked Email as Spam", "Unsubscribed", "Subscribed to List", "Submitted Form", "Received SMS",
		"Clicked SMS", "Viewed Page", "Back in Stock Subscribed", "Left a Review", "Created Account"},
}

// nounRepeats are the nouns whose names recur across a collection's
// records: a training many employees complete, a checklist on many cards,
// a conversion many clicks record, every survey's "Web Link 1", the phone
// screen every candidate has, the metric of many tracked events.
var nounRepeats = map[string]bool{"training": true, "checklist": true, "conversion": true, "collector": true, "interview": true, "metric": true}

// nounSlugs are the nouns named as a path segment, a repository's
// "api-gateway".
var nounSlugs = map[string]bool{"repository": true}

// nounName draws the name of a record of the collection's noun, one no
// record of the collection drawn before holds unless the noun's names
// recur (nounRepeats); ok is false where the collection has no noun with
// a vocabulary.
func (v *valuer) nounName(cm *collModel, r row) (string, bool) {
	noun := atom.NounOf(cm.c)
	vocab := nounVocab[noun]
	if noun != "page" && len(vocab) == 0 {
		return "", false
	}
	if nounRepeats[noun] {
		return v.fillNoun(pick(v.rng, vocab), r), true
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
		if nounSlugs[noun] {
			name = atom.Slug(name)
		}
		if !v.nounTaken[cm.ref()+"|"+name] {
			break
		}
	}
	base := name
	for n := 2; v.nounTaken[cm.ref()+"|"+name]; n++ {
		name = numbered(base, n, nounSlugs[noun])
	}
	v.nounTaken[cm.ref()+"|"+name] = true
	return name, true
}

// fileExt is a file name's extension (.xlsx), not a stop after "Inc".
var fileExt = regexp.MustCompile(`^\.[a-z]{2,4}$`)

// numbered is the nth name of a collection's records named base: a slug
// ends "-n", a file name holds n before its extension ("Budget 2.xlsx"),
// any other ends " n".
func numbered(base string, n int, slug bool) string {
	if slug {
		return fmt.Sprintf("%s-%d", base, n)
	}
	if ext := path.Ext(base); fileExt.MatchString(ext) {
		return fmt.Sprintf("%s %d%s", strings.TrimSuffix(base, ext), n, ext)
	}
	return fmt.Sprintf("%s %d", base, n)
}

// pageName is a business's page's name: its company's, or, where another
// page of the world has it, another company's (a stranger's from gen's
// pool in the background, the same company under another suffix for a
// record a task names).
func (v *valuer) pageName(r row, try int) string {
	switch {
	case v.background && try > 0:
		return v.src.NewRow().Company.Name
	case v.background, r.named && try == 0:
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
