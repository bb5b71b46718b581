//go:build js

package pack

import "net/http"

// packClient: in the browser every request goes through the Fetch API
// (net/http's js round trip), which has no header timeout to set (the
// native builds' ResponseHeaderTimeout, client_native.go); cloning
// DefaultTransport would only link its HTTP/2 and TLS code into the wasm.
var packClient = http.DefaultClient
