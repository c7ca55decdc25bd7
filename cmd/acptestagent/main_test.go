package main

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	kit1 "github.com/acpgen/acpgen/gen/acp/v1/acptest"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
	kit2 "github.com/acpgen/acpgen/gen/acp/v2/acptest"
)

// serve runs the command's agent for protocol on a pair of pipes and
// returns the client's ends and the run's result.
func serve(t *testing.T, protocol string) (io.Reader, io.WriteCloser, <-chan error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(protocol, inR, outW)
		outW.Close()
		done <- err
	}()
	t.Cleanup(func() { inW.Close() })
	return outR, inW, done
}

func TestServesV1(t *testing.T) {
	out, in, done := serve(t, "v1")
	client := &kit1.RecordingClient{}
	conn := acp1.NewClientConn(out, in)
	go conn.Serve(client)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := conn.Initialize(ctx, &acp1.InitializeRequest{ProtocolVersion: acp1.CurrentProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	s, err := conn.NewSession(ctx, &acp1.NewSessionRequest{Cwd: "/", MCPServers: []acp1.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := conn.Prompt(ctx, &acp1.PromptRequest{SessionID: s.SessionID, Prompt: []acp1.ContentBlock{acp1.TextBlock("all")}})
	if err != nil || res.StopReason != acp1.StopReasonEndTurn {
		t.Fatalf("all: %+v, %v", res, err)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("run ended with %v at the end of its input", err)
	}
}

func TestServesV2(t *testing.T) {
	out, in, done := serve(t, "v2")
	client := &kit2.RecordingClient{}
	conn := acp2.NewClientConn(out, in)
	go conn.Serve(client)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	init, err := conn.Initialize(ctx, &acp2.InitializeRequest{ProtocolVersion: acp2.CurrentProtocolVersion, Info: acp2.Implementation{Name: "t", Version: "1"}})
	if err != nil || init.ProtocolVersion != 2 {
		t.Fatalf("initialize: %+v, %v", init, err)
	}
	in.Close()
	if err := <-done; err != nil {
		t.Errorf("run ended with %v at the end of its input", err)
	}
}

func TestUnknownProtocol(t *testing.T) {
	if err := run("v3", nil, nil); !errors.Is(err, errProtocol) {
		t.Errorf("run v3: %v", err)
	}
}
