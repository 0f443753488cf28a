// Package fold matches text without regard to case.
package fold

import "strings"

// Contains reports whether sub lowered is within s lowered, as
// strings.Contains(strings.ToLower(s), strings.ToLower(sub)) does, without
// writing a lowered copy of either where both are ASCII: a search filter
// runs it on every record it scans.
func Contains(s, sub string) bool {
	if !isASCII(s) || !isASCII(sub) {
		return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalASCII(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// equalASCII reports whether a and b, ASCII of the same length, are equal
// lowered.
func equalASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
