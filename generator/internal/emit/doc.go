// Package emit renders the IR as Go with jennifer: one file per build
// constraint (types.go, <features>.go and their stand-ins), the method
// tables and envelope, validate.go when Validate is on, and the runtime
// copied from the templates package. It switches only on IR kinds and
// never sees a schema node.
package emit
