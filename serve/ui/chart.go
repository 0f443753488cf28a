package ui

import (
	"fmt"
	"html/template"
	"strings"
)

// Charts are SVG drawn on the server: no script, no library, and a page
// that prints and screenshots the same as it shows.

// bar is one row of a horizontal bar chart; Values are drawn side by side
// (one per series).
type bar struct {
	Label  string
	Values []float64
	Href   string // optional link on the label
}

// series names the values of a chart's bars and gives each a CSS class.
type series struct {
	Name  string
	Class string
}

// hbarChart draws labelled horizontal bars, one group per bar, with a
// legend. format renders a value next to its bar.
func hbarChart(id, title string, ss []series, bars []bar, format func(float64) string) template.HTML {
	const (
		labelW = 260
		plotW  = 420
		barH   = 14
		gap    = 10
		top    = 44
	)
	groupH := barH*len(ss) + gap
	height := top + groupH*len(bars) + 8
	maxV := 0.0
	for _, b := range bars {
		for _, v := range b.Values {
			maxV = max(maxV, v)
		}
	}
	if maxV == 0 {
		maxV = 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" id="%s" role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`,
		esc(id), esc(title), labelW+plotW+70, height, labelW+plotW+70, height)
	fmt.Fprintf(&sb, `<title>%s</title><text class="title" x="8" y="16">%s</text>`, esc(title), esc(title))
	x := labelW
	for _, s := range ss {
		fmt.Fprintf(&sb, `<rect class="%s" x="%d" y="24" width="12" height="12"/><text x="%d" y="34">%s</text>`, esc(s.Class), x, x+16, esc(s.Name))
		x += 24 + 8*len(s.Name)
	}
	for i, b := range bars {
		y := top + i*groupH
		label := b.Label
		if len(label) > 40 {
			label = label[:37] + "..."
		}
		ly := y + barH*len(ss)/2 + 4
		if b.Href != "" {
			fmt.Fprintf(&sb, `<a href="%s"><text class="label" x="%d" y="%d" text-anchor="end">%s</text></a>`, esc(b.Href), labelW-8, ly, esc(label))
		} else {
			fmt.Fprintf(&sb, `<text class="label" x="%d" y="%d" text-anchor="end">%s</text>`, labelW-8, ly, esc(label))
		}
		for j, v := range b.Values {
			if j >= len(ss) {
				break
			}
			w := int(float64(plotW) * v / maxV)
			if v > 0 && w < 1 {
				w = 1
			}
			by := y + j*barH
			fmt.Fprintf(&sb, `<rect class="bar %s" x="%d" y="%d" width="%d" height="%d"><title>%s: %s</title></rect>`,
				esc(ss[j].Class), labelW, by, w, barH-2, esc(ss[j].Name), esc(format(v)))
			fmt.Fprintf(&sb, `<text class="value" x="%d" y="%d">%s</text>`, labelW+w+4, by+barH-4, esc(format(v)))
		}
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String()) // built from escaped parts only
}

// histogram draws the counts of integer values as vertical bars, one per
// value from the smallest to the largest.
func histogram(id, title, xLabel string, counts map[int]int) template.HTML {
	const (
		plotH = 160
		left  = 40
		top   = 36
	)
	lo, hi := 0, 0
	first := true
	maxC := 0
	for v, c := range counts {
		if first || v < lo {
			lo = v
		}
		if first || v > hi {
			hi = v
		}
		first = false
		maxC = max(maxC, c)
	}
	n := hi - lo + 1
	if first {
		n = 0
	}
	barW := 28
	if n > 20 {
		barW = max(6, 560/n)
	}
	width := max(left+n*(barW+4)+20, 8*len(title)+16)
	height := top + plotH + 40
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" id="%s" role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`,
		esc(id), esc(title), width, height, width, height)
	fmt.Fprintf(&sb, `<title>%s</title><text class="title" x="8" y="16">%s</text>`, esc(title), esc(title))
	fmt.Fprintf(&sb, `<line class="axis" x1="%d" y1="%d" x2="%d" y2="%d"/>`, left, top+plotH, width-10, top+plotH)
	fmt.Fprintf(&sb, `<text class="label" x="%d" y="%d">%s</text>`, left, height-4, esc(xLabel))
	for i := 0; i < n; i++ {
		v := lo + i
		c := counts[v]
		h := 0
		if maxC > 0 {
			h = plotH * c / maxC
		}
		if c > 0 && h < 1 {
			h = 1
		}
		x := left + i*(barW+4)
		fmt.Fprintf(&sb, `<rect class="bar s0" x="%d" y="%d" width="%d" height="%d"><title>%d: %d</title></rect>`, x, top+plotH-h, barW, h, v, c)
		if c > 0 {
			fmt.Fprintf(&sb, `<text class="value" x="%d" y="%d" text-anchor="middle">%d</text>`, x+barW/2, top+plotH-h-3, c)
		}
		if n <= 20 || i%5 == 0 {
			fmt.Fprintf(&sb, `<text class="tick" x="%d" y="%d" text-anchor="middle">%d</text>`, x+barW/2, top+plotH+14, v)
		}
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String()) // built from escaped parts only
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

func count(f float64) string { return fmt.Sprintf("%.0f", f) }
