package atom

// estimateNodes counts, without parsing, about how many YAML nodes data
// holds, aliases counted once: every scalar, collection, alias and
// document, plus the empty values YAML fills in. It reads each byte once
// and allocates nothing, so a file can be refused before its tree is
// built (the tree and the values made from it take some 500 bytes a
// node). It counts high where the text is ambiguous to a scanner: an
// indicator ("- ", "key:" at the end of a line) counts as a node whether
// or not one follows, and a plain scalar that runs over several lines
// counts once per line.
func estimateNodes(data []byte) int {
	s := nodeScanner{data: data}
	for s.i < len(s.data) {
		s.line()
	}
	return s.n
}

// nodeScanner walks a YAML text line by line.
type nodeScanner struct {
	data []byte
	i    int
	n    int
	flow []byte // open flow collections, '[' or '{'
	// flowCol is the column where the outermost open flow collection began.
	flowCol int
	block   int  // column of the entry whose value is the open block scalar
	open    bool // inside a block scalar
	quote   byte // inside a quoted scalar that runs over lines
	docs    bool // a document has begun
	key     bool // in a flow mapping, where a key is due
	// inPlain: a plain scalar ran to its line's end; a line indented past
	// column plain (any line, in a flow collection) goes on with its
	// text, quotes and all. plain is the column of the scalar's block
	// entry (its key or "-"), or one less than its own column when it
	// stands alone on its line, since its entry is further out (a bare
	// scalar at a document's root goes on with every line but a
	// document marker). entry is the column of the line's latest block
	// entry.
	inPlain      bool
	plain, entry int
}

// line scans one line from s.i to just past its newline.
func (s *nodeScanner) line() {
	start := s.i
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t') {
		s.i++
	}
	indent := s.i - start
	if s.open {
		if s.i >= len(s.data) || s.eolAt(s.i) || indent > s.block {
			s.skipLine()
			return
		}
		s.open = false
	}
	s.entry = indent
	blank := s.i >= len(s.data) || s.eolAt(s.i)
	if s.inPlain && !blank {
		goesOn := s.data[s.i] != '#' && !s.docMarker(indent) && (len(s.flow) > 0 || indent > s.plain)
		if goesOn {
			s.skipPlain()
		}
		// A line the scalar's text fills leaves it open for the next.
		s.inPlain = goesOn && (s.i >= len(s.data) || s.eolAt(s.i))
	}
	if s.quote != 0 && s.docMarker(indent) {
		s.quote = 0 // no quoted scalar runs past a document marker
	}
	if s.quote != 0 {
		s.skipQuoted(s.quote)
	}
	if !s.docs && s.i < len(s.data) && !s.eolAt(s.i) && s.data[s.i] != '#' && s.data[s.i] != '%' {
		s.docs = true
		s.n += 2 // the document and its root
	}
	for s.i < len(s.data) && !s.eolAt(s.i) {
		s.token(start, indent)
	}
	s.nextLine()
}

func (s *nodeScanner) skipLine() {
	for s.i < len(s.data) && !s.eolAt(s.i) {
		s.i++
	}
	s.nextLine()
}

// spaceAt reports whether position j is a space, a line end or past the end.
func (s *nodeScanner) spaceAt(j int) bool {
	return j >= len(s.data) || s.data[j] == ' ' || s.data[j] == '\t' || s.eolAt(j)
}

// restEmpty reports whether only spaces or a comment follow position j on
// its line.
func (s *nodeScanner) restEmpty(j int) bool {
	for ; j < len(s.data) && !s.eolAt(j); j++ {
		switch s.data[j] {
		case ' ', '\t', '\r':
		case '#':
			return true
		default:
			return false
		}
	}
	return true
}

// token scans one token of a line whose text starts at start.
func (s *nodeScanner) token(start, indent int) {
	c := s.data[s.i]
	next := s.i + 1
	col := s.i - start
	if c != ' ' && c != '\t' && c != '\r' {
		s.inPlain = false
	}
	atStart := s.i == start+indent
	switch {
	case c == ' ' || c == '\t' || c == '\r':
		s.i++
	case c == '#' && (atStart || s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t'):
		s.skipRest()
	case atStart && indent == 0 && c == '%', atStart && s.docMarker(indent) && c == '.':
		s.skipRest()
	case atStart && s.docMarker(indent) && s.data[s.i] == '-':
		s.n += 2
		s.i += 3
		s.entry = -1 // what follows on the line is the root, as a bare line's would be
	case c == '"' || c == '\'':
		s.n++
		s.i++
		s.skipQuoted(c)
		s.keyAt(col)
		s.nullAfterKey()
	case c == '[' || c == '{':
		s.openFlow(c, col)
	case c == ']' || c == '}':
		s.closeFlow()
	case c == ',':
		s.key = len(s.flow) > 0 && s.flow[len(s.flow)-1] == '{'
		s.i++
	case c == '-' && len(s.flow) == 0 && s.spaceAt(next):
		s.n++
		s.entry = col
		s.i++
	case c == '?' && (s.spaceAt(next) || len(s.flow) > 0):
		// In a flow collection "?" opens a key even with no space after
		// it ([?a] is [{a: null}]), as the YAML parser reads it.
		s.n += 3 // a key and its value, either maybe empty, and in a flow list their mapping
		s.i++
	case c == ':' && (s.spaceAt(next) || len(s.flow) > 0):
		if s.restEmpty(next) || len(s.flow) > 0 && s.emptyFlowValue(next) {
			s.n++
		}
		if len(s.flow) > 0 && s.flow[len(s.flow)-1] == '[' {
			s.n++ // a pair in a flow list is a mapping of its own ([a: 1])
		}
		s.key = false
		s.i++
	case c == '&' || c == '!' || c == '*':
		// An alias is a node; so, counted high, is an anchor or a tag,
		// which may stand for an empty one ("key: !tag").
		s.n++
		s.skipName(c == '!')
	case (c == '|' || c == '>') && len(s.flow) == 0:
		s.n++
		s.open, s.block = true, s.entry
		s.skipRest()
	default:
		s.plainScalar(col, atStart, indent)
	}
}

// openFlow counts a flow collection opened by c at column col.
func (s *nodeScanner) openFlow(c byte, col int) {
	s.n++
	if len(s.flow) == 0 {
		s.flowCol = col
	}
	s.flow = append(s.flow, c)
	s.key = c == '{'
	s.i++
}

// closeFlow ends the innermost flow collection.
func (s *nodeScanner) closeFlow() {
	if len(s.flow) > 0 {
		s.flow = s.flow[:len(s.flow)-1]
	}
	s.i++
	if len(s.flow) == 0 && s.i < len(s.data) && s.data[s.i] == ':' {
		s.entry = s.flowCol // a block mapping's key ({a: 1}: b)
	}
	// A collection as a flow mapping's key without a value ({[a]}),
	// counted high: after a value, a "," follows just the same.
	s.key = true
	s.nullAfterKey()
}

// plainScalar counts a plain scalar at column col; one that ends its line
// may go on at the next (alone on its line, as deep as the line's indent).
func (s *nodeScanner) plainScalar(col int, atStart bool, indent int) {
	s.n++
	s.skipPlain()
	s.keyAt(col)
	if s.i >= len(s.data) || s.eolAt(s.i) {
		s.inPlain, s.plain = true, s.entry
		if atStart {
			s.plain = indent - 1
		}
	}
	s.nullAfterKey()
}

// keyAt notes a block mapping's key at column col when a ":" follows the
// scalar just skipped.
func (s *nodeScanner) keyAt(col int) {
	if len(s.flow) == 0 && s.quote == 0 && s.i < len(s.data) && s.data[s.i] == ':' {
		s.entry = col
	}
}

// docMarker reports whether the line at s.i, indented by indent, is a
// document's start or end ("---" or "...").
func (s *nodeScanner) docMarker(indent int) bool {
	return indent == 0 && (hasPrefixAt(s.data, s.i, "---") || hasPrefixAt(s.data, s.i, "...")) && s.spaceAt(s.i+3)
}

// eolAt reports whether a line break starts at position j: "\n", "\r",
// or one of the breaks YAML's parser also takes (U+0085, U+2028, U+2029).
func (s *nodeScanner) eolAt(j int) bool {
	return s.breakWidth(j) > 0
}

// breakWidth is the length in bytes of the line break at position j, or 0.
func (s *nodeScanner) breakWidth(j int) int {
	switch d := s.data[j:]; {
	case len(d) == 0:
		return 0
	case d[0] == '\n' || d[0] == '\r':
		return 1
	case len(d) >= 2 && d[0] == 0xC2 && d[1] == 0x85:
		return 2
	case len(d) >= 3 && d[0] == 0xE2 && d[1] == 0x80 && (d[2] == 0xA8 || d[2] == 0xA9):
		return 3
	}
	return 0
}

// nextLine moves s.i past the line break at s.i, if any.
func (s *nodeScanner) nextLine() {
	s.i += max(s.breakWidth(s.i), 1)
}

func hasPrefixAt(b []byte, i int, p string) bool {
	return len(b)-i >= len(p) && string(b[i:i+len(p)]) == p
}

func (s *nodeScanner) skipRest() {
	for s.i < len(s.data) && !s.eolAt(s.i) {
		s.i++
	}
}

// skipName skips an anchor, alias or tag. A tag runs to the next space,
// as the YAML parser reads it: "[", "]", "," and ":" are characters of
// its URI, and any other ends the tag in an error.
func (s *nodeScanner) skipName(tag bool) {
	for s.i++; s.i < len(s.data) && !s.spaceAt(s.i) && (tag || !isFlowIndicator(s.data[s.i]) && s.data[s.i] != ':'); s.i++ {
	}
}

func isFlowIndicator(c byte) bool { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}' }

// emptyFlowValue reports whether a flow value is missing after position j
// (": ," or ":}").
func (s *nodeScanner) emptyFlowValue(j int) bool {
	for ; j < len(s.data); j++ {
		switch s.data[j] {
		case ' ', '\t', '\r', '\n':
		case ',', '}', ']':
			return true
		case 0xC2, 0xE2:
			if !s.eolAt(j) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// nullAfterKey counts the empty value of a flow mapping's key that has no
// ":" after it ({a, b}). A ":" on a later line is no value indicator: it
// goes on with a plain key ({a\n:b} is the key "a :b") or is an error.
func (s *nodeScanner) nullAfterKey() {
	if !s.key || len(s.flow) == 0 || s.flow[len(s.flow)-1] != '{' {
		return
	}
	s.key = false
	for j := s.i; j < len(s.data); j++ {
		switch s.data[j] {
		case ' ', '\t':
		case ':':
			return
		default:
			s.n++ // a line break, a flow indicator or more of the key
			return
		}
	}
}

// skipQuoted skips to just past the closing quote q, across lines; a
// line end inside the quotes leaves s.quote set for the next line.
func (s *nodeScanner) skipQuoted(q byte) {
	s.quote = 0
	for ; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case s.eolAt(s.i):
			s.quote = q
			return
		case q == '"' && c == '\\':
			if s.i+1 < len(s.data) && !s.eolAt(s.i+1) {
				s.i++
			}
		case c == q:
			if q == '\'' && s.i+1 < len(s.data) && s.data[s.i+1] == '\'' {
				s.i++
				continue
			}
			s.i++
			return
		}
	}
}

// skipPlain skips a plain scalar: to ": ", " #" or the line's end, and
// in a flow collection to a flow indicator too.
func (s *nodeScanner) skipPlain() {
	inFlow := len(s.flow) > 0
	for ; s.i < len(s.data) && !s.eolAt(s.i); s.i++ {
		c := s.data[s.i]
		switch {
		case c == ':' && (s.spaceAt(s.i+1) || inFlow && s.i+1 < len(s.data) && isFlowIndicator(s.data[s.i+1])):
			return
		case c == '#' && (s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t'):
			return
		case inFlow && isFlowIndicator(c):
			return
		}
	}
}
