// Package gen makes realistic, reproducible values for data atoms: people,
// emails, companies, dates relative to the environment clock, amounts and
// free text, all from a seed, so one data atom yields many states.
package gen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Spec is a parsed generator spec such as "person.email" or "amount(10,500)".
type Spec struct {
	Name string
	Args []string
}

// Doc returns the doc line of a generator name; ok is false for a name no
// generator has.
func Doc(name string) (doc string, ok bool) {
	doc, ok = known[name]
	return doc, ok
}

// known lists the generator names, with a doc line each.
var known = map[string]string{
	"person.name":    "full name",
	"person.first":   "first name",
	"person.last":    "last name",
	"person.email":   "email of the record's person at the record's company domain",
	"person.phone":   "phone number",
	"person.title":   "job title",
	"company.name":   "company name",
	"company.domain": "the company's domain",
	"date":           "date(FROM,TO): a day between clock+FROM and clock+TO, e.g. date(-30d,0d)",
	"datetime":       "datetime(FROM,TO): an RFC 3339 time in that range (units d, h, m)",
	"amount":         "amount(MIN,MAX): a money amount with cents",
	"int":            "int(MIN,MAX): an integer",
	"text":           "text(N): N words of business prose",
	"sentence":       "one sentence",
	"oneof":          "oneof(a|b|c): one of the listed values",
	"seq":            "seq(PREFIX,START): PREFIX then a counter from START",
	"hex":            "hex(PREFIX,N): PREFIX then N hex digits",
	"bool":           "true or false",
	"const":          "const(VALUE): the value as written",
}

// Parse reads a spec.
func Parse(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	name, rest, hasArgs := strings.Cut(s, "(")
	sp := Spec{Name: strings.TrimSpace(name)}
	if hasArgs {
		if !strings.HasSuffix(rest, ")") {
			return sp, fmt.Errorf("generator %q: missing )", s)
		}
		rest = strings.TrimSuffix(rest, ")")
		if sp.Name == "oneof" || sp.Name == "const" {
			sp.Args = []string{rest}
		} else if rest != "" {
			for _, a := range strings.Split(rest, ",") {
				sp.Args = append(sp.Args, strings.TrimSpace(a))
			}
		}
	}
	if _, ok := Doc(sp.Name); !ok {
		return sp, fmt.Errorf("unknown generator %q", sp.Name)
	}
	want := map[string]int{"date": 2, "datetime": 2, "amount": 2, "int": 2, "text": 1, "oneof": 1, "seq": 2, "hex": 2, "const": 1}
	if n, ok := want[sp.Name]; ok && len(sp.Args) != n {
		return sp, fmt.Errorf("generator %s needs %d arguments, got %d", sp.Name, n, len(sp.Args))
	}
	switch sp.Name {
	case "date", "datetime":
		for _, a := range sp.Args {
			if _, err := ParseOffset(a); err != nil {
				return sp, fmt.Errorf("generator %s: %w", sp.Name, err)
			}
		}
	case "amount", "int":
		lo, err1 := strconv.ParseFloat(sp.Args[0], 64)
		hi, err2 := strconv.ParseFloat(sp.Args[1], 64)
		if err1 != nil || err2 != nil || hi < lo {
			return sp, fmt.Errorf("generator %s: bad range %q..%q", sp.Name, sp.Args[0], sp.Args[1])
		}
	case "text", "hex":
		n, err := strconv.Atoi(sp.Args[len(sp.Args)-1])
		if err != nil || n < 1 || n > 1000 {
			return sp, fmt.Errorf("generator %s: bad count %q", sp.Name, sp.Args[len(sp.Args)-1])
		}
	case "seq":
		if _, err := strconv.Atoi(sp.Args[1]); err != nil {
			return sp, fmt.Errorf("generator seq: bad start %q", sp.Args[1])
		}
	}
	return sp, nil
}

// ParseOffset reads "-30d", "+4h", "15m", "0".
func ParseOffset(s string) (time.Duration, error) {
	if s == "0" || s == "" {
		return 0, nil
	}
	unit := s[len(s)-1]
	n, err := strconv.Atoi(strings.TrimPrefix(s[:len(s)-1], "+"))
	if err != nil {
		return 0, fmt.Errorf("bad offset %q (want like -30d, 4h, 15m)", s)
	}
	switch unit {
	case 'd':
		return time.Duration(n) * 24 * time.Hour, nil
	case 'h':
		return time.Duration(n) * time.Hour, nil
	case 'm':
		return time.Duration(n) * time.Minute, nil
	}
	return 0, fmt.Errorf("bad offset unit in %q (d, h or m)", s)
}

// Source draws values. One Source per generated collection keeps
// collections independent of each other's counts.
type Source struct {
	rng   *rand.Rand
	clock time.Time
	seq   map[string]int
}

// New returns a source for seed and a stream name (e.g. "crm.contacts").
func New(seed int64, stream string, clock time.Time) *Source {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(stream); i++ {
		h ^= uint64(stream[i])
		h *= 1099511628211
	}
	return &Source{rng: rand.New(rand.NewPCG(uint64(seed), h)), clock: clock, seq: map[string]int{}}
}

// Rand exposes the source's generator for callers that pick among choices.
func (s *Source) Rand() *rand.Rand { return s.rng }

// Person is one generated person.
type Person struct{ First, Last, Title, Phone string }

// Company is one generated company.
type Company struct{ Name, Domain string }

// Row holds the person and company shared by the fields of one record.
type Row struct {
	Person  Person
	Company Company
}

// NewRow draws the person and company of one record.
func (s *Source) NewRow() *Row {
	c := s.Company()
	return &Row{Person: s.Person(), Company: c}
}

// Person draws a person.
func (s *Source) Person() Person {
	return Person{
		First: pick(s.rng, firstNames),
		Last:  pick(s.rng, lastNames),
		Title: pick(s.rng, titles),
		Phone: fmt.Sprintf("+1-%03d-555-%04d", 200+s.rng.IntN(700), s.rng.IntN(10000)),
	}
}

// Company draws a company.
func (s *Source) Company() Company {
	name := pick(s.rng, companyStems) + " " + pick(s.rng, companySuffixes)
	return Company{Name: name, Domain: Domain(name)}
}

// CompanyBeside is c where it is not other, else the company Company
// draws beside it: other's stem with the next suffix. It draws nothing,
// so that a caller keeping a company off one (the world's own, never its
// own customer) moves no later draw.
func CompanyBeside(c, other Company) Company {
	if c.Name != other.Name {
		return c
	}
	for _, stem := range companyStems {
		for i, suffix := range companySuffixes {
			if stem+" "+suffix == c.Name {
				name := stem + " " + companySuffixes[(i+1)%len(companySuffixes)]
				return Company{Name: name, Domain: Domain(name)}
			}
		}
	}
	name := c.Name + " " + companySuffixes[0]
	return Company{Name: name, Domain: Domain(name)}
}

// CompanyAt is the company whose domain is domain, among those Company
// draws: the company of a person known only by an address.
func CompanyAt(domain string) (Company, bool) {
	for _, stem := range companyStems {
		for _, suffix := range companySuffixes {
			if name := stem + " " + suffix; Domain(name) == strings.ToLower(domain) {
				return Company{Name: name, Domain: Domain(name)}, true
			}
		}
	}
	return Company{}, false
}

// CompaniesNamed lists the companies Company draws that text names, in
// the order of their stems.
func CompaniesNamed(text string) []string {
	var out []string
	for _, stem := range companyStems {
		if !strings.Contains(text, stem+" ") {
			continue
		}
		for _, suffix := range companySuffixes {
			if name := stem + " " + suffix; strings.Contains(text, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// CompanyOfTitles is the one company of the pool that titles name (an
// opportunity "Quantum Analytics - new logo" is about Quantum Analytics),
// "" where they name none or several.
func CompanyOfTitles(titles ...string) string {
	var out []string
	for _, t := range titles {
		for _, n := range CompaniesNamed(t) {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	if len(out) != 1 {
		return ""
	}
	return out[0]
}

// Domain turns a company name into a domain under .example (reserved for
// documentation, so generated addresses never reach a real host).
func Domain(company string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(company) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String() + ".example"
}

// Email renders a person's address at a domain.
func Email(p Person, domain string) string {
	return LocalPart(p.First) + "." + LocalPart(p.Last) + "@" + strings.ToLower(domain)
}

// LocalPart spells a name the way mail systems do: ASCII letters, digits
// and hyphens ("Müller" -> "mueller", "O'Brien" -> "obrien"). Email
// spells addresses so; a comparison of a name with an address spells the
// name so too.
func LocalPart(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		case asciiFold[r] != "":
			b.WriteString(asciiFold[r])
		}
	}
	return b.String()
}

var asciiFold = map[rune]string{'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss", 'é': "e", 'è': "e", 'ê': "e", 'á': "a", 'à': "a",
	'â': "a", 'ã': "a", 'å': "a", 'í': "i", 'ì': "i", 'ó': "o", 'ò': "o", 'ô': "o", 'õ': "o", 'ø': "o", 'ú': "u", 'ù': "u",
	'ñ': "n", 'ç': "c", 'ł': "l", 'ś': "s", 'ź': "z", 'ż': "z", 'ć': "c", 'ń': "n", 'ğ': "g", 'ş': "s", 'ı': "i"}

// Value draws one value for spec within row.
func (s *Source) Value(sp Spec, row *Row) any {
	switch sp.Name {
	case "person.name":
		return row.Person.First + " " + row.Person.Last
	case "person.first":
		return row.Person.First
	case "person.last":
		return row.Person.Last
	case "person.email":
		return Email(row.Person, row.Company.Domain)
	case "person.phone":
		return row.Person.Phone
	case "person.title":
		return row.Person.Title
	case "company.name":
		return row.Company.Name
	case "company.domain":
		return row.Company.Domain
	case "date", "datetime":
		from, _ := ParseOffset(sp.Args[0])
		to, _ := ParseOffset(sp.Args[1])
		span := int64(to - from)
		var off int64
		if span > 0 {
			off = s.rng.Int64N(span + 1)
		}
		t := s.clock.Add(from + time.Duration(off))
		if sp.Name == "date" {
			return t.Format("2006-01-02")
		}
		return t.UTC().Truncate(time.Minute).Format(time.RFC3339)
	case "amount":
		lo, _ := strconv.ParseFloat(sp.Args[0], 64)
		hi, _ := strconv.ParseFloat(sp.Args[1], 64)
		return math.Round((lo+s.rng.Float64()*(hi-lo))*100) / 100
	case "int":
		lo, _ := strconv.ParseFloat(sp.Args[0], 64)
		hi, _ := strconv.ParseFloat(sp.Args[1], 64)
		return float64(int64(lo) + s.rng.Int64N(int64(hi-lo)+1))
	case "text":
		n, _ := strconv.Atoi(sp.Args[0])
		return s.Words(n)
	case "sentence":
		return s.Sentence()
	case "oneof":
		opts := strings.Split(sp.Args[0], "|")
		return strings.TrimSpace(pick(s.rng, opts))
	case "seq":
		start, _ := strconv.Atoi(sp.Args[1])
		n := s.seq[sp.Args[0]]
		s.seq[sp.Args[0]] = n + 1
		return sp.Args[0] + strconv.Itoa(start+n)
	case "hex":
		n, _ := strconv.Atoi(sp.Args[1])
		const digits = "0123456789abcdef"
		b := make([]byte, n)
		for i := range b {
			b[i] = digits[s.rng.IntN(16)]
		}
		return sp.Args[0] + string(b)
	case "bool":
		return s.rng.IntN(2) == 1
	case "const":
		return sp.Args[0]
	}
	return nil
}

// Words returns n words of business prose.
func (s *Source) Words(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = pick(s.rng, words)
	}
	return strings.Join(w, " ")
}

// Sentence returns one sentence of business prose.
func (s *Source) Sentence() string {
	t := pick(s.rng, sentences)
	return t
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }
