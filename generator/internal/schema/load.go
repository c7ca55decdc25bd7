package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Doc is one loaded schema file: its root and its definitions by name,
// in document order.
type Doc struct {
	File   string
	Data   []byte // the document as read, for diffing two versions
	Draft  Drafts // the draft its $schema names (drafts.go)
	Root   *Node
	Defs   []Property
	ByName map[string]*Node
	// Extra are the schemas references point to that are neither the
	// root nor a definition, in the order first referenced; each is
	// named after its path (PathName).
	Extra []Property
	// RootReferenced is set when a reference points to the root.
	RootReferenced bool
	// RootType names the root's type when it has one (the command's
	// -root-type); empty, its title or the file's name does.
	RootType string
	// DynamicAnchors are the $dynamicAnchors of each schema resource (a
	// document's root or a schema with an $id), by the resource's root;
	// DynamicScope is set when a $dynamicRef resolves in the dynamic
	// scope (DynamicName), so that Validate's run-time schema needs them.
	DynamicAnchors map[*Node][]Property
	DynamicScope   bool
	targets        map[string]*Node // each $ref's schema by the $ref's path (refs.go)
}

// Load checks that data is JSON, that it is a valid JSON Schema (the
// validator's own message is returned otherwise), and parses it into nodes.
// Every error starts with the file name. Generate loads through Loads
// instead, which validates alongside the rest of the pipeline.
func Load(file string, data []byte) (*Doc, error) {
	var l Loads
	doc, err := l.Load(file, data)
	if verr := l.Finish(); verr != nil {
		return nil, verr
	}
	return doc, err
}

// parseSchema parses a syntactically valid document into nodes.
func parseSchema(file string, data []byte, files *Files) (*Doc, error) {
	root, err := parseNode(data, "#")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	doc := &Doc{File: file, Data: data, Draft: draftOf(data), Root: root, Defs: root.Defs, ByName: map[string]*Node{}}
	for _, d := range root.Defs {
		if doc.ByName[d.Name] == nil {
			doc.ByName[d.Name] = d.Schema
		}
	}
	if err := doc.resolveRefs(files); err != nil {
		return nil, diag.Map(err, func(e error) error { return fmt.Errorf("%s: %w", file, e) })
	}
	return doc, nil
}

// CheckJSONSyntax reports a syntax error with its line and column.
func CheckJSONSyntax(data []byte) error {
	// Unmarshal checks the whole input's syntax before decoding;
	// decoding into RawMessage then only copies it. (Into any, a valid
	// number beyond float64, 1e400, was reported as invalid JSON.)
	var v json.RawMessage
	err := json.Unmarshal(data, &v)
	var syn *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case strings.Contains(err.Error(), "unexpected end of JSON input"):
		line, col := lineCol(data, int64(len(data)))
		return fmt.Errorf("invalid JSON at line %d, column %d: unexpected end of input (truncated file?)", line, col)
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset)
		return fmt.Errorf("invalid JSON at line %d, column %d: %v", line, col, syn)
	default:
		return fmt.Errorf("invalid JSON: %v", err)
	}
}

func lineCol(data []byte, offset int64) (int, int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// validateSchema compiles data with the JSON Schema validator, which checks
// it against the meta-schema its $schema names (draft 4, 6, 7, 2019-09 or
// 2020-12; 2020-12 without one) and resolves its references.
func validateSchema(file string, data []byte, files *Files) error {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		_, data, err := files.read(url)
		return io.NopCloser(bytes.NewReader(forMetaValidation(data))), err
	}
	url := fileURL(file).String()
	if err := c.AddResource(url, bytes.NewReader(forMetaValidation(data))); err != nil {
		return fmt.Errorf("%s: invalid schema: %v", file, err)
	}
	if _, err := c.Compile(url); err != nil {
		return fmt.Errorf("%s: invalid schema: %s", file, describeSchemaError(err, url))
	}
	return nil
}

// describeSchemaError turns the validator's error into "#/path: message"
// lines, using the most specific causes it reports.
func describeSchemaError(err error, url string) string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		// A compilation error: it names the schema it is about by
		// its URL's fragment, if at all; without one it is about the
		// document as a whole, the root.
		msg := strings.ReplaceAll(err.Error(), url, "")
		msg = strings.ReplaceAll(msg, "jsonschema  compilation failed: ", "")
		if !strings.Contains(msg, "#") {
			msg = "#: " + msg
		}
		return msg
	}
	var lines []string
	var walk func(v *jsonschema.ValidationError)
	walk = func(v *jsonschema.ValidationError) {
		if len(v.Causes) == 0 {
			lines = append(lines, fmt.Sprintf("#%s: %s", v.InstanceLocation, v.Message))
			return
		}
		for _, c := range v.Causes {
			walk(c)
		}
	}
	walk(ve)
	return strings.Join(lines, "; ")
}
