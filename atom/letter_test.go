package atom

import "testing"

// TestLetter: a salutation to a named person, a sign-off or one writer's
// "I" make a letter; copy written to an audience is none.
func TestLetter(t *testing.T) {
	for text, letter := range map[string]bool{
		"Dear Kwame Dubois, early results from Q4 webinar series look good for Summit Systems.": true,
		"Hi Dana, here is where Winter winback stands.":                                         true,
		"I wanted to raise Spring partner spotlight with you before we next talk.":              true,
		"Thanks for your note about Q2 product update.":                                         true,
		"Here is the plan. Best regards, Ines":                                                  true,
		"Try Winter launch free for 30 days. No credit card needed.":                            false,
		"Meet Q3 product update: less busywork, more done.":                                     false,
		"Save time every week with Spring promo. Offer ends 4 May.":                             false,
		"Hiring? See what is new in Q4.":                                                        false,
	} {
		if got := Letter(text) != ""; got != letter {
			t.Errorf("Letter(%q) = %q, want a letter: %v", text, Letter(text), letter)
		}
	}
}
