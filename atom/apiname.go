package atom

import "strings"

// APIName is a record's name as the API name a product derives from it
// (Salesforce's DeveloperName: "only underscores and alphanumeric
// characters, begin with a letter, not include spaces, not end with an
// underscore, and not contain two consecutive underscores",
// https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_folder.htm):
// every run of other characters one underscore, with an "X" before a
// name that does not begin with a letter. "" for a name with no letter
// or digit.
func APIName(name string) string {
	var b strings.Builder
	gap := false
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			gap = false
			continue
		}
		gap = true
	}
	s := b.String()
	if s != "" && (s[0] < 'A' || s[0] > 'z' || s[0] > 'Z' && s[0] < 'a') {
		s = "X" + s
	}
	return s
}
