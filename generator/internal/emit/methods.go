package emit

import (
	"fmt"
	"slices"
	"strings"

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
	types := methodTypes{}
	var off offMethods
	for _, s := range rpc.Sides {
		emitSideConst(fs, s)
		emitMethodNames(fs, s)
		emitMethodTable(fs, s)
		types.addSide(s)
		off.addSide(s)
	}
	types.emit(fs)
	off.emit(fs)
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
// nothing beyond the side's gate and adds the others from init. The table
// is a literal of the runtime's MethodTable, so that go doc shows
// `var AgentMethods = &MethodTable{ ... }` rather than a runtime helper.
func emitMethodTable(fs *fileSet, s *ir.RPCSide) {
	var stable []Code
	var gates []ir.Gate
	later := map[string][]Code{}
	for _, m := range s.Methods {
		if m.Gate.Equal(s.Gate) {
			stable = append(stable, Line().Add(methodValue(Id(m.Const), m.Params, m.Result, m.Notification)))
			continue
		}
		key := m.Gate.Key()
		if _, ok := later[key]; !ok {
			gates = append(gates, m.Gate)
		}
		later[key] = append(later[key], Line().Add(methodEntry(m)))
	}
	fields := []Code{Line().Id("side").Op(":").Id(s.Const)}
	if s.ExtRequest != "" {
		fields = append(fields, Line().Id("extRequest").Op(":").Add(extMethod(s.ExtRequest, s.ExtResult, false)))
	}
	if s.ExtNotification != "" {
		fields = append(fields, Line().Id("extNotification").Op(":").Add(extMethod(s.ExtNotification, "", true)))
	}
	if len(stable) > 0 {
		fields = append(fields, Line().Id("methods").Op(":").Index().Id("Method").Values(append(stable, Line())...))
	}
	f := fs.on(s.Gate)
	f.Comment(fmt.Sprintf("%s is the table of the methods that the side %q handles: it looks a", s.Table, s.Side))
	f.Comment("method up by name and decodes its params or result. Files of unstable features")
	f.Comment("add their methods from init.")
	f.Var().Id(s.Table).Op("=").Op("&").Id("MethodTable").Values(append(fields, Line())...)
	for _, g := range gates {
		newFunc(fs.on(g)).Id("init").Params().Block(Id(s.Table).Dot("add").Call(append(later[g.Key()], Line())...))
	}
}

// methodEntry is the table entry of one method, on one line.
func methodEntry(m *ir.RPCMethod) Code {
	return Id("Method").Add(methodValue(Id(m.Const), m.Params, m.Result, m.Notification))
}

// extMethod describes the side's extension methods of one kind; the table
// sets the name on lookup.
func extMethod(params, result string, notification bool) Code {
	return Id("Method").Add(methodValue(nil, params, result, notification))
}

// methodValue is the braces of a Method literal. It names the params and
// result types only: their decoders come from methodTypes.
func methodValue(name Code, params, result string, notification bool) Code {
	var fields []Code
	if name != nil {
		fields = append(fields, Id("Name").Op(":").Add(name))
	}
	if notification {
		fields = append(fields, Id("Notification").Op(":").True())
	}
	fields = append(fields, Id("Params").Op(":").Lit(params))
	if !notification {
		fields = append(fields, Id("Result").Op(":").Lit(result))
	}
	return Values(fields...)
}

// methodTypes are the params and result types of the methods, by the
// gate of the file that adds their decoders (a method's gate covers its
// types'), each list in order of first use, without repeats.
type methodTypes struct {
	gates  []ir.Gate
	byGate map[string][]string
}

// addSide adds the types of the side's methods and extension methods.
func (mt *methodTypes) addSide(s *ir.RPCSide) {
	mt.add(s.Gate, s.ExtRequest, s.ExtResult, s.ExtNotification)
	for _, m := range s.Methods {
		mt.add(m.Gate, m.Params, m.Result)
	}
}

func (mt *methodTypes) add(g ir.Gate, names ...string) {
	if mt.byGate == nil {
		mt.byGate = map[string][]string{}
	}
	key := g.Key()
	if _, ok := mt.byGate[key]; !ok {
		mt.gates = append(mt.gates, g)
	}
	for _, n := range names {
		if n != "" && !slices.Contains(mt.byGate[key], n) {
			mt.byGate[key] = append(mt.byGate[key], n)
		}
	}
}

// emit adds each gate's decoders to the runtime's wireMethodTypes from
// init in the gate's file.
func (mt *methodTypes) emit(fs *fileSet) {
	for _, g := range mt.gates {
		d := Dict{}
		for _, n := range mt.byGate[g.Key()] {
			d[Lit(n)] = Id(rpcDecodeAs).Types(Id(n))
		}
		if len(d) == 0 {
			continue
		}
		decoders := Map(String()).Func().Params(Index().Byte()).Params(Any(), Error())
		newFunc(fs.on(g)).Id("init").Params().Block(Id(rpcAddMethodTypes).Call(decoders.Values(d)))
	}
}

// offMethods are the wire names of the gated methods, by gate. Each gate's
// _off file gives the runtime its names with the tags that add them, so
// that a package built without the tags answers such a method with an
// UnknownMethodError that names them (-32601 data).
type offMethods struct {
	gates  []ir.Gate
	byGate map[string][]string
}

func (om *offMethods) addSide(s *ir.RPCSide) {
	if om.byGate == nil {
		om.byGate = map[string][]string{}
	}
	for _, m := range s.Methods {
		if len(m.Gate) == 0 {
			continue
		}
		key := m.Gate.Key()
		if _, ok := om.byGate[key]; !ok {
			om.gates = append(om.gates, m.Gate)
		}
		if !slices.Contains(om.byGate[key], m.Name) {
			om.byGate[key] = append(om.byGate[key], m.Name)
		}
	}
}

func (om *offMethods) emit(fs *fileSet) {
	for _, g := range om.gates {
		d := Dict{}
		for _, name := range om.byGate[g.Key()] {
			d[Lit(name)] = Lit(strings.Join(g, ","))
		}
		newFunc(fs.off(nil, g)).Id("init").Params().Block(Id(rpcAddOffMethods).Call(Map(String()).String().Values(d)))
	}
}
