//go:build fullcorpus

// The records of the whole synthesised corpus read as a person would: no
// record contradicts its own state, place or people. They share the one
// synthesis of corpus_shape_test.go; run them with
//
//	go test -tags fullcorpus -run 'Coherence|Places|Copies|Epoch|Ended' ./synth

package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestDataCoherenceOfEvents synthesises over the built-in servers and
// reads every record drawn: none keeps a trace of an event its own state
// denies (a lost_reason on an open deal, a paused_at on a running
// channel), and none is updated, won or trashed before it was created or
// added (Mattermost's create_at, Pipedrive's add_time), and none has
// fields that deny each other (an archived flag beside another status).
func TestDataCoherenceOfEvents(t *testing.T) {
	src, c := fullCorpus(t)
	servers := map[string]*atom.Server{}
	for _, e := range src.Heads(atom.KindServer) {
		s := e.MustServer()
		servers[s.AppName()] = s
	}
	records, bad := 0, 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			s := servers[app]
			for name, recs := range colls {
				def := s.Collection(name)
				for _, rec := range recs {
					records++
					for _, v := range coherence.CheckRecord(s, def, rec) {
						if v.Rule == coherence.RuleLifecycle || v.Rule == coherence.RuleFields {
							if bad++; bad <= 10 {
								t.Errorf("%s: %s", d.ID, v)
							}
						}
					}
				}
			}
		}
	}
	if records < 1000 {
		t.Fatalf("only %d records drawn", records)
	}
	if bad > 0 {
		t.Errorf("%d of %d records contradict their own lifecycle", bad, records)
	}
}

// TestPlacesAgree: a record's city and country are one place's (no
// company in Denver, Canada), in every record synthesised.
func TestPlacesAgree(t *testing.T) {
	src, c := fullCorpus(t)
	country := map[string]string{}
	for _, p := range places {
		country[p.city] = p.country
	}
	pairs := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			s := atom.Server{}
			for _, e := range src.Heads(atom.KindServer) {
				if e.MustServer().AppName() == app {
					s = *e.MustServer()
				}
			}
			for name, recs := range colls {
				def := s.Collection(name)
				for _, rec := range recs {
					var city, ctry string
					for f, v := range rec {
						switch role, _ := atom.RoleOf(&s, def, f); role {
						case atom.RoleCity:
							city, _ = v.(string)
						case atom.RoleCountry:
							ctry, _ = v.(string)
						}
					}
					if city == "" || ctry == "" {
						continue
					}
					pairs++
					if country[city] != ctry {
						t.Errorf("%s: %s.%s: %s in %s", d.ID, app, name, city, ctry)
					}
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no record with both a city and a country")
	}
}

// TestCopiesGoToSomeoneElse: a message does not copy (cc, bcc) the person
// it is from or to, and a record's assignee or owner is not the person the
// record is about (a conversation assigned to its own customer).
func TestCopiesGoToSomeoneElse(t *testing.T) {
	_, c := fullCorpus(t)
	copies, self := 0, 0
	for _, d := range c.Data {
		for _, colls := range d.Records {
			for _, recs := range colls {
				for _, rec := range recs {
					parties := map[string]bool{}
					for f, v := range rec {
						if !isSecondary(f) && !hasWord(atom.Words(f), roleWords...) {
							for _, a := range addresses(v) {
								parties[a] = true
							}
						}
					}
					for f, v := range rec {
						if !isSecondary(f) {
							continue
						}
						for _, a := range addresses(v) {
							copies++
							if parties[a] {
								if self++; self <= 5 {
									t.Logf("%s: %s = %s, also the record's own person: %v", d.ID, f, a, rec)
								}
							}
						}
					}
				}
			}
		}
	}
	if copies == 0 {
		t.Fatal("no record copies or assigns anyone")
	}
	if self > 0 {
		t.Errorf("%d of %d copies and assignments go to the record's own person", self, copies)
	}
}

func addresses(v any) []string {
	switch x := v.(type) {
	case string:
		if strings.Contains(x, "@") {
			return []string{x}
		}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, addresses(e)...)
		}
		return out
	}
	return nil
}

// TestEpochTimestampsAreTimes: a time kept as a count since the epoch
// (Gmail's date in milliseconds, OpenAI's created_at in seconds, Quip's
// created_usec in microseconds, by its unit) holds a
// time near the world's clock, not a small count.
func TestEpochTimestampsAreTimes(t *testing.T) {
	src, c := fullCorpus(t)
	seen := 0
	for _, d := range c.Data {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q", d.ID, d.Clock)
		}
		for app, colls := range d.Records {
			e, err := src.Get(atom.KindServer, atom.Pin{ID: app})
			if err != nil {
				continue
			}
			for name, recs := range colls {
				def := e.MustServer().Collection(name)
				for f, fd := range def.Fields {
					if !fd.IsEpoch() && !strings.Contains(fd.Description, "since epoch") {
						continue
					}
					for _, rec := range recs {
						n, ok := rec[f].(float64)
						if !ok {
							continue
						}
						seen++
						at := time.UnixMilli(int64(n))
						if strings.Contains(fd.Description, "seconds since epoch") {
							at = time.Unix(int64(n), 0)
						}
						if u, ok := fd.EpochTime(n); ok {
							at = u
						}
						if off := at.Sub(clock); off > 400*24*time.Hour || off < -400*24*time.Hour {
							t.Errorf("%s: %s.%s %s = %v (%s), clock %s", d.ID, app, name, f, n, at, clock)
						}
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no time kept as a count since the epoch")
	}
}

// TestFewRecordsHaveEnded: a date that ends a record's life with no state
// to say so (Box's trashed_at) is on a minority of records, so that the
// world is not mostly trash.
func TestFewRecordsHaveEnded(t *testing.T) {
	src, c := fullCorpus(t)
	type count struct{ set, all int }
	counts := map[string]*count{}
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for name, recs := range colls {
				e, err := src.Get(atom.KindServer, atom.Pin{ID: app})
				if err != nil {
					continue
				}
				def := e.MustServer().Collection(name)
				if def == nil || def.Lifecycle != nil {
					continue
				}
				for f := range def.Fields {
					if fd := def.Fields[f]; !coherence.NamesEnd(f) || fd.Format != "date" && fd.Format != "date-time" && fd.Role != atom.RoleDate {
						continue
					}
					k := app + "." + name + "." + f
					if counts[k] == nil {
						counts[k] = &count{}
					}
					for _, rec := range recs {
						counts[k].all++
						if atom.IsSet(rec[f]) {
							counts[k].set++
						}
					}
				}
			}
		}
	}
	if counts["box.files.trashed_at"] == nil {
		t.Fatal("no box file drawn")
	}
	for k, n := range counts {
		if n.all >= 20 && n.set*2 > n.all {
			t.Errorf("%s is set on %d of %d records", k, n.set, n.all)
		}
	}
}
