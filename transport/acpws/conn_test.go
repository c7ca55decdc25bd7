package acpws

import (
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestMessagesBothWays: messages go each way as text frames, unchanged
// and without a newline; both ends know the connection's id, a UUID the
// server made.
func TestMessagesBothWays(t *testing.T) {
	h := &Handler{}
	conns := serverConns(t, h)
	client := dial(t, serve(t, h), nil)
	server := recv(t, conns, "server conn")
	msgs := []string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, `[{"a":"é"}]`, `{}`}
	for _, m := range msgs {
		if err := client.WriteMessage([]byte(m)); err != nil {
			t.Fatal(err)
		}
		got, err := server.ReadMessage()
		if err != nil || string(got) != m {
			t.Fatalf("server read %q, %v; want %q", got, err, m)
		}
		if err := server.WriteMessage(got); err != nil {
			t.Fatal(err)
		}
		back, err := client.ReadMessage()
		if err != nil || string(back) != m {
			t.Fatalf("client read %q, %v; want %q", back, err, m)
		}
	}
	uuid := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	if id := server.ConnectionID(); !uuid.MatchString(id) || client.ConnectionID() != id {
		t.Fatalf("connection ids: server %q, client %q", id, client.ConnectionID())
	}
	if server.Request() == nil || client.Request() != nil {
		t.Fatal("Request: the upgrade request on the server side only")
	}
}

// TestPeerCloseIsEOF: a peer's Close is the end of input on the other
// side (io.EOF), from either side; after its own Close a side's reads and
// writes return ErrClosed.
func TestPeerCloseIsEOF(t *testing.T) {
	h := &Handler{}
	conns := serverConns(t, h)
	url := serve(t, h)
	for _, clientCloses := range []bool{true, false} {
		client := dial(t, url, nil)
		server := recv(t, conns, "server conn")
		closer, reader := server, client
		if clientCloses {
			closer, reader = client, server
		}
		pending := readAsync(reader)
		within(t, 3*time.Second, "Close", func() { _ = closer.Close() })
		if r := recv(t, pending, "read"); r.err != io.EOF {
			t.Fatalf("clientCloses=%v: peer read %q, %v; want io.EOF", clientCloses, r.msg, r.err)
		}
		if _, err := closer.ReadMessage(); !errors.Is(err, ErrClosed) {
			t.Fatalf("read after Close: %v", err)
		}
		if err := closer.WriteMessage([]byte(`{}`)); !errors.Is(err, ErrClosed) {
			t.Fatalf("write after Close: %v", err)
		}
	}
}

// TestCloseUnblocksRead: Close ends a ReadMessage blocked waiting for a
// peer that sends nothing, at once when the peer answers the close
// frame.
func TestCloseUnblocksRead(t *testing.T) {
	h := &Handler{}
	conns := serverConns(t, h)
	client := dial(t, serve(t, h), nil)
	server := recv(t, conns, "server conn")
	clientEnd := readAsync(client)
	pending := readAsync(server)
	time.Sleep(50 * time.Millisecond) // the read is blocked
	within(t, time.Second, "Close", func() { _ = server.Close() })
	if r := recv(t, pending, "blocked read"); !errors.Is(r.err, ErrClosed) {
		t.Fatalf("blocked read: %v, want ErrClosed", r.err)
	}
	if r := recv(t, clientEnd, "client read"); r.err != io.EOF {
		t.Fatalf("client read: %v, want io.EOF", r.err)
	}
}

// TestCloseUnresponsivePeer: a peer that reads nothing never answers the
// close frame; Close drops the connection after CloseTimeout, ending the
// blocked read and a write blocked on the full socket.
func TestCloseUnresponsivePeer(t *testing.T) {
	h := &Handler{CloseTimeout: 200 * time.Millisecond, IdleTimeout: -1}
	conns := serverConns(t, h)
	url := serve(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	raw, _, err := websocket.Dial(ctx, url, nil) // never reads
	if err != nil {
		t.Fatal(err)
	}
	defer raw.CloseNow()
	server := recv(t, conns, "server conn")
	pending := readAsync(server)

	// Fill the socket: the write that blocks is left blocked.
	chunk := bytes.Repeat([]byte("x"), 256<<10)
	written := make(chan error, 1)
	go func() {
		for {
			if err := server.WriteMessage(chunk); err != nil {
				written <- err
				return
			}
		}
	}()
	waitBlocked(t, server)
	start := time.Now()
	within(t, 2*time.Second, "Close", func() { _ = server.Close() })
	if err := recv(t, written, "blocked write"); !errors.Is(err, ErrClosed) {
		t.Fatalf("blocked write: %v, want ErrClosed", err)
	}
	if r := recv(t, pending, "blocked read"); !errors.Is(r.err, ErrClosed) {
		t.Fatalf("blocked read: %v, want ErrClosed", r.err)
	}
	t.Logf("Close with a write blocked took %v", time.Since(start))

	// Nothing blocked in a write: the close handshake waits CloseTimeout.
	raw2, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw2.CloseNow()
	server2 := recv(t, conns, "server conn")
	pending2 := readAsync(server2)
	start = time.Now()
	within(t, 2*time.Second, "Close", func() { _ = server2.Close() })
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("Close returned after %v, before the CloseTimeout", d)
	}
	if r := recv(t, pending2, "blocked read"); !errors.Is(r.err, ErrClosed) {
		t.Fatalf("blocked read: %v, want ErrClosed", r.err)
	}
}

// waitBlocked waits until c has a write that does not end.
func waitBlocked(t *testing.T, c *Conn) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c.writing.Load() {
			time.Sleep(200 * time.Millisecond)
			if c.writing.Load() {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the writes never blocked")
}

// TestBinaryFramesSkipped: binary frames carry no ACP message (RFD); the
// next text frame is read.
func TestBinaryFramesSkipped(t *testing.T) {
	h := &Handler{}
	conns := serverConns(t, h)
	url := serve(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	raw, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.CloseNow()
	server := recv(t, conns, "server conn")
	_ = raw.Write(ctx, websocket.MessageBinary, []byte(`{"jsonrpc":"2.0","method":"binary"}`))
	_ = raw.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","method":"text"}`))
	got, err := server.ReadMessage()
	if err != nil || !strings.Contains(string(got), `"text"`) {
		t.Fatalf("read %q, %v; want the text frame", got, err)
	}
}
