//go:build !js

package webtest

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The phone that the browser test (browser_test.go) and cmd/webfirstframe
// open the site as, in headless Chromium: 390×844 CSS pixels at scale 2,
// mobile, with touch and an Android browser's user agent.
const (
	PhoneW, PhoneH = 390, 844
	AndroidUA      = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36"
)

// PhoneOptions are the options of a headless Chromium at chrome with its
// profile in profile, a window of the phone's size and WebGL without a GPU
// (SwiftShader through ANGLE); NoSandbox, as it runs as root here.
func PhoneOptions(chrome, profile string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(PhoneW, PhoneH),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
	)
}

// EmulatePhone makes the browser's page the phone: its viewport, scale,
// touch and user agent.
func EmulatePhone(ctx context.Context) error {
	return chromedp.Do(ctx,
		chromedp.EmulateViewport(PhoneW, PhoneH, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: AndroidUA, Platform: "Android"})
			return err
		}),
	)
}
