package methods

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// nameRPC names the JSON-RPC API: the runtime's and the envelope's fixed
// names, each side's constant and table, then the method constants
// (AgentMethodSessionNew), claimed in schema order after every type name,
// so that a collision suffixes the constant and never renames a type.
func nameRPC(rpc *ir.RPC, ns *naming.Namespace) error {
	fixed := append([]string(nil), rpcReservedNames...)
	for _, s := range rpc.Sides {
		prefix := naming.GoName(s.Side)
		s.Const, s.Table = "Side"+prefix, prefix+"Methods"
		fixed = append(fixed, s.Const, s.Table)
	}
	for _, name := range fixed {
		if err := ns.ClaimExact(name, "#"); err != nil {
			return err
		}
	}
	for _, s := range rpc.Sides {
		nameMethods(s, ns)
	}
	return nil
}

// nameMethods gives each wire name of a side one constant; a request and
// a notification of the same name share it, and it exists when either
// does.
func nameMethods(s *ir.RPCSide, ns *naming.Namespace) {
	byName := map[string]*ir.RPCName{}
	for _, m := range s.Methods {
		n := byName[m.Name]
		if n == nil {
			n = &ir.RPCName{Name: m.Name, Gate: m.Gate}
			n.Const = ns.Claim(naming.GoName(s.Side)+"Method"+naming.GoName(m.Name), m.Path)
			byName[m.Name] = n
			s.Names = append(s.Names, n)
		} else {
			n.Gate = n.Gate.Intersect(m.Gate)
		}
		n.Methods = append(n.Methods, m)
		m.Const = n.Const
	}
}

// nameHandlerMethods gives every method its Go name, by one rule: a wire
// name has one Go name on every side, in the handler interfaces and on the
// connections that call it. It is the name of its request's params type
// without "Request" (PromptRequest: Prompt; mcp/message, a request to the
// client and a notification to the agent: MessageMCP on both), or, for a
// wire name that is only ever a notification, the wire name
// (session/update: SessionUpdate).
//
// A Go name must be unique where one program meets it: in a side's
// interface, and on the connection that calls that side, both of which
// also hold the optional sides' methods (a program may implement an
// optional side, a connection calls it). The agent's and the client's
// methods never meet, so they share names; a name already taken in scope
// (the notification beside the request of the same wire name, or a
// connection's own method) gets "Notification" for a notification, then
// the side's name in front, then a number. A method of x-side "both" (the
// same params on every side) has one name on every side: one Go method
// implements it.
func nameHandlerMethods(sides, optional []*ir.RPCSide) {
	base := methodBaseNames(sides)
	taken := methodScopes{fixed: map[string]bool{extRequestHandler: true, extNotificationHandler: true}, optional: optional}
	for _, name := range append(connMethodNames, clientConnMethodNames...) {
		taken.fixed[name] = true
	}
	key := func(m *ir.RPCMethod) string { return fmt.Sprintf("%s %s %t", m.Name, m.Params, m.Notification) }
	holders := map[string][]*ir.RPCSide{}
	for _, s := range sides {
		for _, m := range s.Methods {
			if s.Iface != "" {
				holders[key(m)] = append(holders[key(m)], s)
			}
		}
	}
	shared := map[string]string{}
	for _, s := range sides {
		if s.Iface == "" {
			continue
		}
		for _, m := range s.Methods {
			if name, ok := shared[key(m)]; ok {
				m.Go = name
				continue
			}
			m.Go = taken.claim(holders[key(m)], m, base[m.Name])
			shared[key(m)] = m.Go
		}
	}
}

// methodBaseNames is the Go name each wire name asks for: its first
// request's params type without "Request", else the wire name.
func methodBaseNames(sides []*ir.RPCSide) map[string]string {
	out := map[string]string{}
	for _, s := range sides {
		for _, m := range s.Methods {
			params, ok := strings.CutSuffix(m.Params, "Request")
			if _, named := out[m.Name]; !named && ok && !m.Notification && params != "" {
				out[m.Name] = params
			}
		}
	}
	for _, s := range sides {
		for _, m := range s.Methods {
			if _, named := out[m.Name]; !named {
				out[m.Name] = naming.GoName(m.Name)
			}
		}
	}
	return out
}

// methodScopes records which side took each Go method name. Names
// acpgen fixes (the connection's own methods, the extension handlers)
// are taken everywhere.
type methodScopes struct {
	fixed    map[string]bool
	optional []*ir.RPCSide
	bySide   map[string][]*ir.RPCSide
}

// claim takes the first of base's candidates free in the scope of every
// side that holds the method (several for x-side "both"), the first
// side's name in front when it needs one.
func (ms *methodScopes) claim(holders []*ir.RPCSide, m *ir.RPCMethod, base string) string {
	candidates := []string{base}
	if m.Notification {
		candidates = append(candidates, base+"Notification")
	}
	iface := holders[0].Iface
	candidates = append(candidates, iface+base)
	for i := 0; ; i++ {
		candidate := iface + base + strconv.Itoa(i-len(candidates)+2)
		if i < len(candidates) {
			candidate = candidates[i]
		}
		if !slices.ContainsFunc(holders, func(s *ir.RPCSide) bool { return ms.taken(candidate, s) }) {
			if ms.bySide == nil {
				ms.bySide = map[string][]*ir.RPCSide{}
			}
			ms.bySide[candidate] = append(ms.bySide[candidate], holders...)
			return candidate
		}
	}
}

// taken reports whether name meets s in a program: fixed, or held by s,
// by an optional side, or (s being optional) by any side.
func (ms *methodScopes) taken(name string, s *ir.RPCSide) bool {
	if ms.fixed[name] {
		return true
	}
	for _, t := range ms.bySide[name] {
		if t == s || slices.Contains(ms.optional, t) || slices.Contains(ms.optional, s) {
			return true
		}
	}
	return false
}
