//go:build !(goexperiment.jsonv2 && go1.27)

package acptest

// jsonV2Paths is empty: this toolchain's generated packages have no
// json/v2 methods (see paths_jsonv2.go).
func jsonV2Paths() []Path { return nil }
