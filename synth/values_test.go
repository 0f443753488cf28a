package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// TestCatalogItemsAreProducts: a catalog's items are named like products
// (Square's catalog_items), a to-do list's items like tasks, Zulip's
// streams like channels, and teams, and a help desk's groups, as teams.
func TestCatalogItemsAreProducts(t *testing.T) {
	for name, want := range map[string]string{"catalog_items": "product", "products": "product", "items": "task", "line_items": "task", "streams": "channel", "teams": "team"} {
		if got := collKind(name, ""); got != want {
			t.Errorf("collKind(%q) = %q, want %q", name, got, want)
		}
	}
	for family, want := range map[string]string{"helpdesk": "team", "hr": "team", "social": "channel"} {
		if got := collKind("groups", family); got != want {
			t.Errorf("collKind(groups) in a %s app = %q, want %q", family, got, want)
		}
	}
	for _, p := range campaignPhrases {
		if strings.Contains(strings.ToLower(p), "spring") {
			t.Errorf("campaign phrase %q names a season beside the season it is given", p)
		}
	}
}

// TestFileTypesAreMIMETypes: a file's content type (ChatGPT's files) is a
// MIME type, not a sentence of prose.
func TestFileTypesAreMIMETypes(t *testing.T) {
	c := synthApps(t, 1, "chatgpt", "slack")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["chatgpt"]["files"] {
			if v, ok := rec["content_type"].(string); ok {
				n++
				if !mimeRE.MatchString(v) {
					t.Errorf("%s: content_type %q is not a MIME type", d.ID, v)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no file with a content type drawn")
	}
}

var mimeRE = regexp.MustCompile(`^[a-z]+/[a-z0-9.+-]+$`)

// TestProductLinksOnTheProductsSite: the address the product gives its
// own record (a Drive file's web_view_link) is on the product's site; the
// website of the company a record is about stays on the company's.
func TestProductLinksOnTheProductsSite(t *testing.T) {
	c := synthApps(t, 1, "google_drive", "intercom")
	links, sites := 0, 0
	for _, d := range c.Data {
		for _, rec := range d.Records["google_drive"]["files"] {
			if v, ok := rec["web_view_link"].(string); ok {
				links++
				if !strings.HasPrefix(v, "https://google-drive.example/files/") {
					t.Errorf("%s: a Drive file's web_view_link %q is not on Drive's site", d.ID, v)
				}
			}
		}
		for _, rec := range d.Records["intercom"]["companies"] {
			if v, ok := rec["website"].(string); ok {
				sites++
				if strings.Contains(v, "intercom") {
					t.Errorf("%s: a company's website %q is on Intercom's site", d.ID, v)
				}
			}
		}
	}
	if links == 0 || sites == 0 {
		t.Fatalf("drew %d Drive links and %d company websites; want some of each", links, sites)
	}
	for _, f := range []string{"website", "WEBSITE", "landing_page_url", "linkedin_url"} {
		if productLink(f) {
			t.Errorf("%s taken for a link into the product", f)
		}
	}
}

// TestOwnLinksAndProfiles: a record's own address in the product (a
// DocuSign envelope's uri, a Quip thread's link) is on the product's
// site, a person's LinkedIn address is a profile there, a slug is no
// address, and a lead's url stays its company's site.
func TestOwnLinksAndProfiles(t *testing.T) {
	c := synthApps(t, 1, "docusign", "quip", "hubspot", "squarespace_commerce", "close", "calendly")
	checks := []struct {
		app, coll, field string
		ok               func(string) bool
		want             string
	}{
		{"docusign", "envelopes", "uri", prefixed("https://docusign.example/envelopes/"), "on DocuSign's site"},
		{"quip", "threads", "link", prefixed("https://quip.example/threads/"), "on Quip's site"},
		{"hubspot", "contacts", "linkedin_url", prefixed("https://linkedin.example/in/"), "a LinkedIn profile"},
		{"squarespace_commerce", "products", "url_slug", func(v string) bool { return slugRE.MatchString(v) }, "a slug"},
		{"calendly", "invitees", "uri", prefixed("https://calendly.example/invitees/"), "on Calendly's site, though an invitee is a person"},
		{"close", "leads", "url", func(v string) bool { return !strings.Contains(v, "close.example") }, "the lead's own site"},
	}
	for _, ck := range checks {
		n := 0
		for _, d := range c.Data {
			for _, rec := range d.Records[ck.app][ck.coll] {
				v, ok := rec[ck.field].(string)
				if !ok {
					continue
				}
				n++
				if !ck.ok(v) {
					t.Errorf("%s: %s %s %s %q is not %s", d.ID, ck.app, ck.coll, ck.field, v, ck.want)
				}
			}
		}
		if n == 0 {
			t.Errorf("no %s %s with a %s drawn", ck.app, ck.coll, ck.field)
		}
	}
}

func prefixed(p string) func(string) bool {
	return func(v string) bool { return strings.HasPrefix(v, p) }
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// TestRatesAreTheirQuotients: a Google Ads campaign's click-through rate
// is its clicks over its impressions, in percent, in every record drawn;
// a rate a task sets stays, and the clicks are drawn to meet it.
func TestRatesAreTheirQuotients(t *testing.T) {
	c := synthApps(t, 1, "google_ads")
	def := builtinServers(t).ServerFor("google_ads").MustServer().Collection("campaigns")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["google_ads"]["campaigns"] {
			if _, ok := rec["ctr"]; ok {
				n++
			}
			for _, p := range def.RecordProblems(rec) {
				t.Errorf("%s: campaign %v: %s", d.ID, rec["id"], p.Message)
			}
		}
	}
	if n == 0 {
		t.Fatal("no campaign with a click-through rate drawn")
	}
	inv := atom.Invariant{Rule: "ratio", Fields: []string{"ctr", "clicks", "impressions"}, Scale: 100}
	rec := map[string]any{"ctr": 4.0, "clicks": 5, "impressions": 50}
	conformRate(inv, rec, map[string]any{"ctr": 4.0})
	if rec["ctr"] != 4.0 || rec["clicks"] != 2 {
		t.Errorf("a rate a task sets: %v, want ctr 4 kept and clicks 2", rec)
	}
	rec = map[string]any{"ctr": 4.0, "clicks": 5, "impressions": 50}
	conformRate(inv, rec, nil)
	if rec["ctr"] != 10.0 || rec["clicks"] != 5 {
		t.Errorf("a drawn rate: %v, want ctr 10 from 5 clicks over 50 impressions", rec)
	}
}

// TestAPINamesFollowTheirNames: a Salesforce folder's DeveloperName is
// its Name as an API name (Salesforce derives it so), in every folder drawn.
func TestAPINamesFollowTheirNames(t *testing.T) {
	c := synthApps(t, 1, "salesforce")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["salesforce"]["folders"] {
			name, _ := rec["Name"].(string)
			if got := rec["DeveloperName"]; name != "" && got != atom.APIName(name) {
				t.Errorf("%s: folder %q has DeveloperName %q, want %q", d.ID, name, got, atom.APIName(name))
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no Salesforce folder drawn")
	}
}

// TestJobShortcodesAreCodes: a Workable job's shortcode is a short code
// of capital letters and digits, and every candidate's job_shortcode is
// one of a job of its world (a candidate applies to a job), never a job
// title.
func TestJobShortcodesAreCodes(t *testing.T) {
	c := synthApps(t, 1, "workable")
	code := regexp.MustCompile(`^[A-Z0-9]{4,12}$`)
	n := 0
	for _, d := range c.Data {
		jobs := map[any]bool{}
		for _, j := range d.Records["workable"]["jobs"] {
			if !code.MatchString(str(j["shortcode"])) {
				t.Errorf("%s: job shortcode %q is not a short code", d.ID, j["shortcode"])
			}
			jobs[j["shortcode"]] = true
		}
		for _, rec := range d.Records["workable"]["candidates"] {
			if sc := rec["job_shortcode"]; !jobs[sc] {
				t.Errorf("%s: candidate %v applies to job %q, which is no job's shortcode", d.ID, rec["id"], sc)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no Workable candidate drawn")
	}
}

// TestRequiredReferencesName: every record holds the references its
// server marks required, naming a record of its world: a Fastmail email
// is in a mailbox, though the collections are drawn in name order and no
// task names a mailbox.
func TestRequiredReferencesName(t *testing.T) {
	c := synthApps(t, 1, "fastmail")
	n := 0
	for _, d := range c.Data {
		boxes := map[any]bool{}
		for _, b := range d.Records["fastmail"]["mailboxes"] {
			boxes[b["id"]] = true
		}
		for _, rec := range d.Records["fastmail"]["emails"] {
			ids, _ := rec["mailboxIds"].([]any)
			if len(ids) == 0 {
				t.Errorf("%s: email %v is in no mailbox", d.ID, rec["id"])
			}
			for _, id := range ids {
				if !boxes[id] {
					t.Errorf("%s: email %v is in mailbox %v, which is not there", d.ID, rec["id"], id)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no Fastmail email drawn")
	}
}

// TestDaysLeftFollowTheClock: a Google Ads campaign's days_remaining is
// the days from the world's clock to its end_date, in every campaign
// drawn, after every pass that moves dates.
func TestDaysLeftFollowTheClock(t *testing.T) {
	c := synthApps(t, 1, "google_ads")
	def := builtinServers(t).ServerFor("google_ads").MustServer().Collection("campaigns")
	i := slices.IndexFunc(def.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "days_until" })
	if i < 0 {
		t.Fatal("Google Ads campaigns declare no days_until")
	}
	n := 0
	for _, d := range c.Data {
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, rec := range d.Records["google_ads"]["campaigns"] {
			want, ok := def.Invariants[i].DaysUntil(rec, clock)
			if got, _ := rec["days_remaining"].(float64); ok && got != float64(want) {
				t.Errorf("%s: campaign %q ends %v at %s with %v days remaining, want %d", d.ID, rec["name"], rec["end_date"], d.Clock, got, want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no campaign drawn")
	}
}

// TestDirectMessagesHaveNoName: a Google Chat direct message has no
// display name (the Chat API gives none), while every space a task names
// keeps its name and so is no direct message; the background still has
// direct messages.
func TestDirectMessagesHaveNoName(t *testing.T) {
	c := synthApps(t, 1, "google_chat", "slack")
	named, dms := 0, 0
	for _, d := range c.Data {
		handled := map[string]bool{}
		for _, h := range d.Handles {
			if h.App == "google_chat" && h.Collection == "spaces" {
				handled[h.Key] = true
			}
		}
		for _, rec := range d.Records["google_chat"]["spaces"] {
			if rec["spaceType"] == "DIRECT_MESSAGE" {
				dms++
			}
			if rec["spaceType"] == "DIRECT_MESSAGE" && atom.IsSet(rec["displayName"]) {
				t.Errorf("%s: direct message %v is named %q", d.ID, rec["name"], rec["displayName"])
			}
			if handled[str(rec["name"])] {
				named++
				if !atom.IsSet(rec["displayName"]) {
					t.Errorf("%s: space %v, which a task names, has no name", d.ID, rec["name"])
				}
			}
		}
	}
	if named == 0 || dms == 0 {
		t.Fatalf("%d spaces a task names and %d direct messages drawn", named, dms)
	}
}

// TestMailboxesAreNamedAsMailboxes: no two Fastmail mailboxes of a world
// share a role (JMAP keeps a role to one mailbox per account), a mailbox
// with a role is called by it (the sent mailbox is "Sent"), and one
// without is named as people name folders, never like a record's
// subject ("Rollout review for Quantum Inc").
func TestMailboxesAreNamedAsMailboxes(t *testing.T) {
	c := synthApps(t, 1, "fastmail")
	n := 0
	for _, d := range c.Data {
		roles := map[string]bool{}
		for _, rec := range d.Records["fastmail"]["mailboxes"] {
			n++
			name, role := str(rec["name"]), str(rec["role"])
			switch {
			case role != "" && roles[role]:
				t.Errorf("%s: two mailboxes have the role %q", d.ID, role)
			case role != "" && name != strings.ToUpper(role[:1])+role[1:]:
				t.Errorf("%s: the %s mailbox is named %q", d.ID, role, name)
			case role == "" && (strings.Contains(name, " for ") || slices.Contains(systemFolders, strings.ToLower(name))):
				t.Errorf("%s: mailbox %q with no role is not named as a folder", d.ID, name)
			}
			roles[role] = role != ""
		}
	}
	if n == 0 {
		t.Fatal("no mailbox drawn")
	}
}

// TestConversionsAreActions: an ad platform's conversion is named for
// the action it counts, from the values its atom documents ("Purchase",
// "Sign-up"), never for the person who converted.
func TestConversionsAreActions(t *testing.T) {
	c := synthApps(t, 1, "google_ads", "linkedin_ads")
	src := builtinServers(t)
	n := 0
	for _, app := range []string{"google_ads", "linkedin_ads"} {
		ex := src.ServerFor(app).MustServer().Collection("conversions").Fields["conversion_name"].Examples
		if len(ex) == 0 {
			t.Fatalf("%s declares no examples of conversion_name", app)
		}
		for _, d := range c.Data {
			for _, rec := range d.Records[app]["conversions"] {
				if name := str(rec["conversion_name"]); name != "" && !slices.Contains(ex, name) {
					t.Errorf("%s: %s conversion %v is named %q", d.ID, app, rec["id"], name)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no conversion drawn")
	}
}
