package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestAPINames: a folder's DeveloperName is its Name as an API name; one
// with spaces, or another folder's, is found on that field.
func TestAPINames(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "folders", Fields: map[string]atom.Field{
		"Name":          {Type: "string", Role: atom.RoleTitle},
		"DeveloperName": {Type: "string", Role: atom.RoleAPIName},
	}}}}
	def := &s.Collections[0]
	onField := func(rec map[string]any) bool {
		for _, v := range CheckRecord(s, def, rec) {
			if v.Field == "DeveloperName" {
				return true
			}
		}
		return false
	}
	if onField(map[string]any{"Name": "Cyberdyne Labs pricing sheet", "DeveloperName": "Cyberdyne_Labs_pricing_sheet"}) {
		t.Error("the API name of the record's name is refused")
	}
	for _, bad := range []string{"Cyberdyne Labs pricing sheet", "Initech_security_questionnaire", "Cyberdyne__Labs_pricing_sheet"} {
		if !onField(map[string]any{"Name": "Cyberdyne Labs pricing sheet", "DeveloperName": bad}) {
			t.Errorf("DeveloperName %q beside Name %q is not found", bad, "Cyberdyne Labs pricing sheet")
		}
	}
}
