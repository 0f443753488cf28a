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
	s := nodeScanner{data: data, plain: -1}
	for s.i < len(s.data) {
		s.line()
	}
	return s.n
}

// nodeScanner walks a YAML text line by line.
type nodeScanner struct {
	data  []byte
	i     int
	n     int
	flow  []byte // open flow collections, '[' or '{'
	block int    // column of the entry whose value is the open block scalar
	open  bool   // inside a block scalar
	quote byte   // inside a quoted scalar that runs over lines
	docs  bool   // a document has begun
	key   bool   // in a flow mapping, where a key is due
	// plain is the column of the block entry (its key or "-") whose plain
	// scalar ran to its line's end, -1 if none: a more indented line (any
	// line, in a flow collection) goes on with that scalar's text, quotes
	// and all. entry is the column of the line's latest block entry.
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
		if s.i >= len(s.data) || s.data[s.i] == '\n' || s.data[s.i] == '\r' || indent > s.block {
			s.skipLine()
			return
		}
		s.open = false
	}
	s.entry = indent
	blank := s.i >= len(s.data) || isEOL(s.data[s.i])
	if s.plain >= 0 && !blank {
		if s.data[s.i] != '#' && (len(s.flow) > 0 || indent > s.plain) {
			s.skipPlain()
		}
		s.plain = -1
	}
	if s.quote != 0 {
		s.skipQuoted(s.quote)
	}
	if !s.docs && s.i < len(s.data) && !isEOL(s.data[s.i]) && s.data[s.i] != '#' && s.data[s.i] != '%' {
		s.docs = true
		s.n += 2 // the document and its root
	}
	for s.i < len(s.data) && !isEOL(s.data[s.i]) {
		s.token(start, indent)
	}
	if s.plain == -2 {
		s.plain = s.entry
	}
	s.i++
}

func (s *nodeScanner) skipLine() {
	for s.i < len(s.data) && !isEOL(s.data[s.i]) {
		s.i++
	}
	s.i++
}

// spaceAt reports whether position j is a space, a line end or past the end.
func (s *nodeScanner) spaceAt(j int) bool {
	return j >= len(s.data) || s.data[j] == ' ' || s.data[j] == '\t' || s.data[j] == '\n' || s.data[j] == '\r'
}

// restEmpty reports whether only spaces or a comment follow position j on
// its line.
func (s *nodeScanner) restEmpty(j int) bool {
	for ; j < len(s.data) && !isEOL(s.data[j]); j++ {
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
		s.plain = -1
	}
	atStart := s.i == start+indent
	switch {
	case c == ' ' || c == '\t' || c == '\r':
		s.i++
	case c == '#' && (atStart || s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t'):
		s.skipRest()
	case atStart && indent == 0 && (c == '%' || hasPrefixAt(s.data, s.i, "...") && s.spaceAt(s.i+3)):
		s.skipRest()
	case atStart && indent == 0 && hasPrefixAt(s.data, s.i, "---") && s.spaceAt(s.i+3):
		s.n += 2
		s.i += 3
	case c == '"' || c == '\'':
		s.n++
		s.i++
		s.skipQuoted(c)
		s.keyAt(col)
		s.nullAfterKey()
	case c == '[' || c == '{':
		s.n++
		s.flow = append(s.flow, c)
		s.key = c == '{'
		s.i++
	case c == ']' || c == '}':
		if len(s.flow) > 0 {
			s.flow = s.flow[:len(s.flow)-1]
		}
		s.i++
		// A collection as a flow mapping's key without a value ({[a]}),
		// counted high: after a value, a "," follows just the same.
		s.key = true
		s.nullAfterKey()
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
		s.skipName()
	case (c == '|' || c == '>') && len(s.flow) == 0:
		s.n++
		s.open, s.block = true, s.entry
		s.skipRest()
	default:
		s.n++
		s.skipPlain()
		s.keyAt(col)
		if s.i >= len(s.data) || isEOL(s.data[s.i]) {
			s.plain = -2 // ran to the line's end: set to its indent in line
		}
		s.nullAfterKey()
	}
}

// keyAt notes a block mapping's key at column col when a ":" follows the
// scalar just skipped.
func (s *nodeScanner) keyAt(col int) {
	if len(s.flow) == 0 && s.quote == 0 && s.i < len(s.data) && s.data[s.i] == ':' {
		s.entry = col
	}
}

func isEOL(c byte) bool { return c == '\n' || c == '\r' }

func hasPrefixAt(b []byte, i int, p string) bool {
	return len(b)-i >= len(p) && string(b[i:i+len(p)]) == p
}

func (s *nodeScanner) skipRest() {
	for s.i < len(s.data) && !isEOL(s.data[s.i]) {
		s.i++
	}
}

// skipName skips an anchor, alias or tag.
func (s *nodeScanner) skipName() {
	for s.i++; s.i < len(s.data) && !s.spaceAt(s.i) && !isFlowIndicator(s.data[s.i]) && s.data[s.i] != ':'; s.i++ {
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
		default:
			return false
		}
	}
	return true
}

// nullAfterKey counts the empty value of a flow mapping's key that has no
// ":" after it ({a, b}).
func (s *nodeScanner) nullAfterKey() {
	if !s.key || len(s.flow) == 0 || s.flow[len(s.flow)-1] != '{' {
		return
	}
	s.key = false
	for j := s.i; j < len(s.data); j++ {
		switch s.data[j] {
		case ' ', '\t', '\r', '\n':
		case ':':
			return
		default:
			s.n++
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
		case isEOL(c):
			s.quote = q
			return
		case q == '"' && c == '\\':
			if s.i+1 < len(s.data) && !isEOL(s.data[s.i+1]) {
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
	for ; s.i < len(s.data) && !isEOL(s.data[s.i]); s.i++ {
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
