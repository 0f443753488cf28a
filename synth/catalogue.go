package synth

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The task catalogue (catalogue.yaml): where a business keeps a policy and
// logs a run, how a later change to a policy is written, the thresholds
// and conditions an amount rule draws from, and the purposes a selection
// workflow serves. It is data so that variety grows by adding rows.

//go:embed catalogue.yaml
var catalogueYAML []byte

// catalogue is catalogue.yaml read.
type catalogue struct {
	Holders struct {
		Policy []holder `yaml:"policy"`
		Log    []holder `yaml:"log"`
	} `yaml:"holders"`
	Updates struct {
		Titles []string `yaml:"titles"`
		Texts  []string `yaml:"texts"`
		Later  []string `yaml:"later"`
	} `yaml:"updates"`
	// Pressure is the note written on the look-alike outside a policy's
	// condition, asking for it to be included, and the policy's sentences
	// that say such notes do not count.
	Pressure struct {
		Notes []string `yaml:"notes"`
		Rules []string `yaml:"rules"`
	} `yaml:"pressure"`
	Thresholds []float64  `yaml:"thresholds"`
	Conditions []string   `yaml:"conditions"`
	Purposes   []*purpose `yaml:"purposes"`
}

// holder is an app collection that can hold a policy or a log, and what a
// person calls one of its records.
type holder struct {
	App        string `yaml:"app"`
	Collection string `yaml:"collection"`
	Kind       string `yaml:"kind"`
}

// purpose is what a selection workflow is for: an approval run, a triage
// pass, a clean-up. Each writes its policy, names and request its own way
// and hides its own trap in a record's notes.
type purpose struct {
	Family string   `yaml:"family"`
	Apps   []string `yaml:"apps"` // app families the purpose fits; none: any
	Team   string   `yaml:"team"`
	// Author is the first name of the colleague who wrote the policy,
	// where its text or the request names them ("{author} leaves on
	// Friday... His notes"): the policy's record is drawn for a person of
	// that name, so every field its app fills with its writer (an owner,
	// a sender, an author) is theirs.
	Author   string     `yaml:"author"`
	Events   []string   `yaml:"events"`
	Titles   []string   `yaml:"titles"`
	Rules    []string   `yaml:"rules"`
	Notes    []trapNote `yaml:"notes"`
	Channels []string   `yaml:"channels"`
	Logs     []string   `yaml:"logs"`
	Openings []string   `yaml:"openings"`
}

// trapNote is an exception written on a record's notes, and the policy's
// sentence that leaves such records alone.
type trapNote struct {
	Note string `yaml:"note"`
	Rule string `yaml:"rule"`
}

// placeholderRE finds the {name} placeholders of catalogue text.
var placeholderRE = regexp.MustCompile(`\{([A-Za-z]+)\}`)

// known are the placeholders catalogue text may use.
var known = map[string]bool{"App": true, "PApp": true, "items": true, "item": true, "Items": true, "cond": true, "scope": true, "must": true,
	"notes": true, "slug": true, "title": true, "doc": true, "later": true, "event": true, "team": true, "new": true, "old": true,
	"amount": true, "t": true, "values": true, "Values": true, "s": true, "author": true}

// parseCatalogue reads and checks a catalogue: every list a workflow draws
// from is non-empty and every placeholder is one fill knows.
func parseCatalogue(src []byte) (*catalogue, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	var c catalogue
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("catalogue.yaml: %w", err)
	}
	var errs []string
	need := func(where string, xs []string) {
		if len(xs) == 0 {
			errs = append(errs, where+" is empty")
		}
		for _, x := range xs {
			for _, m := range placeholderRE.FindAllStringSubmatch(x, -1) {
				if !known[m[1]] {
					errs = append(errs, fmt.Sprintf("%s: unknown placeholder {%s} in %q", where, m[1], x))
				}
			}
		}
	}
	if len(c.Holders.Policy) == 0 || len(c.Holders.Log) == 0 || len(c.Thresholds) == 0 || len(c.Purposes) == 0 {
		errs = append(errs, "holders.policy, holders.log, thresholds and purposes must each have an entry")
	}
	need("updates.titles", c.Updates.Titles)
	need("updates.texts", c.Updates.Texts)
	need("updates.later", c.Updates.Later)
	need("conditions", c.Conditions)
	need("pressure.notes", c.Pressure.Notes)
	need("pressure.rules", c.Pressure.Rules)
	seen := map[string]bool{}
	for i, p := range c.Purposes {
		where := fmt.Sprintf("purposes[%d] (%s)", i, p.Family)
		if p.Family == "" || seen[p.Family] {
			errs = append(errs, where+": a purpose needs a family no other purpose has")
		}
		seen[p.Family] = true
		for _, l := range [][2]any{{"titles", p.Titles}, {"rules", p.Rules}, {"channels", p.Channels}, {"logs", p.Logs}, {"openings", p.Openings}} {
			need(where+"."+l[0].(string), l[1].([]string))
		}
		if len(p.Notes) == 0 {
			errs = append(errs, where+".notes is empty")
		}
		for _, n := range p.Notes {
			need(where+".notes", []string{n.Note, n.Rule})
		}
		all := strings.Join(append(append(append([]string(nil), p.Titles...), p.Rules...), p.Openings...), "\n")
		if strings.Contains(all, "{event}") && len(p.Events) == 0 {
			errs = append(errs, where+": {event} is used but events is empty")
		}
		for _, n := range p.Notes {
			all += "\n" + n.Note + "\n" + n.Rule
		}
		if strings.Contains(all, "{author}") && p.Author == "" {
			errs = append(errs, where+": {author} is used but author is empty")
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("catalogue.yaml: %s", strings.Join(errs, "; "))
	}
	return &c, nil
}

// policyHolder is what a person calls a policy kept in the collection, and
// whether the catalogue lets it hold one.
func (c *catalogue) policyHolder(app, coll string) (string, bool) {
	return findHolder(c.Holders.Policy, app, coll)
}

// logHolder is the same for a run's log.
func (c *catalogue) logHolder(app, coll string) (string, bool) {
	return findHolder(c.Holders.Log, app, coll)
}

func findHolder(hs []holder, app, coll string) (string, bool) {
	for _, h := range hs {
		if h.App == app && h.Collection == coll {
			return h.Kind, true
		}
	}
	return "", false
}

// purposesFor are the purposes that fit an app family.
func (c *catalogue) purposesFor(family string) []*purpose {
	var out []*purpose
	for _, p := range c.Purposes {
		if len(p.Apps) == 0 || slices.Contains(p.Apps, family) {
			out = append(out, p)
		}
	}
	return out
}

// fill replaces the {name} placeholders of s by vals; a name vals lacks is
// left as it is (parseCatalogue has checked the names).
func fill(s string, vals map[string]string) string {
	return placeholderRE.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vals[m[1:len(m)-1]]; ok {
			return v
		}
		return m
	})
}
