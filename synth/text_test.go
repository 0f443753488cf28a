package synth

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
)

// TestFreeTextVaries synthesises a share of the built-in apps and reads
// the free text of every record drawn: no sentence is in more than 1% of
// the records of its text role (a description, a body, a note), and no
// text holds a payment card number.
func TestFreeTextVaries(t *testing.T) {
	needWholeCorpus(t)
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 5, Size: 0.5, Variants: 3})
	if err != nil {
		t.Fatal(err)
	}
	servers := map[string]*atom.Server{}
	for _, e := range src.Heads(atom.KindServer) {
		s := e.MustServer()
		servers[s.AppName()] = s
	}
	tally := coherence.NewTextTally()
	texts := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for name, recs := range colls {
				def := servers[app].Collection(name)
				tally.AddRecords(servers[app], def, recs)
				for _, rec := range recs {
					for _, f := range coherence.TextFields(servers[app], def) {
						text, _ := rec[f].(string)
						if text != "" {
							texts++
						}
						if n := coherence.CardNumber(text); n != "" {
							t.Errorf("%s %s.%s[%v].%s holds the card number %q: %q", d.ID, app, name, rec[def.KeyField()], f, n, text)
						}
						if issues := grammarIssues(text); len(issues) > 0 {
							t.Errorf("%s %s.%s[%v].%s: %q in %q", d.ID, app, name, rec[def.KeyField()], f, issues, text)
						}
					}
				}
			}
		}
	}
	if texts < 20000 {
		t.Fatalf("only %d texts drawn", texts)
	}
	for _, s := range tally.Shares() {
		if s.Records >= 500 && s.Share > 0.01 {
			t.Errorf("%s: %q is in %d of %d records (%.1f%%)", s.Role, s.Top, s.TopCount, s.Records, 100*s.Share)
		} else {
			t.Logf("%s: top sentence in %d of %d records (%.2f%%): %q", s.Role, s.TopCount, s.Records, 100*s.Share, s.Top)
		}
	}
}

// TestComposeTextNamesTheRecord: a text speaks of the record it is in
// (its name, company or amount), starts with a capital, and a record
// without the value a frame needs never gets that frame's placeholder.
func TestComposeTextNamesTheRecord(t *testing.T) {
	facts := textFacts{"kind": "money", "first": "Noor", "person": "Noor Abernathy", "company": "Granite Holdings",
		"app": "QuickBooks", "name": "INV-2919", "amount": "$1,250.00", "due": "14 April"}
	for _, group := range []string{"message", "description", "note", "reason"} {
		for i := uint64(0); i < 200; i++ {
			text := composeText(rand.New(rand.NewPCG(i, 7)), group, facts)
			if text == "" || strings.Contains(text, "{") {
				t.Fatalf("%s: %q", group, text)
			}
			if text[0] < 'A' || text[0] > 'Z' {
				t.Errorf("%s: %q does not start with a capital", group, text)
			}
			named := false
			for _, v := range []string{"Noor", "Granite Holdings", "INV-2919", "$1,250.00", "14 April", "QuickBooks"} {
				named = named || strings.Contains(text, v)
			}
			if !named {
				t.Errorf("%s: %q names nothing of its record", group, text)
			}
		}
	}
}

// TestTextFramesNameAValue: every frame but a greeting (which runs into
// the sentence after it) names a value that sets its record apart (its
// name, person, company, amount, the record it refers to or the section
// and project its record sits in), so that no
// sentence is the same stock line in many records.
func TestTextFramesNameAValue(t *testing.T) {
	own := regexp.MustCompile(`\{(name|person|company|amount|related|other|link|inSection|inProject)\}`)
	// A status, a leave's reason (of any leave type) or a bounce is one
	// short phrase of its own kind that people repeat: its record is set
	// apart by its person and dates. An ad's closing line is the same on
	// every ad.
	phrases := map[string]bool{"presence.core": true, "leave.core": true, "bounce.core": true, "ad.detail": true}
	for key, frames := range textFrames {
		for _, fr := range frames {
			if !own.MatchString(fr) && !strings.HasSuffix(key, ".open") && !phrases[key] && !strings.HasPrefix(key, "leave.core.") {
				t.Errorf("%s: %q names nothing that sets its record apart", key, fr)
			}
		}
	}
	for _, fr := range sensitiveNotes {
		if !placeholderRE.MatchString(fr) {
			t.Errorf("sensitive note %q names no value", fr)
		}
	}
}

func TestMoney(t *testing.T) {
	for x, want := range map[float64]string{0.5: "$0.50", 999: "$999.00", 1250: "$1,250.00", 48000.25: "$48,000.25", 1234567.8: "$1,234,567.80"} {
		if got := money(x); got != want {
			t.Errorf("money(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestPeopleDoNotWriteForTheApp: a message, a note, a piece of work text
// or a reason is written by someone at a company that uses the app, not
// by the app's vendor, so no frame of those groups names the app ("your
// Zoom account", "cheers from the Zoom side").
func TestPeopleDoNotWriteForTheApp(t *testing.T) {
	for key, frames := range textFrames {
		group, _, _ := strings.Cut(key, ".")
		if group == "description" {
			continue
		}
		for _, fr := range frames {
			if strings.Contains(fr, "{app}") {
				t.Errorf("%s: %q speaks for the app", key, fr)
			}
		}
	}
}

// TestNoTextDatesTheLastEdit: no frame says when its record was last
// edited ("last edited on 14 December"): a text names the day its record
// began, while the record's own edit date is later and moves on every
// change the agent makes, which the text would then contradict.
func TestNoTextDatesTheLastEdit(t *testing.T) {
	lastEdit := regexp.MustCompile(`(?i)\blast (edited|updated|modified|changed)\b[^.]*\{(since|due)\}`)
	for key, frames := range textFrames {
		for _, fr := range frames {
			if lastEdit.MatchString(fr) {
				t.Errorf("%s: %q dates the last edit", key, fr)
			}
		}
	}
}

// TestSentMessageSpeaksToTheReader: a message the record's own person
// sent speaks to its reader, so it names neither the writer nor the
// writer's company as the one it is addressed to.
func TestSentMessageSpeaksToTheReader(t *testing.T) {
	rw := row{p: gen.Person{First: "David", Last: "Novak"}, c: gen.Company{Name: "Hooli Partners", Domain: "hoolipartners.example"}}
	cm := &collModel{fieldNames: []string{"sender", "subject", "text"}}
	rec := map[string]any{"sender": gen.Email(rw.p, rw.c.Domain), "subject": "Timeline forecast"}
	facts := textFacts{"kind": "", "first": "David", "person": "David Novak", "company": "Hooli Partners", "app": "Yahoo Mail", "name": "Timeline forecast", "since": "28 March"}
	said := addressed(cm, rec, rw, "message", facts)
	for i := uint64(0); i < 300; i++ {
		text := composeText(rand.New(rand.NewPCG(i, 13)), "message", said)
		if strings.Contains(text, "Hooli") || strings.Contains(text, "David") {
			t.Fatalf("%q speaks to its own writer", text)
		}
	}
	rec["sender"] = "rosa.romero@cyberdynellc.example"
	if got := addressed(cm, rec, rw, "message", facts); got["company"] != "Hooli Partners" || got["first"] != "David" {
		t.Errorf("a message to David lost its reader: %v", got)
	}
}

// TestNoTextNamesTheState: no frame names its record's state ("marked
// active on our side", "currently done as of 15 January"): a text is
// written once and the state moves on, by a workflow or by the agent.
func TestNoTextNamesTheState(t *testing.T) {
	for key, frames := range textFrames {
		for _, fr := range frames {
			if strings.Contains(fr, "{status}") {
				t.Errorf("%s: %q names the record's state", key, fr)
			}
		}
	}
}

// TestTextNamesItsRecordOnce: a text names its record once; a second
// sentence about it says something new ("Here is where Q3 review stands
// as of 3 March. Q3 review has been on my list since 3 March." does not).
func TestTextNamesItsRecordOnce(t *testing.T) {
	facts := textFacts{"kind": "", "first": "Noor", "person": "Noor Abernathy", "company": "Granite Holdings",
		"app": "Mail", "name": "Q3 review", "since": "3 March", "due": "14 April"}
	for _, group := range []string{"message", "description", "note", "work"} {
		for i := uint64(0); i < 300; i++ {
			if text := composeText(rand.New(rand.NewPCG(i, 17)), group, facts); strings.Count(text, "Q3 review") > 1 {
				t.Fatalf("%s: %q names its record twice", group, text)
			}
		}
	}
}

// TestPreviewIsTheBodysStart: a mail's preview is the first sentence of
// its body, not a text of its own; a preview a task pins, or one on a
// record without a body, stays as it is.
func TestPreviewIsTheBodysStart(t *testing.T) {
	cm := &collModel{fieldNames: []string{"preview", "subject", "summary", "textBody"},
		roles: map[string]string{"preview": atom.RoleText, "summary": atom.RoleText, "textBody": atom.RoleText, "subject": atom.RoleTitle}}
	rec := map[string]any{"preview": "A short note for Quantum Partners.", "subject": "Q3 review", "summary": "One line.",
		"textBody": "Hi Noor, here is where Q3 review stands. I have copied the team."}
	echoBody(cm, rec, nil)
	if rec["preview"] != "Hi Noor, here is where Q3 review stands." {
		t.Errorf("preview %q is not the start of the body", rec["preview"])
	}
	rec["preview"] = "Pinned."
	echoBody(cm, rec, map[string]any{"preview": "Pinned."})
	if rec["preview"] != "Pinned." {
		t.Errorf("a pinned preview became %q", rec["preview"])
	}
	delete(rec, "textBody")
	rec["preview"] = "Alone."
	echoBody(cm, rec, nil)
	if rec["preview"] != "Alone." {
		t.Errorf("a preview without a body became %q", rec["preview"])
	}
}

// TestPersonRecordNamesItsPersonOnce: on a record of a person, whose
// name is the person, no frame names them twice as two people ("Esther
// Cohen asked to be copied on anything about Esther Cohen").
func TestPersonRecordNamesItsPersonOnce(t *testing.T) {
	facts := textFacts{"kind": "person", "first": "Esther", "person": "Esther Cohen", "company": "Hooli Industries",
		"app": "Reamaze", "name": "Esther Cohen", "since": "18 February", "due": "14 April"}
	for _, group := range []string{"description", "note", "message"} {
		for i := uint64(0); i < 300; i++ {
			if text := composeText(rand.New(rand.NewPCG(i, 19)), group, facts); strings.Count(text, "Esther Cohen") > 1 {
				t.Fatalf("%s: %q names Esther Cohen twice", group, text)
			}
		}
	}
}

// TestSignaturesSignTheirOwner: a mail identity's signature closes with
// the identity's own name (Fastmail's textSignature), not a sentence of
// prose about someone.
func TestSignaturesSignTheirOwner(t *testing.T) {
	c := synthApps(t, 1, "fastmail")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["fastmail"]["identities"] {
			sig, _ := rec["textSignature"].(string)
			name, _ := rec["name"].(string)
			if sig == "" {
				continue
			}
			n++
			if !strings.Contains(sig, " "+name+", ") {
				t.Errorf("%s: identity %q signs %q", d.ID, name, sig)
			}
		}
	}
	if n == 0 {
		t.Fatal("no signature drawn")
	}
}

// TestLaunchesOnTheirOwnStart: a campaign's text that says when it goes
// live or launches names its own start date, never its end or another
// date ahead.
func TestLaunchesOnTheirOwnStart(t *testing.T) {
	c := synthApps(t, 1, "google_ads")
	launch := regexp.MustCompile(`(?:goes live on|launching) (\d{1,2} [A-Z][a-z]+)`)
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["google_ads"]["campaigns"] {
			for _, f := range []string{"description", "notes"} {
				for _, m := range launch.FindAllStringSubmatch(str(rec[f]), -1) {
					n++
					start, _ := time.Parse("2006-01-02", str(rec["start_date"]))
					if want := start.Format("2 January"); m[1] != want {
						t.Errorf("%s: campaign %q starting %v says it launches %s: %q", d.ID, rec["name"], rec["start_date"], m[1], rec[f])
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no campaign text names a launch")
	}
}

// TestNoTextBeginsOnItsTarget: a project's target date that has passed is
// not the day its text says it began ("First logged on 7 April" on a
// Linear project whose target was 7 April).
func TestNoTextBeginsOnItsTarget(t *testing.T) {
	c := synthApps(t, 3, "linear")
	n := 0
	for _, d := range c.Data {
		for _, p := range d.Records["linear"]["projects"] {
			day, ok := atom.Time(p["targetDate"])
			clock, _ := atom.Time(d.Clock)
			text, _ := p["description"].(string)
			if !ok || text == "" || !day.Before(clock) {
				continue
			}
			n++
			if strings.Contains(text, day.Format("2 January")) {
				t.Errorf("%s: project %v, target %v: %q", d.ID, p["id"], p["targetDate"], text)
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d projects past their target", n)
	}
}

// TestNoTextSaysAnEventIsBothAheadAndDone: a note never asks for a
// sign-off that it also says was given ("needs sign-off from Liam Rossi
// before 26 July. Stark Analytics signed off on 31 January"), nor says a
// review is under way that it also says was signed off ("Stark Analytics
// is reviewing Q3 rollout internally").
func TestNoTextSaysAnEventIsBothAheadAndDone(t *testing.T) {
	facts := textFacts{"kind": "", "first": "Liam", "person": "Liam Rossi", "company": "Stark Analytics", "app": "Asana",
		"name": "Q3 rollout", "since": "31 January", "due": "26 July", "amount": "$120.00", "related": "Q3 plan", "other": "Q3 plan", "otherkind": "project", "link": "Q3 plan", "linkkind": "project"}
	both := 0
	for seed := range uint64(3000) {
		text := composeText(rand.New(rand.NewPCG(seed, 1)), "note", facts)
		done := strings.Contains(text, "signed off")
		ahead := strings.Contains(text, "sign-off") || strings.Contains(text, "to sign off") || strings.Contains(text, "is reviewing")
		if done && ahead {
			if both++; both <= 3 {
				t.Errorf("seed %d: %q", seed, text)
			}
		}
	}
	if both > 0 {
		t.Errorf("%d of 3000 notes say a sign-off is both ahead and done", both)
	}
	if got := stancesOf("{company} signed off on {since}."); len(got) != 1 || got[0].key != "stance:sign-off:done" {
		t.Errorf("stances of a done sign-off: %v", got)
	}
}

// TestDisputedRecordHasOpenQuestions: a record whose state is disputed
// (a FreshBooks invoice's v3_status) takes the stance that questions are
// open, and none of its notes says its client has no open questions; a
// record sent takes none.
func TestDisputedRecordHasOpenQuestions(t *testing.T) {
	cm := &collModel{enums: []enumField{{name: "v3_status", values: []string{"sent", "disputed"}}}}
	if got := stateStance(cm, map[string]any{"v3_status": "sent"}); got != "" {
		t.Errorf("stance of a sent invoice: %q", got)
	}
	st := stateStance(cm, map[string]any{"v3_status": "disputed"})
	facts := textFacts{"kind": "", "first": "Liam", "person": "Liam Rossi", "company": "Stark Analytics", "app": "FreshBooks",
		"name": "INV-4220", "since": "31 January", "due": "26 July", "amount": "$120.00", "stance": st}
	said := 0
	for seed := range uint64(3000) {
		if strings.Contains(composeText(rand.New(rand.NewPCG(seed, 1)), "note", facts), "no open questions") {
			said++
		}
	}
	if st == "" || said > 0 {
		t.Errorf("disputed invoice: stance %q, %d of 3000 notes say there are no open questions", st, said)
	}
}

// TestOwnKindTextsAreNotLetters synthesises apps with text fields of a
// kind of their own (Slack's status_text, TikTok's ad_text, a Rippling
// leave's reason, a SendGrid suppression's reason): none reads as a
// letter or as a customer's reason to leave, and each is its kind's.
func TestOwnKindTextsAreNotLetters(t *testing.T) {
	c, _ := readWorld(t, 47, "slack", "tiktok_ads", "rippling", "sendgrid")
	letter := regexp.MustCompile(`^(Hi|Hello|Dear|Morning) |chose another vendor|is frozen until|a short note|following up on`)
	fields := map[string]string{"slack.users.status_text": "presence", "tiktok_ads.ads.ad_text": "ad", "rippling.leave_requests.reason": "leave", "sendgrid.suppressions.reason": "bounce"}
	seen := map[string]int{}
	for _, d := range c.Data {
		for f, group := range fields {
			p := strings.Split(f, ".") // app, collection, field
			for _, r := range d.Records[p[0]][p[1]] {
				v, ok := r[p[2]].(string)
				if !ok || v == "" {
					continue
				}
				seen[f]++
				if letter.MatchString(v) || !fromGroup(v, group) {
					t.Errorf("%s: %s %q is not a %s text", d.ID, f, v, group)
				}
			}
		}
	}
	for f := range fields {
		if seen[f] < 3 {
			t.Errorf("%s: %d texts read, want some", f, seen[f])
		}
	}
}

// fromGroup reports whether text starts with a frame of group's core (of
// any kind: a sick leave's or a parental leave's reason),
// its placeholders read as anything.
func fromGroup(text, group string) bool {
	var frames []string
	for key, fs := range textFrames {
		if key == group+".core" || strings.HasPrefix(key, group+".core.") {
			frames = append(frames, fs...)
		}
	}
	for _, fr := range frames {
		re := regexp.QuoteMeta(fr)
		re = regexp.MustCompile(`\\\{[a-z]+\\\}`).ReplaceAllString(re, ".+")
		if regexp.MustCompile(`(?i)^` + re).MatchString(text) {
			return true
		}
	}
	return false
}
