package ui

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Paging of the corpus page.
const (
	defaultPerPage = 50
	maxPerPage     = 500
	// maxPage bounds the page number so that page*per cannot overflow
	// (?page=9223372036854775807 used to give negative row numbers); any
	// page past the last is empty.
	maxPage = 1 << 30
)

type corpusPage struct {
	page
	Q        query
	Rows     []corpusRow
	Total    int
	All      int
	Known    int // environments with a computed verdict
	From, To int
	Prev     string // links; "" when there is none
	Next     string
	Pages    int

	Apps, Families, Rules, Causes []string
	Verdicts                      []string
}

type corpusRow struct {
	ID, Intent, Family, Instruction string
	Apps, Rules                     []string
	Plan                            int
	State, Cause                    string
}

// parseQuery reads the corpus filters from a URL. A malformed number is an
// error naming the parameter.
func parseQuery(v url.Values) (query, error) {
	q := query{
		Q: strings.TrimSpace(v.Get("q")), App: v.Get("app"), Family: v.Get("family"),
		Verdict: v.Get("verdict"), Cause: v.Get("cause"), Rule: v.Get("rule"),
		Page: 1, PerPage: defaultPerPage,
	}
	switch q.Verdict {
	case "", stateVerified, stateFailed, stateUnknown:
	default:
		return q, fmt.Errorf("verdict=%q: want verified, failed or unknown", q.Verdict)
	}
	var ok bool
	if q.Plan, ok = parseRange(v.Get("plan")); !ok {
		return q, fmt.Errorf("plan=%q: want a number of steps or a range (2-4, 3-, -2)", v.Get("plan"))
	}
	if q.Apps, ok = parseRange(v.Get("apps")); !ok {
		return q, fmt.Errorf("apps=%q: want a number of apps or a range (2-3)", v.Get("apps"))
	}
	for _, p := range []struct {
		name string
		dst  *int
		max  int
	}{{"page", &q.Page, maxPage}, {"per", &q.PerPage, maxPerPage}} {
		s := v.Get(p.name)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return q, fmt.Errorf("%s=%q: want a whole number from 1", p.name, s)
		}
		if p.max > 0 && n > p.max {
			n = p.max
		}
		*p.dst = n
	}
	return q, nil
}

// values renders q back into query parameters, for paging links.
func (q query) values(page int) url.Values {
	v := url.Values{}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	set("q", q.Q)
	set("app", q.App)
	set("family", q.Family)
	set("verdict", q.Verdict)
	set("cause", q.Cause)
	set("rule", q.Rule)
	set("plan", q.Plan.Text)
	set("apps", q.Apps.Text)
	if q.PerPage != defaultPerPage {
		v.Set("per", strconv.Itoa(q.PerPage))
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	return v
}

func (u *UI) corpusPage(w http.ResponseWriter, r *http.Request) {
	q, err := parseQuery(r.URL.Query())
	if err != nil {
		u.fail(w, http.StatusBadRequest, "Bad filter: "+err.Error())
		return
	}
	rows, total := u.ix.find(q)
	p := corpusPage{
		page: page{Title: "Corpus", Tab: "corpus"}, Q: q, Total: total, All: len(u.ix.list), Known: u.ix.known(),
		Apps: u.ix.apps, Families: u.ix.families, Rules: u.ix.rules, Causes: u.ix.causes(),
		Verdicts: []string{stateVerified, stateFailed, stateUnknown},
	}
	p.Pages = (total + q.PerPage - 1) / q.PerPage
	if len(rows) > 0 {
		p.From = (q.Page-1)*q.PerPage + 1
		p.To = p.From + len(rows) - 1
	}
	if q.Page > 1 {
		p.Prev = "/?" + q.values(q.Page-1).Encode()
	}
	if q.Page*q.PerPage < total {
		p.Next = "/?" + q.values(q.Page+1).Encode()
	}
	for _, rw := range rows {
		e := rw.e
		p.Rows = append(p.Rows, corpusRow{
			ID: e.env.ID, Intent: e.env.Intent.ID, Family: e.family, Instruction: e.env.Instruction,
			Apps: e.env.Apps, Rules: e.rules, Plan: rw.plan, State: rw.state, Cause: rw.cause,
		})
	}
	u.render(w, http.StatusOK, "corpus.html", p)
}
