package inflect

import (
	"slices"
	"strings"
)

// English verbs change form with tense and person: a registrant is
// "turned down", a manager "turns" one "down", the team is "turning"
// one "down". A verb phrase is written once in its base form and read in
// all of them (VerbForms), by the rules of English spelling and
// a table of the irregular verbs (https://en.wiktionary.org/wiki/Appendix:English_irregular_verbs),
// in British and American spelling both ("cancelled" and "canceled",
// "authorised" and "authorized", "learnt" and "learned").

// irregularVerbs are the base forms of the common irregular verbs with
// their past and past participle forms (a form the two share is written
// in both), the British and the American forms side by side ("got" and
// "gotten", "burnt" and "burned").
var irregularVerbs = map[string][2][]string{
	"be": {{"was", "were"}, {"been"}}, "begin": {{"began"}, {"begun"}}, "bend": {{"bent"}, {"bent"}},
	"bet": {{"bet"}, {"bet"}}, "bid": {{"bid"}, {"bid"}}, "bite": {{"bit"}, {"bitten"}},
	"blow": {{"blew"}, {"blown"}}, "break": {{"broke"}, {"broken"}}, "bring": {{"brought"}, {"brought"}},
	"build": {{"built"}, {"built"}}, "burn": {{"burnt", "burned"}, {"burnt", "burned"}}, "buy": {{"bought"}, {"bought"}},
	"catch": {{"caught"}, {"caught"}}, "choose": {{"chose"}, {"chosen"}}, "come": {{"came"}, {"come"}},
	"cut": {{"cut"}, {"cut"}}, "deal": {{"dealt"}, {"dealt"}}, "do": {{"did"}, {"done"}},
	"draw": {{"drew"}, {"drawn"}}, "dream": {{"dreamt", "dreamed"}, {"dreamt", "dreamed"}}, "drive": {{"drove"}, {"driven"}},
	"fall": {{"fell"}, {"fallen"}}, "feed": {{"fed"}, {"fed"}}, "feel": {{"felt"}, {"felt"}},
	"fight": {{"fought"}, {"fought"}}, "find": {{"found"}, {"found"}}, "fly": {{"flew"}, {"flown"}},
	"forget": {{"forgot"}, {"forgotten"}}, "freeze": {{"froze"}, {"frozen"}}, "get": {{"got"}, {"got", "gotten"}},
	"give": {{"gave"}, {"given"}}, "go": {{"went"}, {"gone"}}, "grow": {{"grew"}, {"grown"}},
	"hang": {{"hung"}, {"hung"}}, "have": {{"had"}, {"had"}}, "hear": {{"heard"}, {"heard"}},
	"hide": {{"hid"}, {"hidden"}}, "hit": {{"hit"}, {"hit"}}, "hold": {{"held"}, {"held"}},
	"keep": {{"kept"}, {"kept"}}, "know": {{"knew"}, {"known"}}, "lay": {{"laid"}, {"laid"}},
	"lead": {{"led"}, {"led"}}, "lean": {{"leant", "leaned"}, {"leant", "leaned"}}, "learn": {{"learnt", "learned"}, {"learnt", "learned"}},
	"leave": {{"left"}, {"left"}}, "lend": {{"lent"}, {"lent"}}, "let": {{"let"}, {"let"}},
	"light": {{"lit", "lighted"}, {"lit", "lighted"}}, "lose": {{"lost"}, {"lost"}}, "make": {{"made"}, {"made"}},
	"mean": {{"meant"}, {"meant"}}, "meet": {{"met"}, {"met"}}, "pay": {{"paid"}, {"paid"}},
	"put": {{"put"}, {"put"}}, "quit": {{"quit"}, {"quit"}}, "read": {{"read"}, {"read"}},
	"ring": {{"rang"}, {"rung"}}, "rise": {{"rose"}, {"risen"}}, "run": {{"ran"}, {"run"}},
	"say": {{"said"}, {"said"}}, "see": {{"saw"}, {"seen"}}, "seek": {{"sought"}, {"sought"}},
	"sell": {{"sold"}, {"sold"}}, "send": {{"sent"}, {"sent"}}, "set": {{"set"}, {"set"}},
	"shake": {{"shook"}, {"shaken"}}, "shoot": {{"shot"}, {"shot"}}, "show": {{"showed"}, {"shown", "showed"}},
	"shut": {{"shut"}, {"shut"}}, "sink": {{"sank"}, {"sunk"}}, "sit": {{"sat"}, {"sat"}},
	"sleep": {{"slept"}, {"slept"}}, "speak": {{"spoke"}, {"spoken"}}, "spell": {{"spelt", "spelled"}, {"spelt", "spelled"}},
	"spend": {{"spent"}, {"spent"}}, "spill": {{"spilt", "spilled"}, {"spilt", "spilled"}}, "spoil": {{"spoilt", "spoiled"}, {"spoilt", "spoiled"}},
	"stand": {{"stood"}, {"stood"}}, "stick": {{"stuck"}, {"stuck"}}, "strike": {{"struck"}, {"struck"}},
	"sweep": {{"swept"}, {"swept"}}, "swing": {{"swung"}, {"swung"}}, "take": {{"took"}, {"taken"}},
	"teach": {{"taught"}, {"taught"}}, "tear": {{"tore"}, {"torn"}}, "tell": {{"told"}, {"told"}},
	"think": {{"thought"}, {"thought"}}, "throw": {{"threw"}, {"thrown"}}, "undo": {{"undid"}, {"undone"}},
	"upset": {{"upset"}, {"upset"}}, "wake": {{"woke"}, {"woken"}}, "wear": {{"wore"}, {"worn"}},
	"win": {{"won"}, {"won"}}, "wind": {{"wound"}, {"wound"}}, "withdraw": {{"withdrew"}, {"withdrawn"}},
	"write": {{"wrote"}, {"written"}},
}

// stressedLast are the verbs of more than one syllable stressed on the
// last, whose final consonant doubles before -ed and -ing as a one
// syllable verb's does ("submitted", "deferring").
var stressedLast = []string{"admit", "commit", "compel", "control", "defer", "expel", "occur", "omit", "patrol", "permit", "prefer", "rebook", "refer", "regret", "submit", "transfer"}

// particles are the words after a verb that make a phrasal verb an
// object may stand before ("call it off", "turned them down").
var particles = []string{"down", "off", "up", "out", "away", "aside", "back", "over", "in"}

// objectPronouns stand between a phrasal verb and its particle.
var objectPronouns = []string{"it", "them", "him", "her"}

// VerbForms returns the phrases verb phrase p (its first word a verb in
// its base form, loose) is read as: with its verb in the base, third
// person, past and past participle forms, and the -ing form where ing,
// in every spelling; a two word phrasal verb also with an object pronoun
// before its particle ("called it off"). done keeps only the past and
// past participle forms: what has been done ("took care of", not "take
// care of", which asks for it).
func VerbForms(p string, done bool) []string {
	words := strings.Fields(p)
	if len(words) == 0 {
		return nil
	}
	var out []string
	for _, v := range spellings(words[0]) {
		for _, f := range inflections(v, done) {
			out = append(out, strings.Join(append([]string{f}, words[1:]...), " "))
			if len(words) == 2 && slices.Contains(particles, words[1]) {
				for _, o := range objectPronouns {
					out = append(out, f+" "+o+" "+words[1])
				}
			}
		}
	}
	return compactSorted(out)
}

// compactSorted sorts ss and drops repeats.
func compactSorted(ss []string) []string {
	slices.Sort(ss)
	return slices.Compact(ss)
}

// spellings are a verb's British and American spellings: -ise and -ize
// ("authorise", "authorize").
func spellings(v string) []string {
	if len(v) > 5 {
		if stem, ok := strings.CutSuffix(v, "ize"); ok {
			return []string{v, stem + "ise"}
		}
		if stem, ok := strings.CutSuffix(v, "ise"); ok {
			return []string{v, stem + "ize"}
		}
	}
	return []string{v}
}

// inflections are the forms of verb v: base, third person, past, past
// participle and -ing; done keeps only the past and the past participle.
func inflections(v string, done bool) []string {
	var past []string
	if irr, ok := irregularVerbs[v]; ok {
		past = slices.Concat(irr[0], irr[1])
	} else {
		for _, stem := range doubledStems(v) {
			past = append(past, pastOf(stem))
		}
	}
	if done {
		return compactSorted(past)
	}
	out := append(past, v, thirdPerson(v))
	for _, stem := range doubledStems(v) {
		out = append(out, ingOf(stem))
	}
	return compactSorted(out)
}

// thirdPerson is the third person singular of v: a noun's plural
// ("carries", "pushes") but for the verbs that end in o or z ("goes",
// "vetoes", "buzzes") and "has" and "is".
func thirdPerson(v string) string {
	switch {
	case v == "have":
		return "has"
	case v == "be":
		return "is"
	case strings.HasSuffix(v, "o"), strings.HasSuffix(v, "z"):
		return v + "es"
	}
	return Plural(v)
}

// pastOf is the regular past of a stem whose final consonant is already
// doubled where it doubles ("vetoed", "okayed", "carried", "shelved").
func pastOf(s string) string {
	switch {
	case strings.HasSuffix(s, "e"):
		return s + "d"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !isVowel(s, len(s)-2):
		return s[:len(s)-1] + "ied"
	}
	return s + "ed"
}

// ingOf is the -ing form of a stem whose final consonant is already
// doubled where it doubles ("tying", "shelving", "seeing", "calling").
func ingOf(s string) string {
	switch {
	case strings.HasSuffix(s, "ie"):
		return s[:len(s)-2] + "ying"
	case strings.HasSuffix(s, "e") && !strings.HasSuffix(s, "ee") && !strings.HasSuffix(s, "ye") && !strings.HasSuffix(s, "oe") && len(s) > 2:
		return s[:len(s)-1] + "ing"
	}
	return s + "ing"
}

// doubledStems are the stems v takes -ed and -ing on: v with its final
// consonant doubled where a short stressed vowel comes before it ("stop":
// "stopp"), and both where British spelling doubles a final l that
// American does not ("cancel": "cancell" and "cancel").
func doubledStems(v string) []string {
	n := len(v)
	if n < 3 || isVowel(v, n-1) || strings.ContainsRune("wxy", rune(v[n-1])) || !isVowel(v, n-2) || isVowel(v, n-3) {
		return []string{v}
	}
	doubled := v + v[n-1:]
	switch {
	case syllables(v) == 1 || slices.Contains(stressedLast, v):
		return []string{doubled}
	case v[n-1] == 'l':
		return []string{v, doubled}
	}
	return []string{v}
}

// isVowel reports whether the letter at i of w is a vowel; the u of "qu"
// is not.
func isVowel(w string, i int) bool {
	if !strings.ContainsRune("aeiou", rune(w[i])) {
		return false
	}
	return w[i] != 'u' || i == 0 || w[i-1] != 'q'
}

// syllables counts the groups of vowels in w.
func syllables(w string) int {
	n := 0
	for i := range len(w) {
		if isVowel(w, i) && (i == 0 || !isVowel(w, i-1)) {
			n++
		}
	}
	return n
}
