package downstream

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

// The schema edit a protocol release might bring: a new value of an open
// enum and a new variant of an open tagged union with its payload type.
// It is applied to schema.json and schema.unstable.json alike, since the
// unstable schema is a superset of the stable one.

// editSchema rewrites the schema file at path with both additions.
func editSchema(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	tree, err := parseOrdered(data)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	root, ok := tree.(*object)
	if !ok {
		return fmt.Errorf("%s: not a JSON object", path)
	}
	defs, ok := root.get("$defs").(*object)
	if !ok {
		return fmt.Errorf("%s: no $defs object", path)
	}
	if err := addEnumValue(defs, "PlanEntryPriority", "urgent"); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if err := addPlanArchived(defs); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	out, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}

// addEnumValue adds a string const to the enum definition def, before its
// catch-all.
func addEnumValue(defs *object, def, value string) error {
	item := fmt.Sprintf(`{"description": "Added by acpgen's downstream test.", "type": "string", "const": %q}`, value)
	return insertVariant(defs, def, item)
}

// addPlanArchived adds the definition PlanArchived and the SessionUpdate
// variant "plan_archived" carrying it; the catch-all's `not` list learns
// the new tag, as the published schema does for every known tag.
func addPlanArchived(defs *object) error {
	payload, err := parseOrdered([]byte(`{
		"description": "A plan was archived (added by acpgen's downstream test).",
		"type": "object",
		"properties": {"planId": {"description": "The archived plan.", "allOf": [{"$ref": "#/$defs/PlanId"}]}},
		"required": ["planId"]}`))
	if err != nil {
		return err
	}
	defs.set("PlanArchived", payload)
	tag := `{"type": "object", "properties": {"sessionUpdate": {"type": "string", "const": "plan_archived"}}, "required": ["sessionUpdate"]`
	if err := insertVariant(defs, "SessionUpdate", tag+`, "allOf": [{"$ref": "#/$defs/PlanArchived"}]}`); err != nil {
		return err
	}
	return excludeFromCatchAll(defs, "SessionUpdate", tag+"}")
}

// insertVariant parses item and inserts it into def's anyOf before the
// catch-all (the last item, titled "other"), or at the end without one.
func insertVariant(defs *object, def, item string) error {
	d, variants, err := anyOf(defs, def)
	if err != nil {
		return err
	}
	v, err := parseOrdered([]byte(item))
	if err != nil {
		return err
	}
	at := len(variants)
	if catchAll(variants) != nil {
		at--
	}
	d.set("anyOf", slices.Insert(variants, at, v))
	return nil
}

// excludeFromCatchAll appends item to the not.anyOf of def's catch-all.
func excludeFromCatchAll(defs *object, def, item string) error {
	_, variants, err := anyOf(defs, def)
	if err != nil {
		return err
	}
	other := catchAll(variants)
	if other == nil {
		return fmt.Errorf("%s has no catch-all variant", def)
	}
	not, ok := other.get("not").(*object)
	if !ok {
		return fmt.Errorf("%s: catch-all has no not", def)
	}
	excluded, _ := not.get("anyOf").([]any)
	v, err := parseOrdered([]byte(item))
	if err != nil {
		return err
	}
	not.set("anyOf", append(excluded, v))
	return nil
}

// anyOf returns the definition def and its non-empty anyOf.
func anyOf(defs *object, def string) (*object, []any, error) {
	d, ok := defs.get(def).(*object)
	if !ok {
		return nil, nil, fmt.Errorf("no definition %s", def)
	}
	variants, ok := d.get("anyOf").([]any)
	if !ok || len(variants) == 0 {
		return nil, nil, fmt.Errorf("%s has no anyOf", def)
	}
	return d, variants, nil
}

// catchAll returns the last variant when it is the catch-all (titled
// "other"), else nil.
func catchAll(variants []any) *object {
	last, ok := variants[len(variants)-1].(*object)
	if !ok || last.get("title") != "other" {
		return nil
	}
	return last
}
