package synth

import (
	"fmt"
	"os"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestSurveyDisplayKinds prints, with LEGOENV_SURVEY=1, one line per
// collection of the built-in servers with a name field: app.collection,
// the name field, how synthesis draws it (the noun, else collKind's kind
// and the name field's role). Read with docs' survey of names drawn from
// the work pool.
func TestSurveyDisplayKinds(t *testing.T) {
	if os.Getenv("LEGOENV_SURVEY") == "" {
		t.Skip("LEGOENV_SURVEY unset")
	}
	for _, e := range builtinServers(t).Heads(atom.KindServer) {
		m := newAppModel(e, nil)
		for _, cm := range m.colls {
			if cm.display == "" {
				continue
			}
			draw := cm.kind()
			switch {
			case cm.roles[cm.display] != atom.RoleTitle && cm.roles[cm.display] != "":
				draw = "role:" + cm.roles[cm.display]
			case cm.mailFolders():
				draw = "mail_folder"
			case cm.peopleLike():
				draw = "person"
			case atom.NounOf(cm.c) != "":
				draw = "noun:" + atom.NounOf(cm.c)
			}
			fmt.Printf("%s\t%s\t%s\n", cm.ref(), cm.display, draw)
		}
	}
}
