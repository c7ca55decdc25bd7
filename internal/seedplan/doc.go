// Package seedplan is the plan surface of ACP as the project's seed
// documents describe it, before the published schema renamed the plan id
// from id to planId. acpgen generates it from schema.json (see generate.go);
// the tests beside it decode every JSON example of the seeds with it, so the
// seeds' own revision of the protocol is checked with the same generator as
// the published one.
//
// The v2 types have plain names (SessionUpdate, PlanUpdateContent, open
// enums); the v1 types that differ start with V1 (closed unions and enums).
// The generated files start with a "Code generated" header and are
// rewritten by go generate; doc.go and the tests are not. The comment
// acpgen writes for the generated part (package_doc.go) follows.
package seedplan
