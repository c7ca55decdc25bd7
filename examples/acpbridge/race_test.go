//go:build race

package main

// Under -race the client the tests run is built with it too.
func init() { buildFlags = append(buildFlags, "-race") }
