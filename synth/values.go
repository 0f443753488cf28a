package synth

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// Amount tiers. Records a conditional or a policy names are drawn from one
// tier so that the branch an instruction asks about is fixed by the plan,
// while the agent still has to read the amount to know it. Background
// records stay under every threshold the rules use.
const (
	threshold     = 5000.0
	highMin       = 6500.0
	highMax       = 48000.0
	lowMin        = 120.0
	lowMax        = 2400.0
	backgroundMax = 4000.0
)

// Fixed pools used by rules and distractors. Addresses are under .example
// (reserved for documentation).
var (
	personalDomains   = []string{"gmail.example", "yahoo.example", "hotmail.example"}
	competitorDomains = []string{"vortexdynamics.example", "kriegeranalytics.example", "halcyonsoft.example"}
	competitorNames   = []string{"Vortex Dynamics", "Krieger Analytics", "Halcyon Soft"}
	suppressed        = []gen.Person{
		{First: "Dana", Last: "Whitfield"}, {First: "Marcus", Last: "Oyelaran"}, {First: "Ingrid", Last: "Solberg"},
		{First: "Tobias", Last: "Renner"}, {First: "Lucia", Last: "Ferraro"},
	}
	suppressedDomain = "brightwave.example"
	codename         = "Project Falcon"
	tagWords         = []string{"vip", "follow-up", "renewal", "priority", "billing", "escalated", "q3-review", "partner", "at-risk", "onboarding"}
)

// place is where a company is: a city, its country, the state or
// province where the country has them, and the city's time zone. One
// record's address, city, country, state and time zone come from one
// place, so that no company sits in Denver, Canada.
type place struct{ city, country, region, tz string }

var places = []place{
	{"Austin", "US", "TX", "America/Chicago"}, {"Berlin", "DE", "", "Europe/Berlin"}, {"Toronto", "CA", "ON", "America/Toronto"},
	{"Lisbon", "PT", "", "Europe/Lisbon"}, {"Singapore", "SG", "", "Asia/Singapore"}, {"Denver", "US", "CO", "America/Denver"},
	{"Dublin", "IE", "", "Europe/Dublin"}, {"Osaka", "JP", "", "Asia/Tokyo"}, {"Nairobi", "KE", "", "Africa/Nairobi"},
	{"Melbourne", "AU", "VIC", "Australia/Melbourne"}, {"Boston", "US", "MA", "America/New_York"}, {"London", "GB", "", "Europe/London"},
}

// placeOf is the place of a row's company: the same company is in the
// same place in every record and every app.
func placeOf(r row) place {
	h := fnv.New32a()
	h.Write([]byte(r.c.Name))
	return places[h.Sum32()%uint32(len(places))]
}

// personalEmail is a person's private address, a distractor rules forbid.
func personalEmail(p gen.Person, i int) string {
	return gen.Email(p, personalDomains[i%len(personalDomains)])
}

// suppressedEmail is the address of a person on the suppression list.
func suppressedEmail(i int) string { return gen.Email(suppressed[i%len(suppressed)], suppressedDomain) }

var (
	problemPhrases = []string{
		"Cannot export the quarterly report for %s", "Login fails after password reset at %s",
		"Shipping address change for %s", "API rate limit errors at %s", "Sync with the %s ERP stopped working",
		"%s cannot add new seats", "Webhook deliveries failing for %s", "Data export missing columns (%s)",
		"SSO setup question from %s", "%s asks about the annual plan", "Onboarding call for %s keeps moving",
	}
	codePhrases   = []string{"Refund request for order %s", "Invoice %s shows the wrong amount", "Duplicate charge on invoice %s", "Order %s arrived damaged"}
	outagePhrases = []string{
		"Elevated API error rates for %s", "Degraded dashboard performance at %s", "Login failures for %s users",
		"Delayed webhook deliveries to %s", "Partial outage of %s data sync", "Increased checkout latency for %s",
		"Email notifications delayed for %s", "Search unavailable for %s workspaces", "File uploads failing for %s",
		"Scheduled jobs stalled for %s", "Payment processing errors at %s",
	}
	bugPhrases = []string{
		"Export job times out for %s", "Login redirect loop for %s users", "Webhook retries missing for %s", "Sync worker crashes on %s data",
		"Rate limiter too strict for %s", "CSV import drops columns for %s", "Billing sync fails for %s", "Dashboard slow for %s workspaces",
		"Pagination broken in %s reports", "Timezone bug in %s schedules", "Search index stale for %s",
	}
	bugCodePhrases    = []string{"Build %s fails on main", "Flaky test in CI run %s", "Regression in release %s", "Crash report %s in the sync worker"}
	outageCodePhrases = []string{"Database failover on cluster %s", "Elevated 5xx errors on node %s", "Queue backlog on worker pool %s", "Certificate expiry on edge %s"}
	// A maintenance is work the company plans on its own systems, named
	// for the work and what it is for, not for a failure.
	maintenanceCodePhrases = []string{
		"Database upgrade on cluster %s", "Network maintenance in data centre %s", "Storage migration for cluster %s",
		"Certificate rotation on edge %s", "Kernel patching on worker pool %s", "Load balancer upgrade on node %s",
	}
	maintenancePhrases = []string{
		"Scheduled maintenance of the %s workspace", "Planned migration of %s data to a new cluster", "Database upgrade for %s workspaces",
		"Search index rebuild for %s", "Planned upgrade of the %s data sync", "Scheduled network maintenance for %s",
		"File storage migration for %s", "Payment gateway upgrade for %s", "Email delivery upgrade for %s",
	}
	taskPhrases = []string{
		"Draft the %s onboarding checklist", "Review the %s vendor contract", "Migrate the %s billing dashboard",
		"Prepare the %s quarterly review", "Update the %s pricing page", "Audit %s access permissions",
		"Plan the %s partner webinar", "Fix the %s import job", "Collect %s renewal paperwork", "Clean up %s pipeline data",
	}
	docPhrases = []string{
		"%s master services agreement", "%s Q3 budget forecast", "%s onboarding handbook", "%s security questionnaire",
		"%s statement of work", "%s renewal proposal", "%s pricing sheet", "%s launch plan",
	}
	eventPhrases = []string{
		"Quarterly business review with %s", "Renewal call with %s", "Kickoff with %s", "Security review with %s",
		"Pricing workshop with %s", "Onboarding session for %s", "Executive sync with %s",
	}
	productPhrases  = []string{"Trail Runner %d", "Ergo Desk Chair %d", "Studio Headphones %d", "Travel Mug %d", "Smart Lamp %d", "Canvas Backpack %d", "Standing Desk %d"}
	campaignPhrases = []string{"%s launch", "%s webinar series", "%s winback", "%s product update", "%s promo", "%s partner spotlight"}
	jobPhrases      = []string{"Senior Backend Engineer", "Account Executive", "Product Designer", "Data Analyst", "Support Lead", "Finance Manager", "Recruiting Coordinator", "Marketing Manager"}
	channelPhrases  = []string{"proj-%s", "team-%s", "%s-launch", "%s-support", "deal-%s"}
	fixedSuffixes   = []string{"Holdings", "International", "Ventures", "Worldwide", "Consulting", "Co-op"}
	fixedLast       = []string{"Abernathy", "Bergstrom", "Castellanos", "Delacroix", "Eriksen", "Fairbanks", "Gallagher", "Hollister", "Iwasaki", "Jovanovic", "Kaminski", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Pemberton", "Quintero", "Rasmussen", "Sorensen", "Thibault", "Underwood", "Vasquez", "Whitcombe", "Yilmaz", "Zielinski", "Achterberg", "Bianchi", "Coleridge", "Drummond", "Esposito"}
	seasons         = []string{"Spring", "Summer", "Autumn", "Winter", "Q1", "Q2", "Q3", "Q4"}
)

// valuer draws field values for one data atom.
type valuer struct {
	rng   *rand.Rand
	src   *gen.Source
	clock time.Time
	n     int // counter for codes
	seed  int64
	// names are the names of the records drawn so far that others may
	// refer to, by "app.collection|key", for the text that mentions them.
	names map[string]string
	// named are the names of names by "app.collection", in the order drawn.
	named map[string][]string
	// maintenances are the planned maintenances drawn so far, by
	// "app.collection|key": an update posted on one announces the work.
	maintenances map[string]bool
	// textKinds are the kinds the texts of an incident app's records were
	// written for, by "app.collection|key" (restage).
	textKinds map[string]string
	// background is set while drawing background records: their people
	// and companies come from gen's pool, which the named ones avoid.
	background bool
	// nounTaken holds the names drawn so far from a noun's vocabulary, by
	// "app.collection|name" (nouns.go).
	nounTaken map[string]bool
	// home is the company the world is about, whose own people (staff.go)
	// work there.
	home gen.Company
	// aides are the assistants and delegates drawn so far, by their
	// person's name and the word (aideOf).
	aides map[string]gen.Person
	// world holds the records drawn so far, by app and collection: the
	// data atom's own Records (containers).
	world map[string]map[string][]map[string]any
	// placed holds the company of each background person drawn so far,
	// by full name (apart).
	placed map[string]string
}

// aideWords name a person who acts for the record's own person: another
// person at the same company (Salesforce's AssistantName, a delegate).
var aideWords = []string{"assistant", "delegate"}

// aideWord is the word of aideWords field f is named by, or "".
func aideWord(f string) string {
	for _, w := range atom.Words(f) {
		if slices.Contains(aideWords, w) {
			return w
		}
	}
	return ""
}

// aideOf is the assistant or delegate (word) of r's person: drawn once
// per person and word, never the person themselves.
func (v *valuer) aideOf(r row, word string) gen.Person {
	k := r.p.First + " " + r.p.Last + "|" + word
	if p, ok := v.aides[k]; ok {
		return p
	}
	o := v.src.NewRow()
	for try := 0; try < 8 && o.Person.First == r.p.First && o.Person.Last == r.p.Last; try++ {
		o = v.src.NewRow() // a draw of the same name is the same person
	}
	if v.aides == nil {
		v.aides = map[string]gen.Person{}
	}
	v.aides[k] = o.Person
	return o.Person
}

func newValuer(seed int64, stream string, clock time.Time) *valuer {
	src := gen.New(seed, stream, clock)
	return &valuer{rng: src.Rand(), src: src, clock: clock, seed: seed, names: map[string]string{}, named: map[string][]string{}, maintenances: map[string]bool{}, textKinds: map[string]string{}}
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// teamNames are what a company calls its teams: by what they do, not for
// a customer or a person.
var teamNames = []string{"Platform", "Mobile", "Billing", "Customer Success", "Tier 2 Support", "Growth", "Data", "Security",
	"Infrastructure", "Payments", "Onboarding", "Design Systems", "Partnerships", "Field Sales", "Finance Ops", "Web"}

// collKind classifies a collection by its name and its app's family, for
// display phrases.
func collKind(name, family string) string {
	ws := atom.Words(name)
	switch {
	// A recruiting app's opportunity or application is a candidate's
	// journey (Lever's opportunities), not a sale.
	case family == "recruiting" && hasWord(ws, "opportunities", "applications", "candidates", "applicants"):
		return "candidate"
	case hasWord(ws, "tickets", "conversations", "cases", "issues", "requests", "incidents", "threads"):
		return "problem"
	// A catalog's items are products, not to-dos.
	case hasWord(ws, "products", "variants", "skus", "inventory", "catalog"):
		return "product"
	// An accounting app's items are the catalogue it invoices from
	// (QuickBooks, Xero and Zoho Books items: a name, a price, goods or
	// a service), not to-dos.
	case family == "accounting" && hasWord(ws, "items"):
		return "product"
	case hasWord(ws, "tasks", "cards", "items", "todos", "stories", "subtasks", "todolists"):
		return "task"
	case hasWord(ws, "deals", "opportunities", "leads", "quotes"):
		return "deal"
	case hasWord(ws, "projects", "boards", "campaigns", "lists", "audiences", "sequences", "ads", "adsets", "posts"):
		return "campaign"
	case hasWord(ws, "events", "meetings", "webinars", "calls", "bookings", "appointments", "interviews", "recordings"):
		return "event"
	case hasWord(ws, "documents", "files", "pages", "sheets", "spreadsheets", "docs", "folders", "envelopes", "templates", "contracts", "forms", "agreements", "notes"):
		return "doc"
	case hasWord(ws, "jobs", "positions", "openings", "requisitions", "postings"):
		return "job"
	// A help desk's, a project app's or an HR app's groups are teams of
	// people (Zendesk's agent groups), not chat rooms.
	case hasWord(ws, "teams", "squads", "departments") || hasWord(ws, "groups") && (family == "helpdesk" || family == "project" || family == "hr"):
		return "team"
	case hasWord(ws, "channels", "rooms", "groups", "spaces", "streams"):
		return "channel"
	case hasWord(ws, "invoices", "bills", "orders", "payments", "expenses", "estimates", "receipts", "refunds", "transactions", "charges", "purchase", "reports", "payouts", "credit"):
		return "money"
	case hasWord(ws, "companies", "accounts", "organizations", "organisations", "customers", "vendors", "suppliers", "clients"):
		return "company"
	}
	return "generic"
}

// row is the person and company behind one record's values.
type row struct {
	p gen.Person
	c gen.Company
	// named marks a company already named as a task names it (a link's,
	// namedCompany), which a record named for its company takes as it is.
	named bool
}

func (v *valuer) newRow() row {
	r := v.src.NewRow()
	// The people a task names come from names gen's background pool never
	// draws, so that no stranger in the data shares a name by chance; the
	// look-alikes that share one are there on purpose.
	r.Person.First = gen.TaskFirstName(v.rng)
	r.Person.Last = pick(v.rng, fixedLast)
	return row{p: r.Person, c: v.counterpart(r.Company)}
}

// apart is rw, a background person's row, with a name that no one drawn
// at another company holds where either is the world's own: two people
// of one name, one the company's own and one a customer's, read as one
// person placed at two companies ("Raised by Laura Shah of Granite Labs"
// beside the company's user Laura Shah). A name taken so is drawn again.
func (v *valuer) apart(rw row) row {
	for i := 0; i < 8 && v.placedElsewhere(rw); i++ {
		q := v.src.Person()
		rw.p.First, rw.p.Last = q.First, q.Last
	}
	return rw
}

// placedElsewhere reports whether rw's person's full name is held by a
// background person at another company, one of the two the world's own.
func (v *valuer) placedElsewhere(rw row) bool {
	at, ok := v.placed[rw.p.First+" "+rw.p.Last]
	return ok && at != rw.c.Name && (at == v.home.Name || rw.c.Name == v.home.Name)
}

// place records rw's person as drawn at its company, where their name is
// new (apart reads it).
func (v *valuer) place(rw row) {
	if v.placed == nil {
		v.placed = map[string]string{}
	}
	if k := rw.p.First + " " + rw.p.Last; v.placed[k] == "" && v.home.Name != "" {
		v.placed[k] = rw.c.Name
	}
}

// counterpart is c, a company drawn for someone the world deals with (a
// customer, a contact, a sender), where it is not the world's own, else
// the company beside it: the company a world is about is never its own
// customer, contact or counterpart ("Send Umbrella Analytics the revised
// figures" in Umbrella Analytics' own Box). Its own people are drawn at
// home on purpose (atHome, staffRow), not by chance.
func (v *valuer) counterpart(c gen.Company) gen.Company {
	if v.home.Name == "" {
		return c
	}
	return gen.CompanyBeside(c, v.home)
}

// strangerRow draws a row of gen's pool for someone the world deals with,
// never at its own company.
func (v *valuer) strangerRow() *gen.Row {
	r := v.src.NewRow()
	r.Company = v.counterpart(r.Company)
	return r
}

// displayValue draws the name of a record.
func (v *valuer) displayValue(cm *collModel, r row) string {
	switch cm.roles[cm.display] {
	case atom.RoleCode:
		return v.code(cm, "")
	case atom.RoleCompany:
		if v.background || r.named {
			return r.c.Name
		}
		return v.namedCompany(r.c.Name)
	case atom.RolePersonName:
		return r.p.First + " " + r.p.Last
	}
	if cm.mailFolders() {
		return v.folderName(r)
	}
	if cm.peopleLike() {
		return r.p.First + " " + r.p.Last
	}
	if name, ok := v.nounName(cm, r); ok {
		return name
	}
	org := r.c.Name
	switch cm.kind() {
	case "problem":
		// An incident app's incident is an outage, not a customer's
		// question: it draws as a support case does, from its own phrases.
		// An issue where code is kept is a bug or a feature, and a pull
		// request fixes one.
		codes, phrases := codePhrases, problemPhrases
		switch {
		case cm.app.family == "incident":
			codes, phrases = outageCodePhrases, outagePhrases
		case keepsCode(cm.app.server):
			codes, phrases = bugCodePhrases, bugPhrases
		}
		title := ""
		if v.rng.IntN(3) == 0 {
			v.n++
			title = fmt.Sprintf(pick(v.rng, codes), fmt.Sprintf("%d", 10000+v.rng.IntN(89999)+v.n))
		} else {
			title = fmt.Sprintf(pick(v.rng, phrases), org)
		}
		if keepsCode(cm.app.server) && hasWord(atom.Words(cm.name), "pull", "merge") {
			return "Fix " + strings.ToLower(title[:1]) + title[1:]
		}
		return title
	case "task":
		return fmt.Sprintf(pick(v.rng, taskPhrases), org)
	case "deal":
		return org + " - " + pick(v.rng, []string{"annual renewal", "platform expansion", "pilot", "enterprise upgrade", "new logo"})
	case "campaign":
		return fmt.Sprintf(pick(v.rng, campaignPhrases), pick(v.rng, seasons))
	case "event":
		return fmt.Sprintf(pick(v.rng, eventPhrases), org)
	case "doc":
		return fmt.Sprintf(pick(v.rng, docPhrases), org)
	case "product":
		return fmt.Sprintf(pick(v.rng, productPhrases), 2+v.rng.IntN(8))
	case "job":
		return pick(v.rng, jobPhrases)
	case "channel":
		return fmt.Sprintf(pick(v.rng, channelPhrases), strings.ToLower(strings.Fields(org)[0]))
	case "team":
		return pick(v.rng, teamNames)
	case "money":
		return v.code(cm, org)
	case "company":
		if v.background {
			return org
		}
		return v.namedCompany(org)
	}
	w, x := v.src.Words(1), v.src.Words(1)
	for i := 0; i < 4 && x == w; i++ {
		x = v.src.Words(1)
	}
	return strings.ToUpper(w[:1]) + w[1:] + " " + x + " for " + org
}

// linkRow is the person and company the records of one link share (the
// same person in two apps): the company named as a task names it
// (namedCompany), at that name's domain, so that a record named for its
// company (a Salesforce account "Initech Holdings") and one that holds
// the company in a field (the Constant Contact contact's company_name)
// name one company, as a sync between them expects. The world's own
// company stays as it is.
func (v *valuer) linkRow(cm *collModel) row {
	rw := v.atHome(cm, v.newRow())
	if rw.c != v.home {
		name := v.namedCompany(rw.c.Name)
		rw.c, rw.named = gen.Company{Name: name, Domain: gen.Domain(name)}, true
	}
	return rw
}

// namedCompany is the name of a company a task names. Background
// companies come from gen's pool (stem and suffix); a named one gets a
// suffix that pool never draws, so no stranger shares its name.
func (v *valuer) namedCompany(org string) string {
	stem := org
	if i := strings.LastIndex(org, " "); i > 0 {
		stem = org[:i]
	}
	return stem + " " + pick(v.rng, fixedSuffixes)
}

// code makes a document number like INV-10234 from the collection's name.
func (v *valuer) code(cm *collModel, _ string) string {
	v.n++
	ws := atom.Words(cm.name)
	p := strings.ToUpper(ws[len(ws)-1])
	if len(p) > 3 {
		p = p[:3]
	}
	return fmt.Sprintf("%s-%d", p, 1000+v.rng.IntN(8999)+v.n)
}

// shortCodeChars are the characters of a short code.
const shortCodeChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// shortCode draws an opaque code of ten capital letters and digits, the
// form of Workable's job shortcodes ("A1B2C3D4E5").
// keyPrefix draws a key that begins its items' numbers, three capital
// letters, for a record whose title says none.
func (v *valuer) keyPrefix() string {
	b := make([]byte, 3)
	for i := range b {
		b[i] = byte('A' + v.rng.IntN(26))
	}
	return string(b)
}

func (v *valuer) shortCode() string {
	b := make([]byte, 10)
	for i := range b {
		b[i] = shortCodeChars[v.rng.IntN(len(shortCodeChars))]
	}
	return string(b)
}

// digits is a number of three digits from 100, as a phone system numbers
// its extensions by default (RingCentral's 101).
func (v *valuer) digits() string {
	return fmt.Sprint(100 + v.rng.IntN(900))
}

// count draws a count from 1 to 40, or from within the field's declared
// bounds where they are narrower (an NPS score from 0 to 10) or lie
// above it.
func (v *valuer) count(f atom.Field) float64 {
	if len(f.Enum) > 0 {
		// A count kept to some values (a Linear estimate, a point of
		// an estimate scale) is one of them.
		x, _ := state.Number(f.Enum[v.rng.IntN(len(f.Enum))])
		return x
	}
	lo, hi := 1.0, 40.0
	if f.Minimum != nil {
		lo = *f.Minimum
	}
	if f.Maximum != nil && (*f.Maximum < hi || lo > hi) {
		// A count whose bounds lie above the default range (a year
		// founded from 1800) is drawn within them.
		hi = *f.Maximum
	}
	lo = math.Ceil(min(lo, hi))
	return lo + float64(v.rng.IntN(int(math.Floor(hi)-lo)+1))
}

// minutes draws a length of time in minutes as a meeting is booked: one
// of atom.MeetingMinutes within the field's bounds, or the count drawn
// within them where none of those is.
func (v *valuer) minutes(f atom.Field) float64 {
	var in []float64
	for _, m := range atom.MeetingMinutes() {
		if f.Within(m) {
			in = append(in, m)
		}
	}
	if len(in) == 0 {
		return v.count(f)
	}
	return pick(v.rng, in)
}

// byteSize draws a file's or a message's size in bytes, more than any
// text a record holds: a file from 2 KiB to 8 MiB, as likely a few
// kilobytes as a few megabytes; a message, whose size is its text and
// headers, from 2 KiB to 200 KiB.
func (v *valuer) byteSize(message bool) float64 {
	lo, hi := math.Log(2<<10), math.Log(8<<20)
	if message {
		hi = math.Log(200 << 10)
	}
	return math.Round(math.Exp(lo + v.rng.Float64()*(hi-lo)))
}

func (v *valuer) amount(lo, hi float64) float64 {
	return math.Round((lo+v.rng.Float64()*(hi-lo))*100) / 100
}

// Date classes: when a field's event happens relative to the clock, so
// that a record is created before it is updated, starts before it ends
// and is issued before it is due.
var (
	dateBorn    = []string{"birth", "dob", "birthday"}
	dateCreated = []string{"created", "create", "creation", "added", "add", "submitted", "opened", "registered", "joined", "issued", "issue", "invoice", "hire", "hired", "applied", "received"}
	dateLater   = []string{"termination", "terminated", "updated", "update", "modified", "modify", "won", "lost", "trashed", "paused", "closed", "resolved", "completed", "cancelled", "canceled", "paid", "archived", "deleted",
		"signed", "approved", "answered", "last", "responded", "finished", "ended", "sent", "published", "viewed", "delivered", "shipped"}
	dateStart  = []string{"start", "starts", "begin", "begins", "from", "scheduled", "send", "effective"}
	dateFuture = []string{"due", "delivery", "end", "ends", "renewal", "close", "expires", "expiry", "expiration", "deadline", "until", "to", "finish", "next"}
	// dateAimed names a day a record aims at, never the day it began.
	dateAimed = append([]string{"target", "goal", "planned"}, dateFuture...)
)

// dateValue draws a date relative to the clock by what the field says
// happened (or will): long ago for a creation, recently for an update,
// soon for a start, later for an end or a due date.
func (v *valuer) dateValue(cm *collModel, name string) string {
	ws := atom.Words(name)
	f := cm.field(name)
	day := 24 * time.Hour
	span := func(from, to int) time.Duration { return time.Duration(from+v.rng.IntN(to-from+1)) * day }
	var off time.Duration
	switch {
	case hasWord(ws, dateBorn...):
		off = -time.Duration(365*(22+v.rng.IntN(40))+v.rng.IntN(365)) * day
	case hasWord(ws, dateCreated...) && coherence.IsPart(cm.name):
		// A comment, an update or a message is written after the record
		// it is on, which is created earlier still.
		off = -span(31, 60)
	case hasWord(ws, dateCreated...):
		off = -span(61, 120)
	case hasWord(ws, dateLater...):
		off = -span(1, 30)
	case hasWord(ws, dateStart...):
		off = span(1, 20)
	case hasWord(ws, dateFuture...):
		off = span(21, 60)
	default:
		off = -span(31, 60)
	}
	off += time.Duration(v.rng.IntN(8)) * time.Hour
	t := v.clock.Add(off)
	if f.Format == "date" {
		return t.Format("2006-01-02")
	}
	return t.UTC().Truncate(time.Minute).Format(time.RFC3339)
}

// otherParty is whom a message about r's person copies, or who works on
// their record (an assignee by address, handle or name): someone other
// than that person; on a record of the company's own (a policy it keeps,
// mailed among its people) a colleague at the company.
func (v *valuer) otherParty(r row) row {
	o := v.src.NewRow()
	for try := 0; try < 8 && o.Person.First == r.p.First && o.Person.Last == r.p.Last; try++ {
		o = v.src.NewRow() // a draw of the same name is the same person
	}
	c := o.Company
	if v.home.Domain != "" && r.c.Domain == v.home.Domain {
		c = r.c
	}
	return row{p: o.Person, c: c}
}

// roleValue draws a value for a field by its role, for the roles that need
// no plan (places, codes, handles, outside ids), or nil to leave it out.
func (v *valuer) roleValue(cm *collModel, name string, r row) any {
	if ex := cm.field(name).Examples; len(ex) > 0 {
		return pick(v.rng, ex)
	}
	role := cm.roles[name]
	if f := cm.field(name); f.IsEpoch() || f.Type == "integer" && strings.Contains(f.Description, "since epoch") {
		// A timestamp kept as a count since the epoch (Quip's
		// created_usec in microseconds, Gmail's internalDate in
		// milliseconds, OpenAI's created_at in seconds) is drawn as a
		// date like any other, in the unit its field declares or its
		// description names.
		t, _ := time.Parse(time.RFC3339, v.dateValue(cm, name))
		if x, ok := f.Epoch(t); ok {
			return x
		}
		if strings.Contains(f.Description, "seconds since epoch") {
			return float64(t.Unix())
		}
		return float64(t.UnixMilli())
	}
	email := role == atom.RoleEmail || role == atom.RoleEmails
	named := role == atom.RoleUsername || role == atom.RolePersonName
	if aide := aideWord(name); aide != "" && (email || named) {
		// A person's assistant or delegate is another person at the
		// same company, one per person and word, so that the assistant's
		// name and address are one person's.
		r = row{p: v.aideOf(r, aide), c: r.c}
	} else if email && (isSecondary(name) || cm.isRecipient(name)) || named && isAssignee(name) {
		r = v.otherParty(r)
	}
	if x, ok := contactValue(role, r); ok {
		if _, isList := x.([]any); !isList && cm.field(name).Type == "array" {
			return []any{x}
		}
		return x
	}
	switch role {
	case atom.RoleURL:
		return v.linkValue(cm, name, r)
	case atom.RoleDomain, atom.RoleCity, atom.RoleCountry, atom.RoleAddress, atom.RoleCurrency, atom.RoleTimezone, atom.RoleLanguage:
		return v.placeValue(cm, role, r)
	case atom.RoleCode:
		if isPostalCode(name) {
			return fmt.Sprintf("%05d", 10000+v.rng.IntN(89999))
		}
		return v.code(cm, name)
	case atom.RoleShortCode:
		return v.shortCode()
	case atom.RoleDigits:
		return v.digits()
	case atom.RoleSlug, atom.RoleAPIName:
		return nil // writeSlugs writes it from the record's title
	case atom.RoleKeyPrefix:
		return v.keyPrefix() // writeSlugs writes it from the record's title, where it has one
	case atom.RoleID:
		if cm.field(name).Type == "array" {
			return []any{v.outsideID(cm, name)}
		}
		return v.outsideID(cm, name)
	case "":
		if hasWord(atom.Words(name), "state", "province") && cm.field(name).Type == "string" && len(cm.field(name).Enum) == 0 {
			// A state or province is the place's, where it has one.
			if reg := placeOf(r).region; reg != "" {
				return reg
			}
			return nil
		}
		return v.vocabularyValue(cm, name)
	}
	return v.attributeValue(cm, name, role, r)
}

// contactValue is the value of a field that says who a record's person is
// or how to reach them; ok is false for other roles.
func contactValue(role string, r row) (any, bool) {
	switch role {
	case atom.RoleJobTitle:
		return r.p.Title, true
	case atom.RoleUsername:
		return strings.TrimSuffix(gen.Email(r.p, "x"), "@x"), true
	case atom.RolePersonName:
		return r.p.First + " " + r.p.Last, true
	case atom.RoleFirstName:
		return r.p.First, true
	case atom.RoleLastName:
		return r.p.Last, true
	case atom.RoleCompany:
		return r.c.Name, true
	case atom.RoleEmail:
		return gen.Email(r.p, r.c.Domain), true
	case atom.RoleEmails:
		return []any{gen.Email(r.p, r.c.Domain)}, true
	case atom.RolePhone:
		return r.p.Phone, true
	}
	return nil, false
}

// placeValue is the value of a field that says where a record's company
// is or what locale it works in.
func (v *valuer) placeValue(cm *collModel, role string, r row) any {
	switch role {
	case atom.RoleDomain:
		return r.c.Domain
	case atom.RoleURL:
		return "https://www." + r.c.Domain + "/" + strings.ToLower(strings.ReplaceAll(singular(cm.name), " ", "-")) + "/" + fmt.Sprint(1000+v.rng.IntN(9000))
	case atom.RoleCity:
		return placeOf(r).city
	case atom.RoleCountry:
		return placeOf(r).country
	case atom.RoleAddress:
		return fmt.Sprintf("%d %s Street, %s", 10+v.rng.IntN(900), streetOf(r.p), placeOf(r).city)
	case atom.RoleCurrency:
		return "USD"
	case atom.RoleTimezone:
		return placeOf(r).tz
	case atom.RoleLanguage:
		return "en"
	}
	return nil
}

// streetNames are what streets are called: after trees, landmarks and
// trades, none after a company the generator draws.
var streetNames = []string{"Oak", "Elm", "Willow", "Birch", "Chestnut", "Station", "Mill", "Church", "Park", "Bridge", "Market",
	"Harbour", "Orchard", "Meadow", "Spring", "Chapel", "Garden", "Hill", "Lake", "River", "High", "Victoria", "Albert", "Castle"}

// streetOf is the street a person lives or works on: the same for the
// same person in every record, and never named after their own surname
// (Yasmin Bergstrom does not live on Bergstrom Street). It spends no
// draw, so no value drawn after an address moves.
func streetOf(p gen.Person) string {
	h := fnv.New32a()
	h.Write([]byte(p.First + " " + p.Last))
	i := int(h.Sum32() % uint32(len(streetNames)))
	if strings.EqualFold(streetNames[i], p.Last) {
		i = (i + 1) % len(streetNames)
	}
	return streetNames[i]
}

// departments are the departments a company's records name.
var departments = []string{"Sales", "Support", "Finance", "Engineering", "Marketing", "Operations"}

// attributeValue is the value of a field that describes the record
// itself: its title, text, dates, flags, amounts and states.
func (v *valuer) attributeValue(cm *collModel, name, role string, r row) any {
	switch role {
	case atom.RoleColor:
		return pick(v.rng, []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"})
	case atom.RoleDepartment:
		return pick(v.rng, departments)
	case atom.RoleTitle:
		return v.displayValue(cm, r)
	case atom.RoleText:
		v.holdText(false)
		return nil
	case atom.RoleDate:
		return v.dateValue(cm, name)
	case atom.RoleTags:
		return []any{}
	case atom.RoleFlag:
		return false
	case atom.RoleMoney:
		if cm.field(name).Type == "integer" {
			return float64(int64(v.amount(lowMin, lowMax)))
		}
		return v.amount(lowMin, lowMax)
	case atom.RoleCount:
		if cm.field(name).Unit == atom.UnitBytes {
			return v.byteSize(len(cm.c.ContentFields()) > 0)
		}
		if cm.field(name).Unit == atom.UnitMinutes {
			return v.minutes(cm.field(name))
		}
		return v.count(cm.field(name))
	case atom.RoleStatus:
		if f := cm.field(name); len(f.Enum) > 0 {
			return f.Enum[v.rng.IntN(len(f.Enum))]
		}
	}
	return nil
}

// vocabularyValue gives a field without a role a value only where its
// name names a small, known vocabulary; otherwise it stays unset.
func (v *valuer) vocabularyValue(cm *collModel, name string) any {
	ws := atom.Words(name)
	for _, vocab := range vocabularies {
		if (hasWord(ws, vocab.words...) || slices.Contains(vocab.words, strings.Join(ws, "_"))) && cm.field(name).Type == "string" {
			return pick(v.rng, vocab.values)
		}
	}
	return nil
}

// vocabularies are the values of common fields that have no role of
// their own: an account's industry, a lead's source, a file's MIME type.
// A vocabulary's words match any word of a field's name, or all of them
// joined (content_type, whose "content" alone is no file type).
var vocabularies = []struct{ words, values []string }{
	{[]string{"industry", "sector"}, []string{"Software", "Healthcare", "Retail", "Manufacturing", "Financial Services", "Logistics", "Education"}},
	{[]string{"region", "territory"}, []string{"EMEA", "APAC", "North America", "LATAM"}},
	{[]string{"source", "channel", "origin"}, []string{"web", "referral", "event", "partner", "email"}},
	{[]string{"terms"}, []string{"Net 30", "Net 45", "Net 60", "Due on receipt"}},
	{[]string{"rating"}, []string{"Hot", "Warm", "Cold"}},
	{[]string{"priority", "severity", "urgency"}, []string{"low", "medium", "high", "urgent"}},
	{[]string{"gender", "pronouns"}, []string{"she/her", "he/him", "they/them"}},
	{[]string{"plan", "tier"}, []string{"Starter", "Professional", "Business", "Enterprise"}},
	{[]string{"version"}, []string{"1.0", "1.2", "2.0", "2.1"}},
	{[]string{"mime", "mimetype", "content_type"}, []string{"application/pdf", "text/csv", "image/png", "application/json", "text/plain"}},
}

// outsideID is the id of a record the app keeps outside the world's
// collections (an owner, a folder, a template), in the form the app's own
// keys take, so that it reads as the product's id and names nothing the
// world holds: a field named a uuid holds a UUID; where the collection's
// keys are numbers, a number as long, starting with another digit; where
// they join a word to a number ("iss-10482", "tmpl_52001"), the field's
// word and the same joint; otherwise letters and digits as many as a key
// has ("TfA10482" beside "kQ7rT2xa").
func (v *valuer) outsideID(cm *collModel, field string) string {
	ws := atom.Words(field)
	if slices.Contains(ws, "uuid") {
		return v.uuid()
	}
	prefix := cm.c.Prefix()
	width := len(prefix) + 5
	switch {
	case strings.Trim(prefix, "0123456789") == "":
		return v.number(width, prefix)
	case strings.ContainsAny(prefix[len(prefix)-1:], "-_:/"):
		return outsideStem(ws) + prefix[len(prefix)-1:] + fmt.Sprint(10000+v.rng.IntN(89999))
	}
	return v.opaque(width)
}

// outsideStem is the word an outside id starts with: the field's first
// word other than id, cut to three letters ("own" of owner_ids).
func outsideStem(ws []string) string {
	for _, w := range ws {
		if w == "id" || w == "ids" || w == "key" || w == "uuid" {
			continue
		}
		if w = strings.TrimSuffix(w, "id"); w != "" {
			return w[:min(3, len(w))]
		}
	}
	return "id"
}

// number is a number of width digits whose first digit is not the first
// of avoid (the collection's own keys start with it).
func (v *valuer) number(width int, avoid string) string {
	const digits = "123456789"
	first := strings.ReplaceAll(digits, avoid[:1], "")
	b := []byte{first[v.rng.IntN(len(first))]}
	for len(b) < width {
		b = append(b, byte('0'+v.rng.IntN(10)))
	}
	return string(b)
}

// opaque is n letters and digits, as a product's generated ids are.
func (v *valuer) opaque(n int) string {
	const alnum = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alnum[v.rng.IntN(len(alnum))]
	}
	return string(b)
}

// uuid is a random (version 4) UUID drawn from the valuer's source.
func (v *valuer) uuid() string {
	id, err := uuid.NewRandomFromReader(randReader{v.rng})
	if err != nil {
		return v.opaque(32) // randReader never fails
	}
	return id.String()
}

// randReader reads bytes from a seeded source, so a drawn UUID is the
// same for the same seed.
type randReader struct{ rng *rand.Rand }

func (r randReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.rng.Uint32())
	}
	return len(p), nil
}
