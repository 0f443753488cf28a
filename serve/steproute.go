package serve

import (
	"net/http"
	"strings"
)

// A trainer calls the step route thousands of times a second, and Go's
// ServeMux, matching its pattern among the server's others and gathering
// its wildcard, took a fifth of what the step handler cost beyond the
// HTTP stack's own work. dispatch answers a step whose path the mux would
// take as it is with the handler the mux would choose, and gives every
// other request to the mux.

// stepPattern is the step route's pattern, as routes registers it.
const stepPattern = "/v1/sessions/{id}/step"

// dispatch is the server's handler behind protect.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	if id, ok := stepPathID(r); ok {
		r.Pattern = stepPattern
		s.stepSession(w, r, id)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// stepPathID gives the session id of a POST to /v1/sessions/{id}/step
// whose path needs no cleaning, unescaping or redirect: an id of letters,
// digits, '_' and '-', as the server draws them. Any other request, a
// step to an id of other characters included, is left to the mux (ok
// false), which answers it as it always has.
func stepPathID(r *http.Request) (id string, ok bool) {
	if r.Method != http.MethodPost || r.URL.RawPath != "" {
		return "", false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/v1/sessions/")
	if !ok {
		return "", false
	}
	id, ok = strings.CutSuffix(rest, "/step")
	if !ok || !plainID(id) {
		return "", false
	}
	return id, true
}

// plainID reports whether id is non-empty and made only of ASCII letters,
// digits, '_' and '-': a path segment that reads the same escaped or not.
func plainID(id string) bool {
	if id == "" {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
