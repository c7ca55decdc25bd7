package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// TestEveryPath runs the semantics suite through each way a program
// reaches the generated code (acptest.Paths): the package's own
// UnmarshalJSON and Marshal, json.Unmarshal and json.Marshal of a user's
// struct holding the value, and, on Go 1.27 and later, encoding/json/v2's
// Unmarshal and Marshal of that struct, which call the generated
// UnmarshalJSONFrom and MarshalJSONTo. Unknown members, duplicates,
// lenient members, removed tags, -0 ids and error paths hold on each.
func TestEveryPath(t *testing.T) {
	acptest.RunPaths(t, acptest.Paths(acp.Marshal), []acptest.Test{
		{Name: "Fixtures", Run: TestFixtures},
		{Name: "Enums", Run: TestEnums},
		{Name: "ClosedUnionUnknownTag", Run: TestClosedUnionUnknownTag},
		{Name: "KnownTagBadPayload", Run: TestKnownTagBadPayload},
		{Name: "MissingRequiredPath", Run: TestMissingRequiredPath},
		{Name: "Lenient", Run: TestLenient},
		{Name: "RawBytesExact", Run: TestRawBytesExact},
		{Name: "UntaggedUnions", Run: TestUntaggedUnions},
		{Name: "EncodeUnsetUnion", Run: TestEncodeUnsetUnion},
		{Name: "WireDetails", Run: TestWireDetails},
		{Name: "UnknownMembersFromPeers", Run: TestUnknownMembersFromPeers},
		{Name: "ForwardUnknownMember", Run: TestForwardUnknownMember},
		{Name: "BareObjectCapability", Run: TestBareObjectCapability},
		{Name: "DuplicateMapKeyAndGatedMember", Run: TestDuplicateMapKeyAndGatedMember},
		{Name: "RequestIDNegativeZero", Run: TestRequestIDNegativeZero},
		{Name: "SessionInfoUpdatePatch", Run: TestSessionInfoUpdatePatch},
	})
}
