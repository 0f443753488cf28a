// Command docsrun runs every shell command that README.md and docs/*.md show
// in their code blocks, in order per file, in a clone of the repository,
// and fails naming the file, line and command of each one that fails
// (.ci/docs makes the clone and the binary).
//
//	docsrun -list [FILES]                           print the commands found
//	docsrun -clone DIR -bin LEGOENV -work DIR [FILES] run them
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/legoenv/legoenv/internal/doccmd"
)

func main() {
	if len(os.Args) > 2 && os.Args[1] == "shim" {
		os.Exit(shim(os.Args[2], os.Args[3:]))
	}
	var o options
	flag.BoolVar(&o.list, "list", false, "print the commands found and why any is skipped, run nothing")
	flag.StringVar(&o.clone, "clone", "", "the clone the commands run in")
	flag.StringVar(&o.bin, "bin", "", "the legoenv binary put on PATH")
	flag.StringVar(&o.work, "work", "", "a scratch directory: the /tmp of the commands, builds, logs")
	flag.StringVar(&o.buildSize, "build-size", "", "give builds that name no --size this one (a quick local check; CI runs every build at its documented size)")
	flag.Parse()
	os.Exit(o.main(flag.Args()))
}

type options struct {
	list                        bool
	clone, bin, work, buildSize string
}

func (o options) main(files []string) int {
	root := o.clone
	if o.list {
		root = "."
	} else if o.clone == "" || o.bin == "" || o.work == "" {
		fmt.Fprintln(os.Stderr, "docsrun: -clone, -bin and -work are needed to run the commands (or -list)")
		return 2
	}
	if len(files) == 0 {
		docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
		sort.Strings(docs)
		files = []string{"README.md"}
		for _, d := range docs {
			rel, _ := filepath.Rel(root, d)
			files = append(files, rel)
		}
	}
	perFile := map[string][]doccmd.Command{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			fmt.Fprintln(os.Stderr, "docsrun:", err)
			return 2
		}
		perFile[f] = doccmd.Extract(f, string(data))
	}
	if o.list {
		for _, f := range files {
			for _, c := range perFile[f] {
				fmt.Printf("%s:%d: %s\n", c.File, c.Line, c.Text)
				if c.Skip != "" {
					fmt.Printf("    skipped: %s\n", c.Skip)
				}
			}
		}
		return 0
	}
	return o.run(files, perFile)
}
