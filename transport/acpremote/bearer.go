package acpremote

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
)

// RequireBearer lets a request through to next only when it carries
// "Authorization: Bearer TOKEN" with the given token; any other request
// (no header, another scheme, a wrong token) is answered 401 with a
// WWW-Authenticate: Bearer challenge (RFC 6750) and never reaches next.
// Wrapped around a Handler it guards every request of both profiles: the
// Streamable HTTP POST, GET and DELETE, and the WebSocket upgrade, which
// is refused before it is upgraded:
//
//	token, err := acpremote.LoadToken("/run/secrets/acp-token", "")
//	...
//	mux.Handle("/acp", acpremote.RequireBearer(token, h))
//
// The tokens are compared in constant time (of their SHA-256 sums, so
// that not even the length leaks) and never logged. A browser's WebSocket
// cannot set the header: put browsers behind a proxy that can. An empty
// token would let nobody in, or everybody, and is a mistake in the
// caller: RequireBearer panics on it.
func RequireBearer(token string, next http.Handler) http.Handler {
	if token == "" {
		panic("acpremote: RequireBearer: empty token")
	}
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := bearerToken(r.Header)
		sum := sha256.Sum256([]byte(got))
		if subtle.ConstantTimeCompare(sum[:], want[:]) == 1 && ok {
			next.ServeHTTP(w, r)
			return
		}
		challenge := `Bearer realm="acp"`
		if ok {
			challenge += `, error="invalid_token"`
		}
		w.Header().Set("WWW-Authenticate", challenge)
		http.Error(w, "401 unauthorized: this ACP endpoint needs Authorization: Bearer with its token", http.StatusUnauthorized)
	})
}

// bearerToken is the token of an Authorization header of the Bearer
// scheme (the scheme's name is case-insensitive, RFC 9110), and whether
// there was one.
func bearerToken(h http.Header) (string, bool) {
	scheme, token, found := strings.Cut(h.Get("Authorization"), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// BearerHeader is the header that RequireBearer lets in, for
// DialOptions.Header:
//
//	t, err := acpremote.Dial(ctx, url, &acpremote.DialOptions{Header: acpremote.BearerHeader(token)})
func BearerHeader(token string) http.Header {
	return http.Header{"Authorization": {"Bearer " + token}}
}

// LoadToken reads a bearer token from the file named file, or else from
// the environment variable named env: a secret is passed by name, never
// on a command line, where any user of the machine can read it (ps,
// /proc). Surrounding white space (a file's final newline) is dropped.
// With neither named it returns "", nil (no token); a token named but
// missing or empty is an error, so that a typo never serves without one.
// The error names where the token was looked for, never the token.
func LoadToken(file, env string) (string, error) {
	switch {
	case file != "" && env != "":
		return "", errors.New("acpremote: a token from a file or from the environment, not both")
	case file != "":
		data, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("acpremote: reading the token: %w", err)
		}
		return nonEmpty(string(data), "file "+file)
	case env != "":
		value, ok := os.LookupEnv(env)
		if !ok {
			return "", fmt.Errorf("acpremote: the token's environment variable %s is not set", env)
		}
		return nonEmpty(value, "environment variable "+env)
	}
	return "", nil
}

// nonEmpty is token without surrounding white space, or an error naming
// where it came from when nothing is left.
func nonEmpty(token, where string) (string, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return "", fmt.Errorf("acpremote: the token's %s is empty", where)
	}
	if strings.ContainsAny(token, " \t\r\n") {
		return "", fmt.Errorf("acpremote: the token in %s holds white space; a bearer token is one word", where)
	}
	return token, nil
}
