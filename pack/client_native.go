//go:build !js

package pack

import (
	"net/http"
	"time"
)

// packClient is http.DefaultClient's transport with a limit on the wait
// for a response's headers: a site that never answers fails instead of
// "looking" for ever (a stalled body: stallTimeout). The browser's is
// client_js.go.
var packClient = func() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = 30 * time.Second
	return &http.Client{Transport: tr}
}()
