package serve

import (
	"crypto/subtle"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// protect wraps every route of the server, those added later included
// (Handler returns the wrapped mux), with the checks a server reachable
// from a browser needs. In order:
//
//  1. Host and Origin, when the server listens on a loopback address: a
//     Host that is not a loopback name is a DNS-rebinding attempt (a
//     foreign page whose name now points at 127.0.0.1), and an Origin that
//     is not a loopback origin (or one of Options.AllowedOrigins) is a
//     foreign page. This covers MCP too, as its spec asks of local servers.
//  2. The bearer token (Options.AuthToken), on every route but /healthz.
//  3. Go's cross-origin protection (Sec-Fetch-Site, Origin against Host)
//     on everything but MCP, whose clients are programs, not pages.
//  4. Content-Type: application/json on REST requests with a body, so a
//     cross-origin "simple" text/plain POST cannot create a session.
func (s *Server) protect(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	for _, o := range s.opts.AllowedOrigins {
		_ = cop.AddTrustedOrigin(o) // checked by Options.validate
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.loopback.Load() {
			if !loopbackHost(r.Host) {
				s.fail(w, http.StatusMisdirectedRequest, "bad_host",
					fmt.Sprintf("Host %q is not this server's: it listens on a loopback address and answers only localhost, 127.0.0.1 and [::1]", r.Host))
				return
			}
			if o := r.Header.Get("Origin"); o != "" && !loopbackOrigin(o) && !s.allowedOrigin(o) {
				s.fail(w, http.StatusForbidden, "bad_origin",
					fmt.Sprintf("Origin %q may not use this server (loopback origins and --allow-origin only)", o))
				return
			}
		}
		if s.opts.AuthToken != "" && r.URL.Path != "/healthz" && !s.authorized(r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="legoenv"`)
			s.fail(w, http.StatusUnauthorized, "unauthorized", "missing or wrong bearer token (Authorization: Bearer <the --auth-token of this server>)")
			return
		}
		mcpPath := strings.HasSuffix(r.URL.Path, "/mcp")
		if !mcpPath {
			if err := cop.Check(r); err != nil {
				s.fail(w, http.StatusForbidden, "cross_origin", "cross-origin request refused: "+err.Error())
				return
			}
		}
		if !mcpPath && (strings.HasPrefix(r.URL.Path, "/v1/") || strings.HasPrefix(r.URL.Path, "/openenv/")) && hasBody(r) && !isJSON(r.Header.Get("Content-Type")) {
			s.fail(w, http.StatusUnsupportedMediaType, "unsupported_media_type",
				fmt.Sprintf("Content-Type %q: a request body must be application/json", r.Header.Get("Content-Type")))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authorized compares the bearer token in constant time.
func (s *Server) authorized(r *http.Request) bool {
	h := r.Header.Get("Authorization")
	const prefix = "Bearer "
	if len(h) < len(prefix) || !strings.EqualFold(h[:len(prefix)], prefix) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(h[len(prefix):])), []byte(s.opts.AuthToken)) == 1
}

func (s *Server) allowedOrigin(o string) bool {
	for _, a := range s.opts.AllowedOrigins {
		if strings.EqualFold(strings.TrimSuffix(a, "/"), o) {
			return true
		}
	}
	return false
}

func hasBody(r *http.Request) bool {
	return r.ContentLength > 0 || (r.ContentLength < 0 && r.Body != nil && r.Body != http.NoBody)
}

// isJSON reports whether a Content-Type is JSON's. Every step sends one,
// nearly always exactly application/json, which needs no parsing (the
// parser makes a map of parameters and a lowered copy of the type).
func isJSON(ct string) bool {
	if ct == "application/json" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

// loopbackHost reports whether a Host header names this machine by a
// loopback name or address.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackOrigin reports whether an Origin is a page served from this
// machine.
func loopbackOrigin(o string) bool {
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return false
	}
	return loopbackHost(u.Host)
}

// isLoopbackAddr reports whether a listener's address is a loopback one.
func isLoopbackAddr(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}
