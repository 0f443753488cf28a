package synth

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestCaseKindReadsTheSubject: every subject synthesis draws for a fault
// (a bug, an outage, a support case about something broken) reads as
// one, and none of a refund, an order, an address or a plan does.
func TestCaseKindReadsTheSubject(t *testing.T) {
	faults := [][]string{bugPhrases, bugCodePhrases, outagePhrases, outageCodePhrases}
	for _, pool := range faults {
		for _, p := range pool {
			if s := fmt.Sprintf(p, "Granite Labs"); caseKind(s) != "fault" {
				t.Errorf("%q reads as %s, not a fault", s, caseKind(s))
			}
			if s := "Fix " + strings.ToLower(fmt.Sprintf(p, "Granite Labs")); caseKind(s) != "fault" {
				t.Errorf("%q reads as %s, not a fault", s, caseKind(s))
			}
		}
	}
	for _, p := range codePhrases {
		if s := fmt.Sprintf(p, "52817"); caseKind(s) == "fault" {
			t.Errorf("%q reads as a fault", s)
		}
	}
	for s, want := range map[string]string{
		"Refund request for order 69317": "billing", "Order 42828 arrived damaged": "shipping",
		"Shipping address change for Blue Harbor Group": "shipping", "Granite Labs asks about the annual plan": "question",
		"Invoice INV-2291 shows the wrong amount": "billing", "Login fails after password reset at Granite Labs": "fault", "": "request",
	} {
		if got := caseKind(s); got != want {
			t.Errorf("%q reads as %s, want %s", s, got, want)
		}
	}
}

// faultSentences matches a sentence of a frame written for a fault ("Seen
// since 2 April; Globex Labs is affected", "logs attached").
func faultSentences(t *testing.T) *regexp.Regexp {
	t.Helper()
	shared := map[string]bool{} // a frame any case may take ("Raised by ... on ...")
	for key, frames := range textFrames {
		for _, fr := range frames {
			shared[fr] = shared[fr] || !strings.HasSuffix(key, ".fault")
		}
	}
	var alts []string
	for key, frames := range textFrames {
		if !strings.HasSuffix(key, ".fault") {
			continue
		}
		for _, fr := range frames {
			if shared[fr] {
				continue
			}
			parts := placeholderRE.Split(fr, -1)
			for i := range parts {
				parts[i] = regexp.QuoteMeta(parts[i])
			}
			alts = append(alts, strings.Join(parts, ".+?"))
		}
	}
	if len(alts) == 0 {
		t.Fatal("no frames are written for a fault")
	}
	return regexp.MustCompile(`(?i)` + strings.Join(alts, "|"))
}

// TestCaseTextFitsItsSubject synthesises the support cases, threads and
// requests of several apps: a case whose subject is no fault (a refund,
// a damaged order, an address change, the annual plan, a time-off
// request) holds no sentence written for a fault, while faults do.
func TestCaseTextFitsItsSubject(t *testing.T) {
	re := faultSentences(t)
	c := synthApps(t, 3, "zendesk", "quip", "bamboohr", "freshdesk", "helpscout", "intercom")
	checked, faulty := 0, 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for coll, recs := range colls {
				for _, rec := range recs {
					subject := ""
					for _, f := range []string{"subject", "title", "name", "summary"} {
						if s, ok := rec[f].(string); ok && subject == "" {
							subject = s
						}
					}
					kind := caseKind(subject)
					for f, x := range rec {
						text, ok := x.(string)
						if !ok || text == subject || !re.MatchString(text) {
							continue
						}
						if kind != "fault" {
							t.Errorf("%s %s.%s %q (%s) %s: %q is written for a fault", d.ID, app, coll, subject, kind, f, text)
						} else {
							faulty++
						}
					}
					if kind != "fault" {
						checked++
					}
				}
			}
		}
	}
	if checked < 100 || faulty == 0 {
		t.Fatalf("%d records of no fault read, %d fault sentences on faults", checked, faulty)
	}
}
