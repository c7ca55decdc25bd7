//go:build unstable_proxy_chains || unstable

// Command chainproxy is the proxy of the proxy chain tests, on the
// generated package's proxy helper: it passes everything on unchanged but
// session/prompt, to whose _meta it adds its name under "proxiedBy" (the
// rewrite the trace shows). Its handler sees only the methods it acts on
// (proxy.Only): the rest is relayed by the proxy's connection, so the
// chain tests run both paths. -fail-on METHOD makes it exit with status 3
// when METHOD comes from the client side; -stubborn makes it ignore
// SIGTERM and the end of its input, so that only SIGKILL stops it;
// -pidfile writes its pid.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/acpgen/acpgen/gen/acp/v1/proxy"
)

func main() {
	name := flag.String("name", "proxy", "the name added to each prompt's _meta.proxiedBy")
	failOn := flag.String("fail-on", "", "exit 3 when `METHOD` arrives from the client side")
	stubborn := flag.Bool("stubborn", false, "ignore SIGTERM and the end of input")
	pidfile := flag.String("pidfile", "", "write the pid to `FILE`")
	flag.Parse()
	if *pidfile != "" {
		if err := os.WriteFile(*pidfile, []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if *stubborn {
		signal.Ignore(syscall.SIGTERM)
	}
	watched := []string{"session/prompt"}
	if *failOn != "" {
		watched = append(watched, *failOn)
	}
	err := proxy.Serve(context.Background(), proxy.Only(&tagger{name: *name, failOn: *failOn}, watched...))
	for *stubborn {
		time.Sleep(time.Hour) // until SIGKILL
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "chainproxy:", err)
		os.Exit(1)
	}
}

// tagger adds its name to session/prompt's _meta.proxiedBy.
type tagger struct {
	proxy.Pass
	name, failOn string
}

func (t *tagger) Request(ctx context.Context, m proxy.Message, next proxy.Forward) (json.RawMessage, error) {
	if m.Direction == proxy.ToAgent && m.Method == t.failOn {
		fmt.Fprintf(os.Stderr, "chainproxy %s: failing on %s\n", t.name, m.Method)
		os.Exit(3)
	}
	if m.Direction == proxy.ToAgent && m.Method == "session/prompt" {
		params, err := addProxiedBy(m.Params, t.name)
		if err != nil {
			return nil, &proxy.Error{Code: -32602, Message: err.Error()}
		}
		m.Params = params
	}
	return next(ctx, m)
}

// addProxiedBy appends name to params._meta.proxiedBy.
func addProxiedBy(params json.RawMessage, name string) (json.RawMessage, error) {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	meta := map[string]json.RawMessage{}
	if raw, ok := p["_meta"]; ok {
		if err := json.Unmarshal(raw, &meta); err != nil {
			return nil, err
		}
	}
	var by []string
	if raw, ok := meta["proxiedBy"]; ok {
		if err := json.Unmarshal(raw, &by); err != nil {
			return nil, err
		}
	}
	meta["proxiedBy"], _ = json.Marshal(append(by, name))
	p["_meta"], _ = json.Marshal(meta)
	return json.Marshal(p)
}
