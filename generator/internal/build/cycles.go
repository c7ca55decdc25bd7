package build

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// CheckCycles rejects types that would contain themselves by value, which
// Go cannot declare ("invalid recursive type"): a $ref cycle through
// aliases or allOf wrappers (A is B, B is A), and a cycle of required,
// non-nullable members, each held by value (a struct that must contain
// itself). A cycle through an optional or nullable member (a pointer), an
// array, a map or a union (an interface) is fine. It runs after the
// overrides, since a patch member holds its value too. The walk is
// iterative and visits each type and member once: O(types + members).
func CheckCycles(file string, types []*ir.Decl) error {
	byName := make(map[string]*ir.Decl, len(types))
	for _, t := range types {
		byName[t.Name] = t
	}
	const (
		unseen = iota
		open
		done
	)
	state := make(map[string]int, len(types))
	type frame struct {
		decl  *ir.Decl
		edges []valueEdge
		next  int
	}
	for _, root := range types {
		if state[root.Name] != unseen {
			continue
		}
		stack := []frame{{decl: root, edges: valueEdges(root)}}
		state[root.Name] = open
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(top.edges) {
				state[top.decl.Name] = done
				stack = stack[:len(stack)-1]
				continue
			}
			e := top.edges[top.next]
			top.next++
			target := byName[e.target]
			if target == nil {
				continue
			}
			switch state[target.Name] {
			case open:
				var cycle []string
				for i := len(stack) - 1; i >= 0; i-- {
					cycle = append(cycle, stack[i].edges[stack[i].next-1].via)
					if stack[i].decl == target {
						break
					}
				}
				if aliasesOnly(cycle) {
					return fmt.Errorf("%s: %s: $ref cycle with no value in between (%s): %s would be its own definition",
						file, target.Path, abridgeCycle(cycle), target.Name)
				}
				return fmt.Errorf("%s: %s: %s contains itself by value (%s), which Go cannot declare; make a member along the cycle optional or nullable, or hold it in an array",
					file, target.Path, target.Name, abridgeCycle(cycle))
			case unseen:
				state[target.Name] = open
				stack = append(stack, frame{decl: target, edges: valueEdges(target)})
			}
		}
	}
	return nil
}

// valueEdge is a named type t holds by value, and how ("A is B" for an
// alias, "A.Next holds B" for a member).
type valueEdge struct {
	target, via string
}

func valueEdges(t *ir.Decl) []valueEdge {
	var out []valueEdge
	switch {
	case t.Kind == ir.KindNewtype && t.Newtype.Kind == ir.ExprNamed:
		out = append(out, valueEdge{t.Newtype.Named, t.Name + " is " + t.Newtype.Named})
	case t.Kind == ir.KindStruct:
		for _, f := range t.Struct.Fields {
			if f.Type.Kind == ir.ExprNamed && (f.Patch || !f.Pointer()) {
				out = append(out, valueEdge{f.Type.Named, t.Name + "." + f.Go + " holds " + f.Type.Named})
			}
		}
	}
	return out
}

// abridgeCycle writes a cycle found walking back from its end, in order,
// keeping the first and last 6 steps of a longer one.
func abridgeCycle(back []string) string {
	steps := make([]string, 0, len(back))
	for i := len(back) - 1; i >= 0; i-- {
		steps = append(steps, back[i])
	}
	if len(steps) > 12 {
		steps = append(append(steps[:6:6], fmt.Sprintf("… %d more steps …", len(steps)-12)), steps[len(steps)-6:]...)
	}
	return strings.Join(steps, ", ")
}

func aliasesOnly(steps []string) bool {
	for _, s := range steps {
		if strings.Contains(s, " holds ") {
			return false
		}
	}
	return true
}
