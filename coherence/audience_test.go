package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestAudienceCopy: an ad's text declared copy for an audience is found
// where it is a letter to one person, and not where it speaks to whoever
// sees the ad; an undeclared text may be a letter.
func TestAudienceCopy(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "ads", Collections: []atom.Collection{{Name: "ads", Fields: map[string]atom.Field{
		"name":    {Type: "string", Role: atom.RoleTitle},
		"message": {Type: "string", Role: atom.RoleText, Audience: true},
		"note":    {Type: "string", Role: atom.RoleText},
	}}}}
	def := &s.Collections[0]
	found := func(field, text string) bool {
		for _, v := range CheckRecord(s, def, map[string]any{"name": "Spring promo", field: text}) {
			if v.Field == field {
				return true
			}
		}
		return false
	}
	if !found("message", "Dear Yara Romero, here is where Winter winback stands as of 7 March.") {
		t.Error("a letter as an ad's copy is not found")
	}
	if found("message", "Try Spring promo free for 30 days. Sign up in minutes.") {
		t.Error("copy for an audience is found")
	}
	if found("note", "Dear Yara Romero, here is where Winter winback stands as of 7 March.") {
		t.Error("a letter in a text not declared for an audience is found")
	}
}
