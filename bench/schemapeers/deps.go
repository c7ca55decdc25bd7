package main

// go-jsonschema's output imports mapstructure (for types that keep
// additional properties). Importing it here keeps it, at a pinned
// version, in this module's go.mod and go.sum, from which the throwaway
// module that builds that output takes its requirements.
import _ "github.com/go-viper/mapstructure/v2"
