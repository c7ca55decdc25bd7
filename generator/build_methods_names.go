package generator

// nameRPC names the JSON-RPC API: the runtime's and the envelope's fixed
// names, each side's constant and table, then the method constants
// (AgentMethodSessionNew), claimed in schema order after every type name,
// so that a collision suffixes the constant and never renames a type.
func nameRPC(rpc *RPC, ns *namespace) error {
	fixed := append([]string(nil), rpcReservedNames...)
	for _, s := range rpc.Sides {
		prefix := goName(s.Side)
		s.Const, s.Table = "Side"+prefix, prefix+"Methods"
		fixed = append(fixed, s.Const, s.Table)
	}
	for _, name := range fixed {
		if err := ns.claimExact(name, "#"); err != nil {
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
func nameMethods(s *RPCSide, ns *namespace) {
	byName := map[string]*RPCName{}
	for _, m := range s.Methods {
		n := byName[m.Name]
		if n == nil {
			n = &RPCName{Name: m.Name, Gate: m.Gate}
			n.Const = ns.claim(goName(s.Side)+"Method"+goName(m.Name), m.Path)
			byName[m.Name] = n
			s.Names = append(s.Names, n)
		} else {
			n.Gate = n.Gate.intersect(m.Gate)
		}
		n.Methods = append(n.Methods, m)
		m.Const = n.Const
	}
}
