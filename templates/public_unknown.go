package templates

import "github.com/acpgen/acpgen/templates/wire"

// UnknownMembers holds the members of a JSON object that its Go type does
// not declare: added by a later revision of the protocol, by an unstable
// feature whose build tag is off, or by an extension. Decoding keeps them
// in the order they arrived, each value byte for byte, and encoding writes
// them back after the declared members, so that a program that decodes a
// message and encodes it again (a proxy, a recorder) loses nothing it did
// not understand. The zero value holds nothing; names are compared as
// unescaped text.
//
// Len counts them, All ranges over names and values in order, Get returns
// one by name, Set adds or replaces one (an error when the type declares
// that name: set its field instead) and Delete removes one; Clone copies
// them. Copies never see each other's changes. It is the codec's own type,
// which the generated structs hold as their Unknown field.
type UnknownMembers = wire.UnknownMembers
