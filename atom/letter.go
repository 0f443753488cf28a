package atom

import "regexp"

var (
	// letterOpening is a letter's salutation to a named person: "Hi
	// Dana,", "Dear Kwame Dubois", "Hello Ines".
	letterOpening = regexp.MustCompile(`^\s*(?:Dear|Hi|Hello|Hey|Morning|Good morning)\s+[A-Z][a-z'-]+`)
	// letterVoice is one person writing to another: a sign-off, a
	// first person singular, a word about the two of them.
	letterVoice = regexp.MustCompile(`\b(?:(?:Best|Kind|Warm) regards|Thanks again|Cheers from|Talk soon|I(?:'m|'ve|'ll|'d)?\s|[Ii] have copied|before we (?:next )?talk|with you\b|your note\b)`)
)

// Letter says why text reads as a letter from one person to another (a
// salutation to a named person, a sign-off, one writer's "I"), or "" where
// it does not: copy a product shows to an audience (an ad's primary
// text, Field.Audience) speaks to whoever reads it, in the advertiser's
// voice.
func Letter(text string) string {
	if m := letterOpening.FindString(text); m != "" {
		return "it greets one person (" + m + ")"
	}
	if m := letterVoice.FindString(text); m != "" {
		return "it is written as one person to another (" + m + ")"
	}
	return ""
}
