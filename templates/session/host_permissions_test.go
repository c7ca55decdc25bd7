package session

import (
	"context"
	"errors"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

func TestPermissionPolicies(t *testing.T) {
	all := []acp.PermissionOption{
		{OptionID: "always", Kind: acp.PermissionOptionKindAllowAlways},
		{OptionID: "once", Kind: acp.PermissionOptionKindAllowOnce},
		{OptionID: "never", Kind: acp.PermissionOptionKindRejectAlways},
		{OptionID: "no", Kind: acp.PermissionOptionKindRejectOnce},
	}
	only := func(kinds ...int) []acp.PermissionOption {
		var o []acp.PermissionOption
		for _, k := range kinds {
			o = append(o, all[k])
		}
		return o
	}
	boom := errors.New("boom")
	for _, c := range []struct {
		name    string
		policy  Permissions
		options []acp.PermissionOption
		want    acp.PermissionOptionID // "": cancelled
		err     error
	}{
		{name: "allow once", policy: AllowOnce, options: all, want: "once"},
		{name: "allow once never allows always", policy: AllowOnce, options: only(0, 2), want: ""},
		{name: "reject once first", policy: Reject, options: all, want: "no"},
		{name: "reject always without reject once", policy: Reject, options: only(0, 1, 2), want: "never"},
		{name: "reject without reject options", policy: Reject, options: only(0, 1), want: ""},
		{name: "nil rejects", policy: nil, options: all, want: "no"},
		{name: "ask for allow always", policy: Ask(func(context.Context, *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error) {
			return acp.PermissionOptionKindAllowAlways, nil
		}), options: all, want: "always"},
		{name: "ask says nothing", policy: Ask(func(context.Context, *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error) { return "", nil }), options: all, want: ""},
		{name: "ask fails", policy: Ask(func(context.Context, *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error) {
			return "", boom
		}), options: all, err: boom},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp, err := c.policy.RequestPermission(context.Background(), &acp.RequestPermissionRequest{SessionID: "s", Options: c.options})
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("error %v, want %v", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			id, ok := resp.Outcome.Selected()
			if c.want == "" && ok || c.want != "" && id != c.want {
				t.Errorf("selected %q (%v), want %q", id, ok, c.want)
			}
		})
	}
}
