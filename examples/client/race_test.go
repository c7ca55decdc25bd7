//go:build race

package main

// Under -race the agent the remote tests serve is built with it too.
func init() { raceFlags = []string{"-race"} }
