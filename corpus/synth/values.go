package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/legoenv/legoenv/gen"
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
	sensitiveNotes   = []string{
		"SSN on file: 521-44-9087.", "Card on file 4111 1111 1111 1111, exp 09/28.", "Part of the Project Falcon pilot.",
		"Portal password: Spring2026!", "IBAN DE89370400440532013000 for refunds.", "On medical leave until next month.",
	}
	tagWords  = []string{"vip", "follow-up", "renewal", "priority", "billing", "escalated", "q3-review", "partner", "at-risk", "onboarding"}
	cities    = []string{"Austin", "Berlin", "Toronto", "Lisbon", "Singapore", "Denver", "Dublin", "Osaka", "Nairobi", "Melbourne"}
	countries = []string{"US", "DE", "CA", "PT", "SG", "IE", "JP", "KE", "AU", "GB"}
)

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
	codePhrases = []string{"Refund request for order %s", "Invoice %s shows the wrong amount", "Duplicate charge on invoice %s", "Order %s arrived damaged"}
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
	campaignPhrases = []string{"%s spring launch", "%s webinar series", "%s winback", "%s product update", "%s holiday promo", "%s partner spotlight"}
	jobPhrases      = []string{"Senior Backend Engineer", "Account Executive", "Product Designer", "Data Analyst", "Support Lead", "Finance Manager", "Recruiting Coordinator", "Marketing Manager"}
	channelPhrases  = []string{"proj-%s", "team-%s", "%s-launch", "%s-support", "deal-%s"}
	fixedSuffixes   = []string{"Holdings", "International", "Ventures", "Worldwide", "Consulting", "Co-op"}
	fixedFirst      = []string{"Adaeze", "Bjorn", "Catalina", "Desmond", "Emeka", "Fiona", "Gustavo", "Helena", "Ines", "Jonas", "Kalani", "Leilani", "Marek", "Noor", "Orla", "Paulo", "Renata", "Soren", "Tamsin", "Viktor", "Wanjiru", "Xavier", "Yasmin", "Zoran", "Anika", "Bastian", "Celeste", "Dario", "Elif", "Florian"}
	fixedLast       = []string{"Abernathy", "Bergstrom", "Castellanos", "Delacroix", "Eriksen", "Fairbanks", "Gallagher", "Hollister", "Iwasaki", "Jovanovic", "Kaminski", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Pemberton", "Quintero", "Rasmussen", "Sorensen", "Thibault", "Underwood", "Vasquez", "Whitcombe", "Yilmaz", "Zielinski", "Achterberg", "Bianchi", "Coleridge", "Drummond", "Esposito"}
	seasons         = []string{"Spring", "Summer", "Autumn", "Winter", "Q1", "Q2", "Q3", "Q4"}
)

// valuer draws field values for one data atom.
type valuer struct {
	rng   *rand.Rand
	src   *gen.Source
	clock time.Time
	n     int // counter for codes
}

func newValuer(seed int64, stream string, clock time.Time) *valuer {
	src := gen.New(seed, stream, clock)
	return &valuer{rng: src.Rand(), src: src, clock: clock}
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// collKind classifies a collection by its name, for display phrases.
func collKind(name string) string {
	ws := words(name)
	switch {
	case hasWord(ws, "tickets", "conversations", "cases", "issues", "requests", "incidents", "threads"):
		return "problem"
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
	case hasWord(ws, "products", "variants", "skus", "inventory"):
		return "product"
	case hasWord(ws, "jobs", "positions", "openings", "requisitions"):
		return "job"
	case hasWord(ws, "channels", "rooms", "groups", "spaces"):
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
}

func (v *valuer) newRow() row {
	r := v.src.NewRow()
	// The people a task names come from names gen's background pool never
	// draws, so that no stranger in the data shares a name by chance; the
	// look-alikes that share one are there on purpose.
	r.Person.First = pick(v.rng, fixedFirst)
	r.Person.Last = pick(v.rng, fixedLast)
	return row{p: r.Person, c: r.Company}
}

// displayValue draws the name of a record.
func (v *valuer) displayValue(cm *collModel, r row) string {
	if cm.peopleLike() {
		return r.p.First + " " + r.p.Last
	}
	org := r.c.Name
	switch collKind(cm.name) {
	case "problem":
		if v.rng.IntN(3) == 0 {
			v.n++
			return fmt.Sprintf(pick(v.rng, codePhrases), fmt.Sprintf("%d", 10000+v.rng.IntN(89999)+v.n))
		}
		return fmt.Sprintf(pick(v.rng, problemPhrases), org)
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
	case "money":
		return v.code(cm, org)
	case "company":
		// Background companies come from gen's pool (stem and suffix); a
		// record a task names gets a suffix that pool never draws, so no
		// stranger shares its name.
		stem := org
		if i := strings.LastIndex(org, " "); i > 0 {
			stem = org[:i]
		}
		return stem + " " + pick(v.rng, fixedSuffixes)
	}
	w, x := v.src.Words(1), v.src.Words(1)
	for i := 0; i < 4 && x == w; i++ {
		x = v.src.Words(1)
	}
	return strings.ToUpper(w[:1]) + w[1:] + " " + x + " for " + org
}

// code makes a document number like INV-10234 from the collection's name.
func (v *valuer) code(cm *collModel, _ string) string {
	v.n++
	ws := words(cm.name)
	p := strings.ToUpper(ws[len(ws)-1])
	if len(p) > 3 {
		p = p[:3]
	}
	return fmt.Sprintf("%s-%d", p, 1000+v.rng.IntN(8999)+v.n)
}

func (v *valuer) amount(lo, hi float64) float64 {
	return math.Round((lo+v.rng.Float64()*(hi-lo))*100) / 100
}

// dateValue draws a date relative to the clock: past for fields that say
// something happened, future for due dates and starts.
func (v *valuer) dateValue(cm *collModel, name string) string {
	ws := words(name)
	f := cm.field(name)
	var off time.Duration
	if hasWord(ws, "birth", "dob", "birthday") {
		off = -time.Duration(365*(22+v.rng.IntN(40))+v.rng.IntN(365)) * 24 * time.Hour
	} else if hasWord(ws, "due", "end", "start", "renewal", "close", "expires", "expiry", "expiration", "deadline", "scheduled", "starts", "ends", "until") {
		off = time.Duration(1+v.rng.IntN(40)) * 24 * time.Hour
	} else {
		off = -time.Duration(1+v.rng.IntN(60)) * 24 * time.Hour
	}
	off += time.Duration(v.rng.IntN(8)) * time.Hour
	t := v.clock.Add(off)
	if f.Format == "date" {
		return t.Format("2006-01-02")
	}
	return t.UTC().Truncate(time.Minute).Format(time.RFC3339)
}

// plainValue draws a value for a string field without a known role.
func (v *valuer) plainValue(cm *collModel, name string, r row) any {
	ws := words(name)
	switch {
	case hasWord(ws, "domain", "domains"):
		return r.c.Domain
	case hasWord(ws, "url", "website", "link", "href", "uri"):
		return "https://www." + r.c.Domain + "/" + strings.ToLower(v.src.Words(1))
	case hasWord(ws, "city"):
		return pick(v.rng, cities)
	case hasWord(ws, "country"):
		return pick(v.rng, countries)
	case hasWord(ws, "currency"):
		return "USD"
	case hasWord(ws, "title", "job", "role", "position") && cm.isPeople():
		return r.p.Title
	case hasWord(ws, "name") && hasWord(ws, "user", "username", "handle"):
		return strings.ToLower(r.p.First + "." + r.p.Last)
	case hasWord(ws, "timezone", "tz"):
		return "America/New_York"
	case hasWord(ws, "language", "locale"):
		return "en"
	case hasWord(ws, "color", "colour"):
		return pick(v.rng, []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"})
	case hasWord(ws, "number", "code", "reference", "ref", "sku"):
		return v.code(cm, "")
	case hasWord(ws, "address", "street", "location"):
		return fmt.Sprintf("%d %s Street, %s", 10+v.rng.IntN(900), r.p.Last, pick(v.rng, cities))
	}
	return v.src.Words(2)
}

// specFor returns the gen spec for a background record's field, or "" to
// leave the field out.
func specFor(cm *collModel, name string, refKeys map[string][]string, avoid map[string]map[string]bool) string {
	f := cm.field(name)
	ws := words(name)
	switch {
	case name == cm.key:
		return ""
	case name == cm.email:
		return "person.email"
	case name == cm.phone:
		return "person.phone"
	case name == cm.first:
		return "person.first"
	case name == cm.last:
		return "person.last"
	case name == cm.company:
		return "company.name"
	case name == cm.amount:
		if f.Type == "integer" {
			return fmt.Sprintf("int(%d,%d)", int(lowMin), int(backgroundMax))
		}
		return fmt.Sprintf("amount(%d,%d)", int(lowMin), int(backgroundMax))
	case name == cm.display:
		if cm.peopleLike() {
			return "person.name"
		}
		if collKind(cm.name) == "company" {
			return "company.name"
		}
		return "text(4)"
	case name == cm.text:
		return "sentence"
	case len(f.Enum) > 0:
		var vs []string
		for _, e := range f.Enum {
			s, ok := e.(string)
			if !ok || s == "" || strings.ContainsAny(s, "|()") || avoid[name][s] {
				continue
			}
			vs = append(vs, s)
		}
		if len(vs) == 0 {
			return ""
		}
		return "oneof(" + strings.Join(vs, "|") + ")"
	case f.Type == "boolean":
		return "bool"
	case f.Type == "string" && (f.Format == "date" || f.Format == "date-time"):
		from, to := "-60d", "-1d"
		if hasWord(ws, "due", "end", "start", "renewal", "close", "expires", "deadline", "scheduled") {
			from, to = "1d", "60d"
		}
		if f.Format == "date" {
			return fmt.Sprintf("date(%s,%s)", from, to)
		}
		return fmt.Sprintf("datetime(%s,%s)", from, to)
	case f.Type == "integer":
		return "int(1,40)"
	case f.Type == "number":
		return "amount(1,400)"
	case f.Type == "string":
		for _, rf := range cm.refs {
			if rf.name == name && !rf.list {
				if ks := refKeys[rf.target.name]; len(ks) > 0 {
					return "oneof(" + strings.Join(ks, "|") + ")"
				}
				return ""
			}
		}
		if hasWord(ws, "id") {
			return ""
		}
		switch {
		case hasWord(ws, "domain"):
			return "company.domain"
		case hasWord(ws, "title", "job", "position", "role") && cm.peopleLike():
			return "person.title"
		case hasWord(ws, "department", "team"):
			return "oneof(Sales|Support|Finance|Engineering|Marketing|Operations)"
		case hasWord(ws, "city"):
			return "oneof(" + strings.Join(cities, "|") + ")"
		case hasWord(ws, "country"):
			return "oneof(" + strings.Join(countries, "|") + ")"
		case hasWord(ws, "currency"):
			return "const(USD)"
		}
		return "text(2)"
	}
	return ""
}
