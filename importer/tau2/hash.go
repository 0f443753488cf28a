package tau2

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/legoenv/legoenv/state"
)

// App is the retail app's name in collection names (retail.orders).
const App = "retail"

// Hasher computes tau2's database hash of a retail state:
// sha256(json.dumps(db.model_dump(), sort_keys=True, default=str)). The
// encodings of the initial records are kept, so a hash costs the bytes of
// the database plus the records the session wrote.
type Hasher struct {
	base map[string]map[string][]byte // collection -> key -> canonical record
	keys map[string][]string          // collection -> sorted keys of the initial records
}

// NewHasher prepares a hasher for states over the records of src.
func NewHasher(records map[string][]map[string]any) *Hasher {
	h := &Hasher{base: map[string]map[string][]byte{}, keys: map[string][]string{}}
	for _, name := range collections {
		m := map[string][]byte{}
		var keys []string
		for _, r := range records[name] {
			k := r[keyFields[name]].(string)
			var b strings.Builder
			writeCanonical(&b, r)
			m[k] = []byte(b.String())
			keys = append(keys, k)
		}
		sort.Strings(keys)
		h.base[name], h.keys[name] = m, keys
	}
	return h
}

// Sum returns the hash of st, which must be a state over a world built
// from the same records.
func (h *Hasher) Sum(st *state.State) string {
	d := sha256.New()
	// One buffer for every key and written record: its bytes go to the
	// digest as they are, and it keeps its room from one to the next (a
	// hash wrote some thousands of keys, each a string and a copy).
	var b bytes.Buffer
	d.Write([]byte("{"))
	for i, name := range collections {
		if i > 0 {
			d.Write([]byte(", "))
		}
		writeString(&b, name)
		b.WriteString(": {")
		d.Write(b.Bytes())
		b.Reset()
		full := App + "." + name
		dirty := st.Dirty(full)
		keys := h.keys[name]
		if extra := added(st, full, dirty, h.base[name]); len(extra) > 0 {
			keys = append(append([]string(nil), keys...), extra...)
			sort.Strings(keys)
		}
		first := true
		for _, k := range keys {
			enc, ok := h.base[name][k]
			var r state.Record
			_, written := dirty[k]
			if written {
				r, ok = st.Get(full, k)
			}
			if !ok {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			writeString(&b, k)
			b.WriteString(": ")
			if written {
				writeCanonical(&b, r)
				enc = nil
			}
			d.Write(b.Bytes())
			b.Reset()
			d.Write(enc)
		}
		d.Write([]byte("}"))
	}
	d.Write([]byte("}"))
	return hex.EncodeToString(d.Sum(nil))
}

// added lists the written keys the initial records lack (records a tool
// created; no retail tool does, but the hash must not depend on that).
func added(st *state.State, full string, dirty map[string]struct{}, base map[string][]byte) []string {
	var out []string
	for k := range dirty {
		if _, ok := base[k]; ok {
			continue
		}
		if _, live := st.Get(full, k); live {
			out = append(out, k)
		}
	}
	return out
}

// Canonical renders v as Python's json.dumps(v, sort_keys=True) does: keys
// sorted, ", " and ": " separators, ASCII only, floats in repr form.
func Canonical(v any) string {
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

// pyWriter is where writeCanonical writes: a strings.Builder for a record
// kept, a bytes.Buffer for one hashed and dropped.
type pyWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
	WriteRune(r rune) (int, error)
}

func writeCanonical(b pyWriter, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		writeString(b, x)
	case float64:
		// Every number of the retail model is a float (prices, amounts,
		// balances), so integral values are written as Python floats too.
		b.WriteString(PyFloat(x))
	case int:
		b.WriteString(PyFloat(float64(x)))
	case int64:
		b.WriteString(PyFloat(float64(x)))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeString(b, k)
			b.WriteString(": ")
			writeCanonical(b, x[k])
		}
		b.WriteByte('}')
	default:
		// default=str in tau2's dump; JSON-like records hold nothing else.
		writeString(b, fmt.Sprint(x))
	}
}

// PyFloat writes a float as Python's repr does: the shortest digits that
// read back the same, fixed notation from 1e-4 up to 1e16 with at least
// one fractional digit, exponent notation (two digits at least) outside.
func PyFloat(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(x); a >= 1e-4 && a < 1e16 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(x, 'e', -1, 64)
}

// writeString escapes as Python's json with ensure_ascii: \" \\ \n \r \t
// \b \f, every other character outside printable ASCII as \uXXXX
// (lowercase hex, surrogate pairs above U+FFFF).
func writeString(b pyWriter, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r >= 0x20 && r < 0x7f:
				b.WriteRune(r)
			case r > 0xffff:
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(b, `\u%04x\u%04x`, r1, r2)
			default:
				fmt.Fprintf(b, `\u%04x`, r)
			}
		}
	}
	b.WriteByte('"')
}
