//go:build js

package app

import (
	"syscall/js"

	gl "github.com/fyne-io/gl-js"
)

// withGL runs f with the page's WebGL context current, as Fyne's driver
// runs its own drawing.
//
// Fyne's browser driver (2.7.1) answers a new theme at once, inside
// Settings().SetTheme: its settings listener rescales the window, which
// frees the text textures of the old faces (cache.DeleteTextTexturesFor),
// but it does so outside the window's RunWithContext. In the browser the GL
// binding's context is null between frames (gl-js's ContextWatcher.OnDetach
// after every draw), so the first texture freed panics ("syscall/js: call
// of Value.Call on null") and the Go program exits: a change of language
// between the two Chinese scripts (another font), of text size or of theme
// killed the app. Fyne's issue 5931, open; the desktop's GL tolerates the
// call without a context. The canvas is the one glfw-js added to the page
// (start.js's WebGL probe is never in the document); getContext of the type
// it was made with returns that same context.
func withGL(f func()) {
	if ctx := pageGL(); !ctx.IsNull() {
		gl.ContextWatcher.OnMakeCurrent(ctx)
		defer gl.ContextWatcher.OnDetach() // as the driver leaves it after a frame
	}
	f()
}

// pageGL is the WebGL context of the app's canvas, null before there is one.
func pageGL() js.Value {
	c := js.Global().Get("document").Call("querySelector", "canvas")
	if c.IsNull() || c.IsUndefined() {
		return js.Null()
	}
	for _, kind := range []string{"webgl", "experimental-webgl"} {
		if ctx := c.Call("getContext", kind); !ctx.IsNull() && !ctx.IsUndefined() {
			return ctx
		}
	}
	return js.Null()
}
