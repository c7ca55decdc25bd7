package emit

import (
	"fmt"
	"go/format"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/templates"
)

// sessionPackage renders the session subpackage: its fold table (the
// helpers stage's rows, and the type switches that read a variant's tag
// and a chunk's content) and the session runtime, compiled against the
// generated package by its import path, with the client host's parts the
// schema's client methods allow.
func sessionPackage(importPath string, f *ir.SessionFold) ([]OutputFile, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s\n\npackage %s\n\n", GeneratedHeader, templates.SessionPackage)
	fmt.Fprintf(&b, "import (\n\t\"context\"\n\n\tacp %q\n)\n\n", importPath)
	fmt.Fprintf(&b, "// Notification is the params of session/update: one update of one session.\ntype Notification = acp.%s\n\n", f.Notification)
	b.WriteString("// folds is what each session update does to a session's State, by the wire\n// name of its variant (sessionUpdate); the rest are kept in State.Other.\nvar folds = map[string]foldRow{\n")
	for _, r := range f.Rows {
		if r.Key != "" {
			fmt.Fprintf(&b, "\t%q: {op: %s, key: %q},\n", r.Tag, r.Op, r.Key)
		} else {
			fmt.Fprintf(&b, "\t%q: {op: %s},\n", r.Tag, r.Op)
		}
	}
	b.WriteString("}\n\n// updateTag returns the wire name of the variant u; \"\" for one of an\n// unstable feature or not known.\n")
	fmt.Fprintf(&b, "func updateTag(u acp.%s) string {\n\tswitch u.(type) {\n", f.Iface)
	for _, v := range f.Variants {
		fmt.Fprintf(&b, "\tcase *acp.%s:\n\t\treturn %q\n", v.Go, v.Tag)
	}
	b.WriteString("\t}\n\treturn \"\"\n}\n\n// chunkOf returns the message id and content of a message chunk.\n")
	fmt.Fprintf(&b, "func chunkOf(u acp.%s) (string, acp.ContentBlock, bool) {\n\tswitch v := u.(type) {\n", f.Iface)
	for _, v := range f.Variants {
		if !v.Chunk {
			continue
		}
		id := `""`
		switch {
		case v.ID != "" && v.IDPointer:
			id = fmt.Sprintf("idOf(v.%s)", v.ID)
		case v.ID != "":
			id = fmt.Sprintf("string(v.%s)", v.ID)
		}
		fmt.Fprintf(&b, "\tcase *acp.%s:\n\t\treturn %s, v.%s, true\n", v.Go, id, v.Content)
	}
	b.WriteString("\t}\n\treturn \"\", acp.ContentBlock{}, false\n}\n\n")
	b.WriteString("// sendCancel sends the notification that cancels the session's prompt.\n")
	fmt.Fprintf(&b, "func sendCancel(ctx context.Context, c *acp.ClientConn, id acp.SessionID) error {\n\treturn c.%s(ctx, &acp.%s{SessionID: id})\n}\n", f.Cancel, f.CancelParams)
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, fmt.Errorf("session fold: %w", err)
	}
	rt, err := copyTemplates(templates.SessionPackage, importPath, manifestFiles(func(n templates.Need) bool {
		return n == templates.Sessions || (n == templates.HostPermissions && f.Permissions) || (n == templates.HostMachine && f.Machine)
	}))
	if err != nil {
		return nil, err
	}
	return append([]OutputFile{{Name: templates.SessionPackage + "/" + templates.SessionTable, Content: src}}, rt...), nil
}
