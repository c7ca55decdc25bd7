// Package acpgen generates Go types for the Agent Client Protocol from its
// JSON Schema. The generator is in package generator, the command in
// cmd/acpgen, and the checked-in output for the vendored schemas in gen/
// (and for the seed documents' plan schema in internal/seedplan, and the
// depth benchmarks' recursive schema in bench/depth/tree).
package acpgen

//go:generate go run ./cmd/acpgen -protocol v1 -out gen/acp/v1 -package acp
//go:generate go run ./cmd/acpgen -protocol v2 -out gen/acp/v2 -package acp
//go:generate go run ./cmd/acpgen -schema schema/mplp/plan.schema.json -validate -out gen/mplp -package mplp
//go:generate go run ./cmd/acpgen -schema internal/seedplan/schema.json -out internal/seedplan -package seedplan
//go:generate go run ./cmd/acpgen -schema bench/depth/schema.json -out bench/depth/tree -package tree
