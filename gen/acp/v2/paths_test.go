package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// TestEveryPath runs the semantics suite through each way a program
// reaches the generated code (acptest.Paths; v1's TestEveryPath says
// which): patch members and the removed plan tag included.
func TestEveryPath(t *testing.T) {
	acptest.RunPaths(t, acptest.Paths(acp.Marshal), []acptest.Test{
		{Name: "Fixtures", Run: TestFixtures},
		{Name: "Enums", Run: TestEnums},
		{Name: "OpenUnionUnknownVariant", Run: TestOpenUnionUnknownVariant},
		{Name: "KnownTagBadPayload", Run: TestKnownTagBadPayload},
		{Name: "MissingRequiredPath", Run: TestMissingRequiredPath},
		{Name: "Lenient", Run: TestLenient},
		{Name: "RawBytesExact", Run: TestRawBytesExact},
		{Name: "UntaggedUnions", Run: TestUntaggedUnions},
		{Name: "EncodeUnsetUnion", Run: TestEncodeUnsetUnion},
		{Name: "WireDetails", Run: TestWireDetails},
		{Name: "DuplicateTagRejected", Run: TestDuplicateTagRejected},
		{Name: "RequestIDNegativeZero", Run: TestRequestIDNegativeZero},
		{Name: "PatchFieldsThreeStates", Run: TestPatchFieldsThreeStates},
		{Name: "PatchFieldInsideUnion", Run: TestPatchFieldInsideUnion},
		{Name: "RemovedPlanTag", Run: TestRemovedPlanTag},
	})
}
