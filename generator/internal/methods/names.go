package methods

import (
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
