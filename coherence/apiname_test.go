package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
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

// TestShortCodeKeysAreOneForm: keys declared as short codes are random
// letters and digits, so their first letters are no form an agent could
// find a task's record by; a key that is no short code is found.
func TestShortCodeKeysAreOneForm(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "ats", Collections: []atom.Collection{{Name: "jobs", Key: "shortcode", Fields: map[string]atom.Field{
		"shortcode": {Type: "string", Role: atom.RoleShortCode},
	}}}}
	recs := []state.Record{{"shortcode": "FEZWLXINTN"}, {"shortcode": "XA80097YFW"}, {"shortcode": "ABCDEFGH12"}, {"shortcode": "Senior Engineer"}}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("ats.jobs", "shortcode", recs))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"ats": s}, w) {
		got = append(got, v.Rule+" "+v.Key)
	}
	if len(got) != 1 || got[0] != RuleRole+" Senior Engineer" {
		t.Errorf("violations %v, want one of role on the key %q", got, "Senior Engineer")
	}
}

// TestKeyPrefixes: a team's key is a short word of capitals its issues
// are numbered after ("ENG"); one in an issue's own form ("TEA-5622"),
// in lower case or too long is found on that field.
func TestKeyPrefixes(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "tracker", Collections: []atom.Collection{{Name: "teams", Fields: map[string]atom.Field{
		"name": {Type: "string", Role: atom.RoleTitle},
		"key":  {Type: "string", Role: atom.RoleKeyPrefix},
	}}}}
	def := &s.Collections[0]
	onField := func(key string) bool {
		for _, v := range CheckRecord(s, def, map[string]any{"name": "Engineering", "key": key}) {
			if v.Field == "key" {
				return true
			}
		}
		return false
	}
	for _, good := range []string{"ENG", "CS", "Q3P", atom.KeyPrefix("Engineering"), atom.KeyPrefix("Tier 2 Support")} {
		if onField(good) {
			t.Errorf("key %q is refused", good)
		}
	}
	for _, bad := range []string{"TEA-5622", "eng", "ENGINEERING", "2FA"} {
		if !onField(bad) {
			t.Errorf("key %q is not found", bad)
		}
	}
}

// TestDigits: a number people dial (a RingCentral extension) is digits
// alone; one written as a document number ("EXT-8609") or with words is
// found on that field.
func TestDigits(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "phone", Collections: []atom.Collection{{Name: "extensions", Fields: map[string]atom.Field{
		"name":            {Type: "string", Role: atom.RoleTitle},
		"extensionNumber": {Type: "string", Role: atom.RoleDigits},
	}}}}
	def := &s.Collections[0]
	onField := func(n string) bool {
		for _, v := range CheckRecord(s, def, map[string]any{"name": "Front desk", "extensionNumber": n}) {
			if v.Field == "extensionNumber" && v.Rule == RuleRole {
				return true
			}
		}
		return false
	}
	for _, good := range []string{"101", "2405", "7"} {
		if onField(good) {
			t.Errorf("extension number %q is refused", good)
		}
	}
	for _, bad := range []string{"EXT-8609", "ext101", "101 ", "one-oh-one"} {
		if !onField(bad) {
			t.Errorf("extension number %q is not found", bad)
		}
	}
}

// TestPhoneKeysAreNumbers: a collection keyed by phone number (a Plivo
// account's own numbers) holds numbers as wide as their countries' are,
// and a key that is no phone number ("num_86536") is found by its role.
func TestPhoneKeysAreNumbers(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "voice", Collections: []atom.Collection{{Name: "numbers", Key: "number", Fields: map[string]atom.Field{
		"number": {Type: "string", Role: atom.RolePhone},
	}}}}
	recs := []state.Record{{"number": "+1-415-555-0100"}, {"number": "+44-20-555-0188"}, {"number": "+351-692-555-8918"}, {"number": "num_86536"}}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("voice.numbers", "number", recs))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"voice": s}, w) {
		got = append(got, v.Rule+" "+v.Key)
	}
	if len(got) != 1 || got[0] != RuleRole+" num_86536" {
		t.Errorf("violations %v, want one of role on the key %q", got, "num_86536")
	}
}
