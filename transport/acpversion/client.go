package acpversion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// Offer is the initialize a client sends when it asks for one protocol
// version: its params are that version's InitializeRequest (v1's and v2's
// have different members, so each version has its own).
type Offer struct {
	// Protocol is the version asked for.
	Protocol int
	// Params is the version's InitializeRequest (typically a generated
	// package's *InitializeRequest), encoded with encoding/json; its
	// protocolVersion must be Protocol.
	Params any
}

// Negotiated is an initialized connection: its version, the agent's
// answer, and the connection to open the version's client on.
type Negotiated struct {
	// Protocol is the version the agent chose, one of the offers'.
	Protocol int
	// Result is the agent's answer to initialize: decode it into the
	// version's InitializeResponse.
	Result json.RawMessage
	// Transport is the connection, initialized: open the version's
	// NewClientConnTransport(Transport) on it and do not send initialize
	// again (requests of the new connection take ids of their own).
	Transport Transport
}

// DialFunc opens a new connection to the agent: a new agent process for
// stdio (StartAgentProcess of a generated package), a new acpremote.Dial.
type DialFunc func(ctx context.Context) (Transport, error)

// RPCError is an error the agent answered initialize with.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("acpversion: initialize failed: %s (%d)", e.Message, e.Code)
}

// initID is the id of the initialize Initialize sends: a string, so that
// it is no id the generated client's own requests take after it.
const initID = `"acpversion-initialize"`

// Initialize connects to an agent with the newest version offered, and
// falls back to an older one the agent prefers: it dials, sends the
// newest offer's initialize and, when the agent answers with an older
// version it also offers (an agent that speaks only v1 answers a v2
// initialize with version 1), or refuses with -32022 listing one, closes
// that connection and initializes a new one with that version's offer.
//
// Falling back takes a new connection because the versions' initialize
// params differ: the v1 agent read the v2 params and found none of v1's
// (clientCapabilities, clientInfo), so the capabilities it holds for the
// client are wrong, and a second initialize on the same connection is
// not something every transport carries (Streamable HTTP opens a
// connection per initialize). Against an agent of the newest version, or
// a Router serving it, Initialize costs one round trip, as a plain
// initialize does.
//
// ctx bounds the whole of it: a connection is closed when ctx ends.
func Initialize(ctx context.Context, dial DialFunc, offers ...Offer) (*Negotiated, error) {
	encoded, err := encodeOffers(offers)
	if err != nil {
		return nil, err
	}
	if dial == nil {
		return nil, errors.New("acpversion: Initialize needs a DialFunc")
	}
	offer := encoded[0]
	for {
		t, err := dial(ctx)
		if err != nil {
			return nil, err
		}
		n, next, err := attempt(ctx, t, offer, encoded)
		if err != nil || n != nil {
			if err != nil {
				_ = t.Close()
			}
			return n, err
		}
		_ = t.Close()
		offer = *next // always an older version: the loop ends
	}
}

// encodedOffer is an Offer with its params encoded, once, before the
// first connection.
type encodedOffer struct {
	protocol int
	params   json.RawMessage
}

// encodeOffers checks and encodes the offers, newest first.
func encodeOffers(offers []Offer) ([]encodedOffer, error) {
	if len(offers) == 0 {
		return nil, errors.New("acpversion: Initialize needs an offer")
	}
	encoded := make([]encodedOffer, len(offers))
	for i, o := range offers {
		params, err := json.Marshal(o.Params)
		if err != nil {
			return nil, fmt.Errorf("acpversion: encoding offer %d: %w", o.Protocol, err)
		}
		if v, ok := protocolVersionOf(params); !ok || v != o.Protocol {
			return nil, fmt.Errorf("acpversion: offer %d: its params' protocolVersion is not %d", o.Protocol, o.Protocol)
		}
		encoded[i] = encodedOffer{protocol: o.Protocol, params: params}
	}
	slices.SortFunc(encoded, func(a, b encodedOffer) int { return b.protocol - a.protocol })
	return encoded, nil
}

// attempt initializes t with offer: the connection when the agent took
// it, or the older offer to try on a new connection.
func attempt(ctx context.Context, t Transport, offer encodedOffer, offers []encodedOffer) (*Negotiated, *encodedOffer, error) {
	answer, err := exchange(ctx, t, offer)
	if err != nil {
		return nil, nil, err
	}
	chosen, err := chosenVersion(answer)
	if err != nil {
		return nil, nil, err
	}
	if answer.Error == nil && chosen == offer.protocol {
		return &Negotiated{Protocol: chosen, Result: answer.Result, Transport: t}, nil, nil
	}
	for i := range offers {
		if offers[i].protocol == chosen && chosen < offer.protocol {
			return nil, &offers[i], nil
		}
	}
	if answer.Error != nil {
		return nil, nil, answer.Error
	}
	return nil, nil, fmt.Errorf("acpversion: the agent chose protocol version %d, which was not offered", chosen)
}

// chosenVersion is the version the agent's answer points to: the result's
// protocolVersion, or for -32022 the newest version it lists as supported
// (-1 for none).
func chosenVersion(a *response) (int, error) {
	if a.Error == nil {
		v, ok := protocolVersionOf(a.Result)
		if !ok {
			return 0, errors.New("acpversion: the agent's answer to initialize has no valid protocolVersion")
		}
		return v, nil
	}
	if a.Error.Code != rpcerror.UnsupportedProtocol {
		return 0, a.Error
	}
	var data struct {
		Supported []int `json:"supported"`
	}
	_ = json.Unmarshal(a.Error.Data, &data)
	if len(data.Supported) == 0 {
		return -1, nil
	}
	return slices.Max(data.Supported), nil
}
