package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/gen"
)

// TestStreetIsNotTheSurname: a person's street is never named after
// their own surname (Yasmin Bergstrom does not live on Bergstrom Street),
// on any surname, a street's name among them, and on the records drawn.
func TestStreetIsNotTheSurname(t *testing.T) {
	for _, last := range append(append([]string{}, fixedLast...), streetNames...) {
		for _, first := range []string{"Ana", "Noor", "Yasmin", "Kalani"} {
			if s := streetOf(gen.Person{First: first, Last: last}); s == last {
				t.Errorf("%s %s lives on %s Street", first, last, s)
			}
		}
	}
	c := synthApps(t, 2, "bamboohr")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["bamboohr"]["employees"] {
			loc, _ := rec["location"].(string)
			last, _ := rec["lastName"].(string)
			if loc == "" || last == "" {
				continue
			}
			n++
			if strings.Contains(loc, " "+last+" Street") {
				t.Errorf("%s: %s %s lives at %q", d.ID, rec["firstName"], last, loc)
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d addresses read", n)
	}
}
