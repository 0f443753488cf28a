package synth

import (
	"strings"
	"testing"
)

// TestRecruitingRecordsAreCandidates: a recruiting app's opportunity is a
// candidate's journey, not a sale. Lever's opportunity is named for its
// candidate, whose address it holds; the reason it was archived is a
// hiring reason, not a lost deal's; a job posting's text describes the
// job rather than greeting someone.
func TestRecruitingRecordsAreCandidates(t *testing.T) {
	c := synthApps(t, 2, "lever")
	names, reasons, postings := 0, 0, 0
	for _, d := range c.Data {
		for _, rec := range d.Records["lever"]["opportunities"] {
			name, _ := rec["name"].(string)
			emails, _ := rec["emails"].([]any)
			names++
			if m := fullNameRE.FindStringSubmatch(name); m == nil || len(emails) == 0 || !strings.HasPrefix(emails[0].(string), strings.ToLower(m[1])) {
				t.Errorf("%s: opportunity %q with emails %v is not named for its candidate", d.ID, name, emails)
			}
			if r, _ := rec["archived_reason"].(string); r != "" {
				reasons++
				if strings.Contains(r, "vendor") || strings.Contains(r, "in-house") || strings.Contains(r, "price of") {
					t.Errorf("%s: opportunity %q archived for a lost sale's reason: %q", d.ID, name, r)
				}
			}
		}
		for _, rec := range d.Records["lever"]["postings"] {
			postings++
			if text, _ := rec["text"].(string); letterRE.MatchString(text) {
				t.Errorf("%s: posting text reads as a letter: %q", d.ID, text)
			}
		}
	}
	if names < 10 || reasons == 0 || postings == 0 {
		t.Fatalf("drew %d opportunities, %d archive reasons, %d postings", names, reasons, postings)
	}
}
