package episode

import (
	"strconv"

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
// the reply.
type quotedJSON struct {
	text   Encoded
	quoted []string
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
	return quotedJSON{text: text, quoted: []string{storedQuoted(cx.State.Base().Collection(full), pos, text)}}
}

// quoteBuilder gathers, beside a search's JSON, its quoting: a stored
// record's is its quoted JSON, kept for every session; a record the
// session wrote is quoted here.
type quoteBuilder struct {
	parts []string
	base  *state.Collection
}

// newQuoteBuilder makes room for the results a search of full can find:
// at most limit, and no more than the collection holds.
func newQuoteBuilder(st *state.State, full string, limit int) quoteBuilder {
	parts := make([]string, 1, 2*min(max(limit, 0), st.Len(full), 64)+2)
	parts[0] = `{\"results\":[`
	return quoteBuilder{parts: parts, base: st.Base().Collection(full)}
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
	return append(q.parts, `],\"total\":`+strconv.Itoa(total)+"}")
}
