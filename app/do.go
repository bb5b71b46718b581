package app

import "sync"

// heldCalls are UI callbacks kept until the UI goroutine runs. Before Run,
// Fyne's mobile driver (a phone, and the simulated one) runs fyne.Do's
// function at once on the goroutine that calls it, so a callback handed
// over while New builds the screens (a table loaded in the background
// refreshing the game screen) would run beside New on the main goroutine.
type heldCalls struct {
	mu    sync.Mutex
	on    bool
	calls []func()
}

// hold keeps f if the calls are held.
func (h *heldCalls) hold(f func()) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.on {
		h.calls = append(h.calls, f)
	}
	return h.on
}

// release stops holding and returns what was held, in order.
func (h *heldCalls) release() []func() {
	h.mu.Lock()
	defer h.mu.Unlock()
	calls := h.calls
	h.on, h.calls = false, nil
	return calls
}

// runHeld runs, on the UI goroutine once the driver runs, what do was
// handed before; from then on do goes to Options.Do.
func (a *App) runHeld() {
	for _, f := range a.held.release() {
		if !a.stopping.Load() {
			f()
		}
	}
}

// do runs f on the UI goroutine (Options.Do, fyne.Do), unless the app is
// stopping. Goroutines hand their results back through it.
func (a *App) do(f func()) {
	if a.stopping.Load() || a.held.hold(f) {
		return
	}
	a.opts.Do(func() {
		if a.stopping.Load() {
			return
		}
		f()
	})
}

// interrupt marks the app as stopping, from any goroutine: a SIGINT or
// SIGTERM, which Fyne answers by quitting (it saves the game through the
// lifecycle's exited-foreground hook on the UI goroutine).
func (a *App) interrupt() { a.stopping.Store(true) }
