package templates

import "github.com/acpgen/acpgen/templates/wire"

// These assignments pin every signature the Validate emitter relies on:
// changing one breaks the build here rather than in generated code.
var (
	_ func(validatable) error                  = validRun
	_ func(*validator, string)                 = (*validator).enterKey
	_ func(*validator, int)                    = (*validator).enterIndex
	_ func(*validator)                         = (*validator).leave
	_ func(*validator, string)                 = (*validator).missing
	_ func(*validator, string)                 = (*validator).unset
	_ func(*validator, string, string, string) = (*validator).unknownEnum
	_ func(*validator, string, int)            = (*validator).minLength
	_ func(*validator, string, int)            = (*validator).maxLength
	_ func(*validator, int, int)               = (*validator).minItems
	_ func(*validator, int, int)               = (*validator).maxItems
	_ func(*validator, string)                 = (*validator).formatUUID
	_ func(*validator, string)                 = (*validator).formatDateTime
	_ func(*validator, string)                 = (*validator).formatURI
	_ func(*validator, int64, int64)           = validMinimum[int64]
	_ func(*validator, uint32, uint32)         = validMaximum[uint32]
	_ func(*validator, float64, float64)       = validExclusiveMinimum[float64]
	_ func(*validator, float64, float64)       = validExclusiveMaximum[float64]
	_ func(map[string]int) []string            = wire.SortedKeys[int]
	_ error                                    = (*ValidationError)(nil)
	_ error                                    = Violation{}
)
