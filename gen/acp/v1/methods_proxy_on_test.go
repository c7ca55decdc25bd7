//go:build unstable_proxy_chains || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The proxy side's methods are all unstable, so is its table.
func init() { methodTables["proxy"] = acp.ProxyMethods }

// proxy/successor is both a request and a notification of the proxy side:
// one constant, two table entries.
func TestProxySuccessorBothKinds(t *testing.T) {
	req, ok := acp.ProxyMethods.Request(acp.ProxyMethodProxySuccessor)
	note, ok2 := acp.ProxyMethods.Notification(acp.ProxyMethodProxySuccessor)
	if !ok || !ok2 || req.Params != "ProxySuccessorRequest" || req.Result != "ProxySuccessorResponse" || note.Params != "ProxySuccessorNotification" {
		t.Fatalf("request %+v, notification %+v", req, note)
	}
	v, err := acp.ProxyMethods.DecodeNotification("proxy/successor", []byte(`{"method":"session/update","params":{"sessionId":"s"}}`))
	if n, ok := v.(*acp.ProxySuccessorNotification); err != nil || !ok || n.Method != "session/update" {
		t.Errorf("notification: %#v, %v", v, err)
	}
}
