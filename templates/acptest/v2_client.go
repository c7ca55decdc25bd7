//go:build acptest_v2

package acptest

import (
	"context"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// RecordingClient is a client for tests: it records every request and
// notification it receives, in arrival order, and answers the agent's
// callbacks from its fields: permission from Permission, elicitations
// from Elicitation. Set the fields before the connection serves it; the
// zero value answers as DefaultPermission and declines elicitations.
type RecordingClient struct {
	// Permission chooses the outcome of a permission request; nil is
	// DefaultPermission.
	Permission func(*acp.RequestPermissionRequest) acp.RequestPermissionOutcome
	// Elicitation answers elicitation/create; nil declines.
	Elicitation func(*acp.CreateElicitationRequest) (*acp.CreateElicitationResponse, error)

	recorder
	// Methods of unstable features, under their build tags, answer
	// "method not found" unrecorded.
	acp.UnimplementedClient
	updates record[*acp.UpdateSessionNotification]
}

// DefaultPermission selects the first option that allows once, then the
// first that allows always, then cancels.
func DefaultPermission(p *acp.RequestPermissionRequest) acp.RequestPermissionOutcome {
	for _, kind := range []acp.PermissionOptionKind{acp.PermissionOptionKindAllowOnce, acp.PermissionOptionKindAllowAlways} {
		for _, o := range p.Options {
			if o.Kind == kind {
				return acp.PermissionSelected(o.OptionID)
			}
		}
	}
	return acp.PermissionCancelled()
}

// Updates returns every session/update received so far, in order.
func (c *RecordingClient) Updates() []*acp.UpdateSessionNotification { return c.updates.all() }

// WaitUpdates returns the updates once there are at least n, or those so
// far with ctx's error when ctx ends first.
func (c *RecordingClient) WaitUpdates(ctx context.Context, n int) ([]*acp.UpdateSessionNotification, error) {
	return c.updates.wait(ctx, n)
}

func (c *RecordingClient) SessionUpdate(ctx context.Context, p *acp.UpdateSessionNotification) error {
	c.note("session/update", p)
	c.updates.add(p)
	return nil
}

func (c *RecordingClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	c.note("session/request_permission", p)
	choose := c.Permission
	if choose == nil {
		choose = DefaultPermission
	}
	return &acp.RequestPermissionResponse{Outcome: choose(p)}, nil
}

func (c *RecordingClient) CreateElicitation(ctx context.Context, p *acp.CreateElicitationRequest) (*acp.CreateElicitationResponse, error) {
	c.note("elicitation/create", p)
	if c.Elicitation != nil {
		return c.Elicitation(p)
	}
	return &acp.CreateElicitationResponse{Union: acp.NewCreateElicitationResponseDecline(acp.CreateElicitationResponseDecline{})}, nil
}

func (c *RecordingClient) ElicitationComplete(ctx context.Context, p *acp.CompleteElicitationNotification) error {
	c.note("elicitation/complete", p)
	return nil
}

func (c *RecordingClient) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	c.note(method, p)
	r := acp.ExtResponse("{}")
	return &r, nil
}

func (c *RecordingClient) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	c.note(method, p)
	return nil
}
