package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestBoxTasksSpeakOfTheirFile synthesises Box: a task's message names no
// company other than the one its file's name names (the agrees rule by
// company); coherence finds no violation.
func TestBoxTasksSpeakOfTheirFile(t *testing.T) {
	tasks, bad := 0, 0
	for seed := int64(60); seed < 66; seed++ {
		c, servers := readWorld(t, seed, "box")
		tc := servers["box"].Collection("tasks")
		if !slices.ContainsFunc(tc.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "agrees" && inv.By == atom.AgreeCompany }) {
			tc.Invariants = append(tc.Invariants, atom.Invariant{Rule: "agrees", Fields: []string{"message", "file_id", "name"}, By: atom.AgreeCompany})
		}
		for _, d := range c.Data {
			files := map[string]bool{}
			for _, f := range d.Records["box"]["files"] {
				files[state.Text(f["id"])] = true
			}
			for _, tk := range d.Records["box"]["tasks"] {
				if files[state.Text(tk["file_id"])] && tk["message"] != nil {
					tasks++
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d tasks with a message on a file", tasks)
	if tasks < 10 {
		t.Errorf("drawn %d tasks; want more", tasks)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}

// TestBoxTextsPlaceTheOwnerAtHome synthesises Box: a task or comment on
// a file places the file's owner, one of the company's own people, at no
// company but the world's own ("Call Bastian at Quantum Health" on a file
// Bastian owns).
func TestBoxTextsPlaceTheOwnerAtHome(t *testing.T) {
	at := regexp.MustCompile(`\b([A-Z][a-z]+)(?: ([A-Z][\w'-]+))? at ((?:[A-Z][A-Za-z]+ ?)+)`)
	texts, bad := 0, 0
	for seed := int64(1); seed <= 12; seed++ {
		c, _ := readWorld(t, seed, "box", "slack")
		for _, d := range c.Data {
			if len(d.Records["box"]["files"]) == 0 {
				continue
			}
			_, host, _ := strings.Cut(state.Text(d.Records["box"]["files"][0]["owned_by"]), "@")
			labels := strings.Split(host, ".")
			home, _ := gen.CompanyAt(strings.Join(labels[max(0, len(labels)-2):], "."))
			owner := map[string]string{}
			for _, f := range d.Records["box"]["files"] {
				local, _, _ := strings.Cut(state.Text(f["owned_by"]), "@")
				first, _, _ := strings.Cut(local, ".")
				owner[state.Text(f["id"])] = strings.ToUpper(first[:1]) + first[1:]
			}
			for _, coll := range []string{"tasks", "comments"} {
				for _, r := range d.Records["box"][coll] {
					texts++
					first := owner[state.Text(r["file_id"])]
					for _, m := range at.FindAllStringSubmatch(state.Text(r["message"]), -1) {
						if (m[1] == first || m[2] == first) && strings.TrimSpace(m[3]) != home.Name {
							if bad++; bad <= 5 {
								t.Errorf("%s: %s %v places the file's owner elsewhere: %q", d.ID, coll, r["id"], r["message"])
							}
							break
						}
					}
				}
			}
		}
	}
	t.Logf("%d task and comment texts, %d placing the file's owner at another company", texts, bad)
	if texts == 0 {
		t.Errorf("no task or comment drawn")
	}
}
