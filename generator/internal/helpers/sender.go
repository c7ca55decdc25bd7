package helpers

import (
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/methods"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// sender resolves spec on the connection that calls its notification: the
// params must be a struct of the bound member, the payload member (a
// union) and optional members. The sender exists when its type name and
// the connection's method name are free; each of its methods when its
// value resolves.
func (r *resolver) sender(spec senderSpec, sf *ir.Surface, ns *naming.Namespace) *ir.Sender {
	for _, c := range sf.Conns {
		m := notification(c.Calls, spec.method)
		if m == nil {
			continue
		}
		p := r.byName[m.Params]
		if p == nil || p.Kind != ir.KindStruct || p.Struct.Variant != nil {
			return nil
		}
		bind, payload := fieldByJSON(p.Struct.Fields, spec.bind), fieldByJSON(p.Struct.Fields, spec.payload)
		if bind == nil || payload == nil || hold(bind) != ir.HoldDirect || hold(payload) != ir.HoldDirect || payload.Type.Kind != ir.ExprNamed {
			return nil
		}
		for _, f := range p.Struct.Fields {
			if f.Required && !f.Nullable && f != bind && f != payload {
				return nil
			}
		}
		if methods.ConnMethods(sf, c)[spec.fn] || !ns.TryClaim(spec.name, helperPath) {
			return nil
		}
		s := &ir.Sender{
			Name: spec.name, Doc: spec.doc, Conn: c.Name, Func: spec.fn, FuncDoc: spec.fnDoc,
			Call: m.Go, Params: p.Name, BindField: bind.Go, PayloadField: payload.Go,
			Bind: bind.Type, Payload: payload.Type.Named, Send: spec.send, SendDoc: spec.sendDoc,
			Gate: c.Calls.Gate.Union(m.Gate).Union(p.Gate),
		}
		s.Bind.Checks = nil
		for _, f := range spec.methods {
			if hf := r.helper(f, &payload.Type); hf != nil {
				hf.Gate = hf.Gate.Union(s.Gate)
				s.Methods = append(s.Methods, hf)
			}
		}
		return s
	}
	return nil
}

// notification is the notification of side s named method, nil if none.
func notification(s *ir.RPCSide, method string) *ir.RPCMethod {
	for _, m := range s.Methods {
		if m.Name == method && m.Notification {
			return m
		}
	}
	return nil
}
