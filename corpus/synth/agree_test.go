package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestWorldsReadAsOne synthesises a share of the built-in apps and reads
// each data atom as one world: no record breaks its lifecycle (a task to
// do with a date_closed, an employee terminated before hired, a comment
// older than the page it is on); no message goes to the address it comes
// from; and no message greets or names as a third party the person who
// sent it ("Hi Umar" from umar.cohen@).
func TestWorldsReadAsOne(t *testing.T) {
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 27, Size: 0.4, Variants: 2, Workflows: -1})
	if err != nil {
		t.Fatal(err)
	}
	servers := map[string]*atom.Server{}
	for _, e := range src.Heads(atom.KindServer) {
		s := e.MustServer()
		servers[s.AppName()] = s
	}
	records, bad := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				records += len(recs)
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
				bad += selfAddressed(t, d.ID, servers[app], servers[app].Collection(name), recs)
			}
		}
		w := state.NewWorld(time.Now(), colls...)
		for _, v := range coherence.CheckWorld(d.ID, servers, w) {
			if v.Rule == coherence.RuleLifecycle {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if records < 1000 {
		t.Fatalf("only %d records drawn", records)
	}
	if bad > 0 {
		t.Errorf("%d of %d records contradict themselves or the record they are on", bad, records)
	}
}

var handleRE = regexp.MustCompile(`^([a-z]+)\.([a-z]+)(@|$)`)

// selfAddressed counts the records whose sender is also their recipient,
// or whose message text greets or names its sender.
func selfAddressed(t *testing.T, id string, s *atom.Server, def *atom.Collection, recs []map[string]any) int {
	bad := 0
	for _, rec := range recs {
		var sender, first string
		for f, v := range rec {
			x, _ := v.(string)
			if m := handleRE.FindStringSubmatch(x); m != nil && hasWord(words(f), senderWords...) {
				sender, first = x, strings.ToUpper(m[1][:1])+m[1][1:]
			}
		}
		if sender == "" {
			continue
		}
		greet := regexp.MustCompile(`(^|Hi |Hello |Dear |Morning |call |with |again, )` + first + `\b`)
		for f, v := range rec {
			x, _ := v.(string)
			switch {
			case isRecipientField(f) && slices.ContainsFunc(addressesIn(v), func(a string) bool { return strings.EqualFold(a, sender) }):
				bad++
				t.Errorf("%s: %s.%s: %s goes to its sender %s", id, s.AppName(), def.Name, f, sender)
			case textGroup(f) == "message" && coherence.TextRole(f) != "" && greet.MatchString(x) && !strings.Contains(x, "@") && ofSender(x, sender):
				bad++
				t.Errorf("%s: %s.%s: %s from %s reads %q", id, s.AppName(), def.Name, f, sender, x)
			}
		}
	}
	return bad
}

// ofSender reports whether a text speaks of the sender's own company: an
// address's domain is its company's name run together (a handle has
// none, so any text may be its sender's). Another person of the same
// first name at another company is someone else.
func ofSender(text, sender string) bool {
	_, domain, ok := strings.Cut(sender, "@")
	if !ok {
		return true
	}
	label, _, _ := strings.Cut(domain, ".")
	squashed := strings.ToLower(strings.ReplaceAll(text, " ", ""))
	return strings.Contains(squashed, label)
}

// addressesIn are the addresses a field holds: one, or a list.
func addressesIn(v any) []string {
	if x, ok := v.(string); ok {
		return []string{x}
	}
	var out []string
	xs, _ := v.([]any)
	for _, x := range xs {
		if a, ok := x.(string); ok {
			out = append(out, a)
		}
	}
	return out
}

var letterRE = regexp.MustCompile(`^(Hi|Hello|Dear|Morning) |^Your order of |is back in stock at|we can hold `)

// productLetters counts the products whose text reads as a letter to a
// customer rather than a description of the product.
func productLetters(t *testing.T, id string, s *atom.Server, def *atom.Collection, recs []map[string]any) int {
	if collKind(def.Name) != "product" {
		return 0
	}
	bad := 0
	for _, rec := range recs {
		for _, f := range coherence.TextFields(s, def) {
			if x, _ := rec[f].(string); letterRE.MatchString(x) {
				bad++
				t.Errorf("%s: %s.%s.%s reads as a letter: %q", id, s.AppName(), def.Name, f, x)
			}
		}
	}
	return bad
}

// TestProductsDescribeThemselves: Shopify's products (whose body_html is
// named like a message's body) are described, not written to someone.
func TestProductsDescribeThemselves(t *testing.T) {
	src := builtinServers(t)
	lib := atom.NewLibrary()
	shopify := src.ServerFor("shopify")
	if shopify == nil {
		t.Fatal("no shopify server")
	}
	if _, err := lib.Put(shopify.MustServer(), "shopify.yaml", true); err != nil {
		t.Fatal(err)
	}
	c, err := Synthesize(lib, Options{Seed: 27, Variants: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := shopify.MustServer()
	texts, bad := 0, 0
	for _, d := range c.Data {
		recs := d.Records["shopify"]["products"]
		texts += len(recs)
		bad += productLetters(t, d.ID, s, s.Collection("products"), recs)
	}
	if texts == 0 {
		t.Fatal("no products drawn")
	}
	if bad > 0 {
		t.Errorf("%d of %d products read as letters", bad, texts)
	}
}
