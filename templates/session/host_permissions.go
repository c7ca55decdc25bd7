package session

import (
	"context"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Permissions answers session/request_permission: a policy. Embed it in
// the client's handler beside Base, set to AllowOnce, Reject or Ask(f).
type Permissions func(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error)

// RequestPermission applies the policy; a nil policy rejects.
func (f Permissions) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	if f == nil {
		return Reject(ctx, p)
	}
	return f(ctx, p)
}

// AllowOnce selects the request's allow_once option: the agent may go on
// this time and asks again next time. Without one it answers cancelled,
// which the agent reads as not allowed: a policy that allows once never
// allows always.
var AllowOnce = Ask(func(context.Context, *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error) {
	return acp.PermissionOptionKindAllowOnce, nil
})

// Reject refuses every request: it selects the reject_once option, else
// reject_always, else answers cancelled. reject_once comes first so that
// the agent remembers no decision the user did not make.
var Reject Permissions = func(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	if o, ok := optionOfKind(p, acp.PermissionOptionKindRejectOnce); ok {
		return selected(o), nil
	}
	return answerKind(p, acp.PermissionOptionKindRejectAlways), nil
}

// Ask is a policy that lets decide choose the kind of option (allow_once,
// allow_always, reject_once, reject_always): the request's first option of
// that kind is selected; no option of the kind, or "", answers cancelled.
// An error from decide is the request's error.
func Ask(decide func(ctx context.Context, p *acp.RequestPermissionRequest) (acp.PermissionOptionKind, error)) Permissions {
	return func(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
		kind, err := decide(ctx, p)
		if err != nil {
			return nil, err
		}
		return answerKind(p, kind), nil
	}
}

// answerKind selects the first option of the kind, or answers cancelled.
func answerKind(p *acp.RequestPermissionRequest, kind acp.PermissionOptionKind) *acp.RequestPermissionResponse {
	if o, ok := optionOfKind(p, kind); ok {
		return selected(o)
	}
	return &acp.RequestPermissionResponse{Outcome: acp.PermissionCancelled()}
}

// optionOfKind is the request's first option of the kind.
func optionOfKind(p *acp.RequestPermissionRequest, kind acp.PermissionOptionKind) (acp.PermissionOption, bool) {
	for _, o := range p.Options {
		if kind != "" && o.Kind == kind {
			return o, true
		}
	}
	return acp.PermissionOption{}, false
}

func selected(o acp.PermissionOption) *acp.RequestPermissionResponse {
	return &acp.RequestPermissionResponse{Outcome: acp.PermissionSelected(o.OptionID)}
}

// Base answers every client method with "method not found", one level
// further down a handler than the host's parts, so that theirs win: embed
// Base, not acp.UnimplementedClient, beside *Client, Permissions and, where
// the schema has the file system and terminal methods, *Files and
// *Terminals. Two embedded fields with a method of one name at the same
// depth would make it ambiguous, and the handler would not be an
// acp.Client.
//
//	type handler struct {
//		session.Base
//		*session.Client
//		session.Permissions
//		*session.Files     // ACP v1
//		*session.Terminals // ACP v1
//	}
type Base struct{ acp.UnimplementedClient }
