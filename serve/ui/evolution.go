package ui

import (
	"fmt"
	"html/template"
	"net/http"
	"sort"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/verify"
)

type evolutionPage struct {
	page
	Rounds []roundView
	None   bool
}

type roundView struct {
	evolve.Round
	Share  template.HTML
	Pareto template.HTML
	FanOut template.HTML
	Rows   []repairRow
}

type repairRow struct {
	evolve.Repair
	Kind, ID string
}

func (r repairRow) Href() string { return "/ui/atoms/" + r.Kind + "/" + r.ID }

func (u *UI) evolutionPage(w http.ResponseWriter, _ *http.Request) {
	p := evolutionPage{page: page{Title: "Evolution", Tab: "evolution"}}
	if u.opts.Report == nil || len(u.opts.Report.Rounds) == 0 {
		p.None = true
		u.render(w, http.StatusOK, "evolution.html", p)
		return
	}
	for _, rd := range u.opts.Report.Rounds {
		p.Rounds = append(p.Rounds, roundOf(rd))
	}
	u.render(w, http.StatusOK, "evolution.html", p)
}

func roundOf(rd evolve.Round) roundView {
	n := rd.Round
	v := roundView{Round: rd}
	v.Share = hbarChart(fmt.Sprintf("share-%d", n), fmt.Sprintf("Round %d: verified share before and after", n),
		[]series{{"verified share", "s0"}},
		[]bar{{Label: "before", Values: []float64{rd.ShareBefore}}, {Label: "after", Values: []float64{rd.ShareAfter}}}, pct)
	v.Pareto = hbarChart(fmt.Sprintf("pareto-%d", n), fmt.Sprintf("Round %d: root-cause Pareto", n),
		[]series{{"before", "s1"}, {"after", "s0"}}, paretoBars(rd.ParetoBefore, rd.ParetoAfter), count)
	var fan []bar
	for _, r := range rd.Repairs {
		kind, id := splitAtom(r.Atom)
		v.Rows = append(v.Rows, repairRow{Repair: r, Kind: kind, ID: id})
		if r.Accepted {
			fan = append(fan, bar{Label: r.Atom, Values: []float64{float64(r.Fixed)}, Href: "/ui/atoms/" + kind + "/" + id})
		}
	}
	sort.SliceStable(fan, func(i, j int) bool { return fan[i].Values[0] > fan[j].Values[0] })
	if len(fan) > 25 {
		fan = fan[:25]
	}
	if len(fan) > 0 {
		v.FanOut = hbarChart(fmt.Sprintf("fanout-%d", n), fmt.Sprintf("Round %d: environments each accepted repair fixed (top %d)", n, len(fan)),
			[]series{{"fixed", "s0"}}, fan, count)
	}
	return v
}

// paretoBars joins the Paretos before and after a round, in the order of
// the before one, then the causes that appeared.
func paretoBars(before, after []evolve.ParetoRow) []bar {
	var out []bar
	at := map[verify.Code]int{}
	for _, r := range before {
		at[r.Code] = len(out)
		out = append(out, bar{Label: string(r.Code), Values: []float64{float64(r.Count), 0}, Href: "/?verdict=failed&cause=" + string(r.Code)})
	}
	for _, r := range after {
		if i, ok := at[r.Code]; ok {
			out[i].Values[1] = float64(r.Count)
			continue
		}
		at[r.Code] = len(out)
		out = append(out, bar{Label: string(r.Code), Values: []float64{0, float64(r.Count)}, Href: "/?verdict=failed&cause=" + string(r.Code)})
	}
	return out
}

func splitAtom(s string) (kind, id string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return s[:i], s[i+1:]
		}
	}
	return "", s
}

type atomPage struct {
	page
	Kind, ID string
	Versions []versionView
	A, B     string
	Diff     []diffLine
	Same     bool
	Error    string
	Users    int // environments of the corpus that pin the head
}

type versionView struct {
	Version, File string
	Head          bool
	Lineage       *atom.Lineage
	DiffHref      string // against its parent
}

func (u *UI) atomPage(w http.ResponseWriter, r *http.Request) {
	kind, id := atom.Kind(r.PathValue("kind")), r.PathValue("id")
	lib := u.opts.Library
	if lib == nil {
		u.fail(w, http.StatusNotFound, "This server was started without a library; atom pages need one.")
		return
	}
	vs := lib.Versions(kind, id)
	if len(vs) == 0 {
		u.fail(w, http.StatusNotFound, fmt.Sprintf("No atom %s/%s in the library.", kind, id))
		return
	}
	p := atomPage{page: page{Title: string(kind) + "/" + id, Tab: "evolution"}, Kind: string(kind), ID: id}
	byVer := map[string]*atom.Entry{}
	for _, e := range vs {
		byVer[e.Version] = e
		vv := versionView{Version: e.Version, File: e.File, Head: e.Head, Lineage: atom.LineageOf(e.Atom)}
		if vv.Lineage != nil && vv.Lineage.Parent != "" {
			vv.DiffHref = fmt.Sprintf("/ui/atoms/%s/%s?a=%s&b=%s", kind, id, vv.Lineage.Parent, e.Version)
		}
		p.Versions = append(p.Versions, vv)
	}
	p.A, p.B = r.URL.Query().Get("a"), r.URL.Query().Get("b")
	if p.A == "" && p.B == "" && len(vs) > 1 {
		// By default, the head against the version before it.
		p.A, p.B = vs[len(vs)-2].Version, vs[len(vs)-1].Version
	}
	if p.A != "" || p.B != "" {
		ea, eb := byVer[p.A], byVer[p.B]
		switch {
		case ea == nil:
			p.Error = fmt.Sprintf("no version %q of %s/%s", p.A, kind, id)
		case eb == nil:
			p.Error = fmt.Sprintf("no version %q of %s/%s", p.B, kind, id)
		default:
			d, err := atomDiff(ea.Atom, eb.Atom)
			if err != nil {
				p.Error = err.Error()
			}
			p.Diff = d
			p.Same = err == nil && !changed(d)
		}
	}
	for _, e := range u.ix.list {
		if usesAtom(e, kind, id) {
			p.Users++
		}
	}
	u.render(w, http.StatusOK, "atom.html", p)
}

func usesAtom(e *entry, kind atom.Kind, id string) bool {
	r := e.env.Recipe
	switch kind {
	case atom.KindIntent:
		return r.Intent.ID == id
	case atom.KindData:
		return r.Data.ID == id
	case atom.KindServer:
		for _, p := range r.Servers {
			if p.ID == id {
				return true
			}
		}
	case atom.KindRule:
		for _, p := range r.Rules {
			if p.ID == id {
				return true
			}
		}
	}
	return false
}
