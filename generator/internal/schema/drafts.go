package schema

import (
	"encoding/json"
	"strings"
)

// draftURLs maps the meta-schema URLs of the drafts acpgen reads to them;
// the validator knows the same ones, so a document naming another is
// reported by the validator.
var draftURLs = map[string]Drafts{
	"json-schema.org/draft-04/schema":      Draft4,
	"json-schema.org/draft-06/schema":      Draft6,
	"json-schema.org/draft-07/schema":      Draft7,
	"json-schema.org/draft/2019-09/schema": Draft2019,
	"json-schema.org/draft/2020-12/schema": Draft2020,
}

// draftOf is the draft data's $schema names; 2020-12, the validator's
// default, when it names none. What a draft changes in reading the
// document: keywords beside $ref are ignored until draft 7 and apply
// from 2019-09 on (refs.go). Keywords whose form changed (items as a
// list, boolean exclusiveMinimum) are told apart by their value.
func draftOf(data []byte) Drafts {
	var head struct {
		Schema string `json:"$schema"`
	}
	if json.Unmarshal(data, &head) != nil {
		return Draft2020
	}
	u := strings.TrimSuffix(head.Schema, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if d, ok := draftURLs[u]; ok {
		return d
	}
	return Draft2020
}
