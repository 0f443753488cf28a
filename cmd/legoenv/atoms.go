package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/store"
)

func init() { commands = append(commands, newAtomsCmd) }

func newAtomsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "atoms",
		Short: "Inspect the atoms of a library and their versions",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	c.AddCommand(newAtomsHistoryCmd())
	return c
}

// historyRow is one version of an atom in 'atoms history'.
type historyRow struct {
	Kind      atom.Kind `json:"kind"`
	ID        string    `json:"id"`
	Version   string    `json:"version"`
	Head      bool      `json:"head"`
	File      string    `json:"file,omitempty"`
	Parent    string    `json:"parent,omitempty"`
	RootCause string    `json:"root_cause,omitempty"`
	Repairer  string    `json:"repairer,omitempty"`
	Round     int       `json:"round,omitempty"`
	Fixed     []string  `json:"fixed,omitempty"`
	Time      string    `json:"time,omitempty"`
	Note      string    `json:"note,omitempty"`
	StoreOnly bool      `json:"store_only,omitempty"` // known to the database, not in the library
}

func newAtomsHistoryCmd() *cobra.Command {
	var (
		dir, db string
		asJSON  bool
	)
	c := &cobra.Command{
		Use:   "history ATOM",
		Short: "Show the versions of an atom and where each came from (lineage)",
		Long: `History lists every version of an atom, oldest first, following the
lineage evolution records: for each version its parent, the root cause it
repairs, the repairer, the round, how many environments it fixed and when.
ATOM is an id, or kind/id when the id names atoms of several kinds.

With --db, versions recorded in that database but not present in the
library are listed too.`,
		Example: `  legoenv atoms history helpdesk --lib evolved
  legoenv atoms history server/helpdesk --lib evolved --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := loadLibrary(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			kind, id, err := findAtom(lib, args[0])
			if err != nil {
				return err
			}
			rows := history(lib, kind, id)
			if db != "" {
				st, err := store.Open(cmd.Context(), db)
				if err != nil {
					return badInput("%v", err)
				}
				defer st.Close()
				lins, err := st.LineageOf(cmd.Context(), string(kind), id)
				if err != nil {
					return failed("%v", err)
				}
				rows = addStored(rows, lins)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(out, map[string]any{"kind": kind, "id": id, "versions": rows})
			}
			return writeHistory(out, rows)
		},
	}
	libFlag(c, &dir)
	c.Flags().StringVar(&db, "db", "", "also list versions recorded in this SQLite database")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: {kind, id, versions: [{version, head, parent, root_cause, repairer, round, fixed, time}]}")
	return c
}

// findAtom resolves "id" or "kind/id".
func findAtom(lib *atom.Library, arg string) (atom.Kind, string, error) {
	if k, id, ok := strings.Cut(arg, "/"); ok {
		kind := atom.Kind(k)
		if lib.Head(kind, id) == nil {
			return "", "", badInput("no %s atom %q in the library", k, id)
		}
		return kind, id, nil
	}
	var kinds []atom.Kind
	for _, k := range atom.Kinds() {
		if lib.Head(k, arg) != nil {
			kinds = append(kinds, k)
		}
	}
	switch len(kinds) {
	case 0:
		return "", "", badInput("no atom %q in the library", arg)
	case 1:
		return kinds[0], arg, nil
	}
	var alts []string
	for _, k := range kinds {
		alts = append(alts, string(k)+"/"+arg)
	}
	return "", "", badInput("%q names atoms of several kinds; say which: %s", arg, strings.Join(alts, ", "))
}

// history orders an atom's versions from the oldest to the head: the
// head's lineage chain backwards, then versions outside the chain first.
func history(lib *atom.Library, k atom.Kind, id string) []historyRow {
	byVer := map[string]*atom.Entry{}
	for _, e := range lib.Versions(k, id) {
		byVer[e.Version] = e
	}
	var chain []*atom.Entry
	seen := map[string]bool{}
	for e := lib.Head(k, id); e != nil && !seen[e.Version]; {
		seen[e.Version] = true
		chain = append(chain, e)
		lin := atom.LineageOf(e.Atom)
		if lin == nil {
			break
		}
		e = byVer[lin.Parent]
	}
	var rest []*atom.Entry
	for _, e := range lib.Versions(k, id) {
		if !seen[e.Version] {
			rest = append(rest, e)
		}
	}
	var rows []historyRow
	for _, e := range rest {
		rows = append(rows, rowOf(e))
	}
	for i := len(chain) - 1; i >= 0; i-- {
		rows = append(rows, rowOf(chain[i]))
	}
	return rows
}

func rowOf(e *atom.Entry) historyRow {
	r := historyRow{Kind: e.Kind, ID: e.ID, Version: e.Version, Head: e.Head, File: e.File}
	if lin := atom.LineageOf(e.Atom); lin != nil {
		r.Parent, r.RootCause, r.Repairer, r.Round, r.Fixed, r.Time, r.Note = lin.Parent, lin.RootCause, lin.Repairer, lin.Round, lin.Fixed, lin.Time, lin.Note
	}
	return r
}

func addStored(rows []historyRow, lins []store.Lineage) []historyRow {
	have := map[string]bool{}
	for _, r := range rows {
		have[r.Version] = true
	}
	var extra []historyRow
	for _, l := range lins {
		if have[l.Version] {
			continue
		}
		extra = append(extra, historyRow{Kind: atom.Kind(l.Kind), ID: l.ID, Version: l.Version, Parent: l.Parent, RootCause: l.RootCause,
			Repairer: l.Repairer, Round: l.Round, Fixed: l.Fixed, Time: l.Time.UTC().Format("2006-01-02T15:04:05Z07:00"), StoreOnly: true})
	}
	sort.SliceStable(extra, func(i, j int) bool { return extra[i].Time < extra[j].Time })
	return append(extra, rows...)
}

func writeHistory(w io.Writer, rows []historyRow) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VERSION\tHEAD\tPARENT\tROUND\tROOT CAUSE\tREPAIRER\tFIXED\tTIME\tFILE")
	for _, r := range rows {
		head := ""
		if r.Head {
			head = "head"
		}
		file := r.File
		if r.StoreOnly {
			file = "(database only)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", r.Version, head, dash(r.Parent), roundText(r.Round), dash(r.RootCause),
			dash(r.Repairer), len(r.Fixed), dash(r.Time), file)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range rows {
		if r.Note != "" {
			fmt.Fprintf(w, "%s: %s\n", r.Version, r.Note)
		}
	}
	return nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func roundText(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}
