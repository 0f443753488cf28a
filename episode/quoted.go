package episode

import (
	"strconv"
	"sync"

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
// of a JSON string holding that JSON, in pieces (quoted): the pieces are
// the stored records' own, so that a result's quoting is copied once, into
// the reply. A result is one allocation, *quotedJSON: the observation
// points at its quoted, and a get's one piece is held in one.
type quotedJSON struct {
	text   Encoded
	quoted []string
	one    [1]string
}

// storedQuoted is text, the stored JSON of the base record at pos of c,
// written as the inside of a JSON string, kept once for every session.
func storedQuoted(c *state.Collection, pos int, text Encoded) string {
	v := c.MemoIn(memoQuotedJSON, pos, func(state.Record) any {
		return string(appendJSONEscaped(nil, string(text)))
	})
	return v.(string)
}

// withQuoted is a get's result, with its quoting where the session asks
// for it and the result is the record's stored JSON.
func withQuoted(cx *Context, full string, pos int, v any) any {
	text, ok := v.(Encoded)
	if !cx.quote || !ok {
		return v
	}
	q := &quotedJSON{text: text, one: [1]string{storedQuoted(cx.State.Base().Collection(full), pos, text)}}
	q.quoted = q.one[:]
	return q
}

// quoteBuilder gathers, beside a search's JSON, its quoting: a stored
// record's is its quoted JSON, kept for every session; a record the
// session wrote is quoted here. The pieces gather in a pooled list and
// end copies them into one of their own, sized to the results found
// rather than to the most the search could find.
type quoteBuilder struct {
	parts  []string
	pooled *[]string
	base   *state.Collection
}

// maxPooledParts is the longest list put back, so that one search of
// thousands of results does not stay in the pool.
const maxPooledParts = 1 << 10

// quoteParts hold a search's quoting while it is gathered.
var quoteParts = sync.Pool{New: func() any { return new([]string) }}

// newQuoteBuilder starts the quoting of a search of full.
func newQuoteBuilder(st *state.State, full string) quoteBuilder {
	p := quoteParts.Get().(*[]string)
	return quoteBuilder{parts: append((*p)[:0], `{\"results\":[`), pooled: p, base: st.Base().Collection(full)}
}

// add gathers the n-th result (from 0), v found at pos in the base, whose
// JSON is text.
func (q *quoteBuilder) add(n int, v any, pos int, text []byte) {
	if n > 0 {
		q.parts = append(q.parts, ",")
	}
	if stored, ok := v.(Encoded); ok && pos >= 0 {
		q.parts = append(q.parts, storedQuoted(q.base, pos, stored))
		return
	}
	q.parts = append(q.parts, string(appendJSONEscaped(nil, string(text))))
}

// end gathers the total and gives the quoting.
func (q *quoteBuilder) end(total int) []string {
	out := make([]string, len(q.parts)+1)
	copy(out, q.parts)
	var room [32]byte
	out[len(q.parts)] = string(append(strconv.AppendInt(append(room[:0], `],\"total\":`...), int64(total), 10), '}'))
	return out
}

// release puts the pooled list back, holding nothing.
func (q *quoteBuilder) release() {
	if q.pooled == nil {
		return
	}
	if cap(q.parts) <= maxPooledParts {
		clear(q.parts)
		*q.pooled = q.parts[:0]
		quoteParts.Put(q.pooled)
	}
	*q = quoteBuilder{}
}
