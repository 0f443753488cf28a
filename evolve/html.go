package evolve

import (
	"fmt"
	"html/template"
	"io"
)

// WriteHTML renders the report as one self-contained HTML page (no script,
// no outside resource): the verified share before and after each round, the
// root-cause Pareto before the first round and after the last, as bar
// charts in inline SVG, and each round's repairs.
func (r Report) WriteHTML(w io.Writer) error {
	return reportPage.Execute(w, newPage(r))
}

type bar struct {
	X, Y, W, H float64
	Class      string
	Label      string
	Title      string
}

type text struct {
	X, Y   float64
	Anchor string
	Text   string
}

type chart struct {
	Width, Height float64
	Bars          []bar
	Texts         []text
	Lines         []bar // axis and grid lines as thin bars
}

type page struct {
	Report   Report
	Shares   chart
	Pareto   chart
	Total    int
	Before   string
	After    string
	Accepted int
	Rejected int
}

const (
	barBefore = "before"
	barAfter  = "after"
)

func newPage(r Report) page {
	p := page{Report: r}
	for _, rd := range r.Rounds {
		p.Accepted += rd.Accepted
		p.Rejected += rd.Rejected
	}
	if n := len(r.Rounds); n > 0 {
		p.Total = r.Rounds[0].Total
		p.Before, p.After = pct(r.Rounds[0].ShareBefore), pct(r.Rounds[n-1].ShareAfter)
	}
	p.Shares = shareChart(r)
	p.Pareto = paretoChart(r)
	return p
}

// shareChart: per round, a bar for the share verified before and after.
func shareChart(r Report) chart {
	const top, plotH, left, group = 20.0, 200.0, 50.0, 120.0
	c := chart{Width: left + group*float64(max(1, len(r.Rounds))) + 20, Height: top + plotH + 40}
	for _, g := range []float64{0, 0.25, 0.5, 0.75, 1} {
		y := top + plotH*(1-g)
		c.Lines = append(c.Lines, bar{X: left, Y: y, W: c.Width - left - 10, H: 0.5, Class: "grid"})
		c.Texts = append(c.Texts, text{X: left - 6, Y: y + 4, Anchor: "end", Text: pct(g)})
	}
	for i, rd := range r.Rounds {
		x := left + group*float64(i) + 20
		for j, s := range []struct {
			share float64
			class string
		}{{rd.ShareBefore, barBefore}, {rd.ShareAfter, barAfter}} {
			h := plotH * s.share
			bx := x + float64(j)*40
			c.Bars = append(c.Bars, bar{X: bx, Y: top + plotH - h, W: 34, H: h, Class: s.class,
				Title: fmt.Sprintf("round %d %s: %s", rd.Round, s.class, pct(s.share))})
			c.Texts = append(c.Texts, text{X: bx + 17, Y: top + plotH - h - 4, Anchor: "middle", Text: pct(s.share)})
		}
		c.Texts = append(c.Texts, text{X: x + 37, Y: top + plotH + 18, Anchor: "middle", Text: fmt.Sprintf("round %d", rd.Round)})
	}
	return c
}

// paretoChart: per root cause, failing environments before the first round
// and after the last, largest first.
func paretoChart(r Report) chart {
	const left, rowH, plotW, top = 230.0, 34.0, 420.0, 10.0
	var rows []paretoPair
	if n := len(r.Rounds); n > 0 {
		rows = paretoTable(r.Rounds[0].ParetoBefore, r.Rounds[n-1].ParetoAfter)
	}
	c := chart{Width: left + plotW + 60, Height: top + rowH*float64(max(1, len(rows))) + 10}
	most := 1
	for _, row := range rows {
		most = max(most, row.Before, row.After)
	}
	for i, row := range rows {
		y := top + rowH*float64(i)
		c.Texts = append(c.Texts, text{X: left - 8, Y: y + 17, Anchor: "end", Text: string(row.Code)})
		for j, v := range []struct {
			n     int
			class string
		}{{row.Before, barBefore}, {row.After, barAfter}} {
			w := plotW * float64(v.n) / float64(most)
			by := y + float64(j)*13 + 3
			c.Bars = append(c.Bars, bar{X: left, Y: by, W: w, H: 12, Class: v.class,
				Title: fmt.Sprintf("%s %s: %d", row.Code, v.class, v.n)})
			c.Texts = append(c.Texts, text{X: left + w + 4, Y: by + 10, Anchor: "start", Text: fmt.Sprint(v.n)})
		}
	}
	if len(rows) == 0 {
		c.Texts = append(c.Texts, text{X: 10, Y: top + 20, Anchor: "start", Text: "no failing environments"})
	}
	return c
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":    pct,
	"short":  short,
	"pareto": func(rd Round) []paretoPair { return paretoTable(rd.ParetoBefore, rd.ParetoAfter) },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>legoenv evolution report</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; }
.accepted { color: #1a7f37; } .rejected { color: #b42318; }
svg text { font-size: 12px; fill: #333; }
rect.before { fill: #9aa5b1; } rect.after { fill: #2f7ed8; } rect.grid { fill: #ccc; }
.legend span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: middle; }
.small { color: #666; font-size: 12px; }
</style>
</head>
<body>
<h1>Evolution report</h1>
<p>{{.Total}} environments; verified share {{.Before}} before the first round, {{.After}} after the last;
{{.Accepted}} repairs accepted, {{.Rejected}} rejected over {{len .Report.Rounds}} round(s).</p>
<p class="legend"><span style="background:#9aa5b1"></span>before<span style="background:#2f7ed8"></span>after</p>

<h2>Verified share</h2>
{{template "chart" .Shares}}

<h2>Root causes of the failing environments</h2>
{{template "chart" .Pareto}}

{{range .Report.Rounds}}
<h2>Round {{.Round}}{{if not .Complete}} (stopped before its end){{end}}</h2>
<p>{{.Total}} environments, verified {{.VerifiedBefore}} &rarr; {{.VerifiedAfter}} ({{pct .ShareBefore}} &rarr; {{pct .ShareAfter}});
{{.Proposed}} proposed, {{.Accepted}} accepted, {{.Rejected}} rejected.</p>
{{if .Repairs}}
<table>
<tr><th>atom</th><th>root cause</th><th>repairer</th><th>result</th><th class="n">blocked</th><th class="n">fixed (fan-out)</th><th class="n">broken</th><th>version</th><th>why</th></tr>
{{range .Repairs}}<tr><td>{{.Atom}}</td><td>{{.RootCause}}</td><td>{{.Repairer}}</td>
<td class="{{if .Accepted}}accepted{{else}}rejected{{end}}">{{if .Accepted}}accepted{{else}}rejected{{end}}</td>
<td class="n">{{.Blocked}}</td><td class="n">{{.Fixed}}</td><td class="n">{{.Broken}}</td>
<td><code>{{short .Parent}}</code> &rarr; <code>{{short .Version}}</code></td><td class="small">{{.Reason}}</td></tr>
{{end}}</table>
{{end}}
{{if .Skipped}}
<table>
<tr><th>left alone</th><th>root cause</th><th>repairer</th><th class="n">blocked</th><th>why</th></tr>
{{range .Skipped}}<tr><td>{{.Atom}}</td><td>{{.RootCause}}</td><td>{{if .Repairer}}{{.Repairer}}{{else}}-{{end}}</td><td class="n">{{.Blocked}}</td><td class="small">{{.Reason}}</td></tr>
{{end}}</table>
{{end}}
<table>
<tr><th>root cause</th><th class="n">failing before</th><th class="n">failing after</th></tr>
{{range pareto .}}<tr><td>{{.Code}}</td><td class="n">{{.Before}}</td><td class="n">{{.After}}</td></tr>
{{else}}<tr><td>(none)</td><td class="n">0</td><td class="n">0</td></tr>
{{end}}</table>
{{end}}
</body>
</html>
{{define "chart"}}<svg xmlns="http://www.w3.org/2000/svg" width="{{.Width}}" height="{{.Height}}" viewBox="0 0 {{.Width}} {{.Height}}" role="img">
{{range .Lines}}<rect class="{{.Class}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}"/>
{{end}}{{range .Bars}}<rect class="{{.Class}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}"><title>{{.Title}}</title></rect>
{{end}}{{range .Texts}}<text x="{{.X}}" y="{{.Y}}" text-anchor="{{.Anchor}}">{{.Text}}</text>
{{end}}</svg>{{end}}
`))
