package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitRPC renders the method constants and tables of every side and the
// JSON-RPC envelope; nothing for a schema without methods. Everything goes
// into the file of its gate: a table lives with its side's common gate,
// and a method that needs more is added to it from init in its feature's
// file, so without that feature the method is unknown.
func emitRPC(fs *fileSet, rpc *ir.RPC) {
	if rpc == nil {
		return
	}
	for _, s := range rpc.Sides {
		emitSideConst(fs, s)
		emitMethodNames(fs, s)
		emitMethodTable(fs, s)
	}
	emitEnvelope(fs, rpc)
	emitSurface(fs, rpc)
}

func emitSideConst(fs *fileSet, s *ir.RPCSide) {
	f := fs.on(s.Gate)
	f.Comment(fmt.Sprintf("%s is the side %q: it handles the methods of %s.", s.Const, s.Side, s.Table))
	f.Const().Id(s.Const).Id("Side").Op("=").Lit(s.Side)
}

// emitMethodNames writes one const block per gate, in the order the gates
// first appear among the side's methods.
func emitMethodNames(fs *fileSet, s *ir.RPCSide) {
	var gates []ir.Gate
	byGate := map[string][]Code{}
	for _, n := range s.Names {
		key := n.Gate.Key()
		if _, ok := byGate[key]; !ok {
			gates = append(gates, n.Gate)
		}
		for _, m := range n.Methods {
			byGate[key] = append(byGate[key], Comment(methodConstDoc(n.Const, m)))
		}
		byGate[key] = append(byGate[key], Id(n.Const).Op("=").Lit(n.Name))
	}
	for _, g := range gates {
		f := fs.on(g)
		f.Comment(fmt.Sprintf("Methods that the side %q handles (%s).", s.Side, s.Table))
		f.Const().Defs(byGate[g.Key()]...)
	}
}

// methodConstDoc names the method's kind and types, so that the constant
// documents the static side of the table.
func methodConstDoc(name string, m *ir.RPCMethod) string {
	if m.Notification {
		return fmt.Sprintf("%s is the notification %q: params %s.", name, m.Name, m.Params)
	}
	return fmt.Sprintf("%s is the request %q: params %s, result %s.", name, m.Name, m.Params, m.Result)
}

// emitMethodTable declares the side's table with the methods that need
// nothing beyond the side's gate and adds the others from init.
func emitMethodTable(fs *fileSet, s *ir.RPCSide) {
	args := []Code{Line().Id(s.Const), Line().Add(extMethod(s.ExtRequest, s.ExtResult, false)), Line().Add(extMethod(s.ExtNotification, "", true))}
	var gates []ir.Gate
	later := map[string][]Code{}
	for _, m := range s.Methods {
		if m.Gate.Equal(s.Gate) {
			args = append(args, Line().Add(methodEntry(m)))
			continue
		}
		key := m.Gate.Key()
		if _, ok := later[key]; !ok {
			gates = append(gates, m.Gate)
		}
		later[key] = append(later[key], Line().Add(methodEntry(m)))
	}
	f := fs.on(s.Gate)
	f.Comment(fmt.Sprintf("%s is the table of the methods that the side %q handles: it looks a", s.Table, s.Side))
	f.Comment("method up by name and decodes its params or result. Files of unstable features")
	f.Comment("add their methods from init.")
	f.Var().Id(s.Table).Op("=").Id("wireNewMethodTable").Call(append(args, Line())...)
	for _, g := range gates {
		newFunc(fs.on(g)).Id("init").Params().Block(Id(s.Table).Dot("add").Call(append(later[g.Key()], Line())...))
	}
}

// methodEntry is the table entry of one method.
func methodEntry(m *ir.RPCMethod) Code {
	return methodValue(Id(m.Const), m.Params, m.Result, m.Notification)
}

// extMethod describes the side's extension methods of one kind (empty
// when it has none); the table sets the name on lookup.
func extMethod(params, result string, notification bool) Code {
	if params == "" {
		return Id("Method").Values()
	}
	return methodValue(nil, params, result, notification)
}

// methodValue is a Method literal with its decoders.
func methodValue(name Code, params, result string, notification bool) Code {
	d := Dict{
		Id("Params"):       Lit(params),
		Id("decodeParams"): Id("wireDecodeAs").Types(Id(params)),
	}
	if name != nil {
		d[Id("Name")] = name
	}
	if notification {
		d[Id("Notification")] = True()
	} else {
		d[Id("Result")] = Lit(result)
		d[Id("decodeResult")] = Id("wireDecodeAs").Types(Id(result))
	}
	return Id("Method").Values(d)
}
