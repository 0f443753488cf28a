package episode

import (
	"strconv"
	"sync"
	"unsafe"

	"github.com/legoenv/legoenv/state"
)

// A server writes each observation into its JSON reply as a string, and
// quoting a search's result there (JSON itself, with a quote every few
// bytes) was the largest part of what a step cost the server beyond its
// HTTP stack. A session that asks for it (SessionOptions.Quoted) has its
// searches and gets gather the quoted form beside the result, from base
// records' JSON kept quoted once for every session of the world, and the
// observation carries it to Observation.AppendJSON.

// memoQuotedJSON is the slot of a record's JSON (storedJSON's) written as
// the inside of a JSON string.
const memoQuotedJSON = 3

// quotedJSON is a tool's result written as JSON (text) and as the inside
// of a JSON string holding that JSON, in pieces (head, the items between
// commas, tail): the items are the stored records' own, so that a
// result's quoting is copied once, into the reply. A result is one
// allocation, *quotedJSON, which the observation points at; a get's, its
// one item held in one, is kept for every session (storedResult).
type quotedJSON struct {
	text       Encoded
	head, tail string
	items      []string
	one        [1]string
}

// appendQuoted appends the quoting of the result.
func (q *quotedJSON) appendQuoted(b []byte) []byte {
	b = append(b, q.head...)
	for i, s := range q.items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, s...)
	}
	return append(b, q.tail...)
}

// storedQuoted is text, the stored JSON of the base record at pos of c,
// written as the inside of a JSON string, kept once for every session.
func storedQuoted(c *state.Collection, pos int, text Encoded) string {
	return storedResult(c, pos, text).one[0]
}

// storedResult is a get's result of the base record at pos of c, text
// (its stored JSON), with its quoting: one value kept for every session,
// which no one changes.
func storedResult(c *state.Collection, pos int, text Encoded) *quotedJSON {
	v := c.MemoIn(memoQuotedJSON, pos, func(state.Record) any {
		q := &quotedJSON{text: text, one: [1]string{string(appendJSONEscaped(nil, string(text)))}}
		q.items = q.one[:]
		return q
	})
	return v.(*quotedJSON)
}

// withQuoted is a get's result, with its quoting where the session asks
// for it and the result is the record's stored JSON.
func withQuoted(cx *Context, full string, pos int, v any) any {
	text, ok := v.(Encoded)
	if !cx.quote || !ok {
		return v
	}
	return storedResult(cx.State.Base().Collection(full), pos, text)
}

// quoteBuilder gathers, beside a search's JSON, its quoting: a stored
// record's is its quoted JSON, kept for every session; a record the
// session wrote is quoted here. The items gather in a pooled list and
// the result keeps a copy sized to the results found rather than to the
// most the search could find.
type quoteBuilder struct {
	items  []string
	pooled *[]string
	base   *state.Collection
}

// maxPooledItems is the longest list put back, so that one search of
// thousands of results does not stay in the pool.
const maxPooledItems = 1 << 10

// quoteItems hold a search's quoting while it is gathered.
var quoteItems = sync.Pool{New: func() any { return new([]string) }}

// newQuoteBuilder starts the quoting of a search of full.
func newQuoteBuilder(st *state.State, full string) quoteBuilder {
	p := quoteItems.Get().(*[]string)
	return quoteBuilder{items: (*p)[:0], pooled: p, base: st.Base().Collection(full)}
}

// add gathers the next result, v found at pos in the base, whose JSON is
// text.
func (q *quoteBuilder) add(v any, pos int, text []byte) {
	if stored, ok := v.(Encoded); ok && pos >= 0 {
		q.items = append(q.items, storedQuoted(q.base, pos, stored))
		return
	}
	q.items = append(q.items, escapedString(text))
}

// escapedString is text written as the inside of a JSON string, in one
// allocation where the escapes fit the room made for them (a quote every
// few bytes): growing from nothing, a record's took six, and two copies.
func escapedString(text []byte) string {
	b := appendJSONEscaped(make([]byte, 0, len(text)+len(text)/4+8), unsafe.String(unsafe.SliceData(text), len(text)))
	// b is this function's own and never written again.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// end gives the search's result, text, with its quoting, total results
// found in all.
func (q *quoteBuilder) end(text Encoded, total int) *quotedJSON {
	var room [32]byte
	return &quotedJSON{
		text:  text,
		head:  `{\"results\":[`,
		items: append([]string(nil), q.items...),
		tail:  string(append(strconv.AppendInt(append(room[:0], `],\"total\":`...), int64(total), 10), '}')),
	}
}

// release puts the pooled list back, holding nothing.
func (q *quoteBuilder) release() {
	if q.pooled == nil {
		return
	}
	if cap(q.items) <= maxPooledItems {
		clear(q.items)
		*q.pooled = q.items[:0]
		quoteItems.Put(q.pooled)
	}
	*q = quoteBuilder{}
}
