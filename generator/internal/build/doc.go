// Package build turns schema nodes into IR: it sorts every definition into
// a kind, names everything through one namespace, turns validation
// keywords into checks, applies the overrides file (patch fields, removed
// tags) and checks, when Validate is on, that every validation keyword
// ended up somewhere Validate can check it.
package build
