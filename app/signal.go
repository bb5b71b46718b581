package app

import (
	"os"
	"time"
)

// Stopping on SIGINT/SIGTERM. Fyne's desktop driver quits by itself on
// these signals (the lifecycle's hooks save the game). Its mobile driver
// does not: its Quit does nothing (a phone's apps are stopped by the
// system), and the simulated phone of `-tags mobile` went on running
// after SIGTERM, as the app's own signal.Notify had switched the default
// action off. There the app saves and exits itself.

// signalSaveWait bounds the wait for the UI goroutine to save: a stuck UI
// must not keep the process alive.
const signalSaveWait = 2 * time.Second

// desktopQuitWait bounds Fyne's own quit on the desktop after a signal (a
// quit takes about 0.1 s; the crash test waits 15 s).
const desktopQuitWait = 5 * time.Second

// prefsFlushWait is how long the preferences need to reach their file
// after the last change: Fyne writes them at once, but a change within
// 100 ms of the previous write is written 100 ms later (app/preferences.go).
const prefsFlushWait = 250 * time.Millisecond

// onSignal handles SIGINT/SIGTERM, on the signal's goroutine: from now on
// no result reaches the UI; on a phone driver the game is saved on the UI
// goroutine and the process exits with code 0, as the desktop's does after
// Fyne's Quit.
func (a *App) onSignal(mobile bool, exit func(int)) {
	a.interrupt()
	if !mobile {
		// Fyne quits and the lifecycle saves. But Fyne v2.7.1's quit can
		// hang: a lifecycle event queued as its loop ends waits forever for
		// the main thread (main in Lifecycle.WaitForEvents, the event in
		// runOnMainWithWait).
		// Every change is saved as it is made, so a quit that has not ended
		// the process after desktopQuitWait ends it.
		go func() {
			time.Sleep(desktopQuitWait)
			exit(0)
		}()
		return
	}
	saved := make(chan struct{})
	a.opts.Do(func() { // not a.do: it drops callbacks once stopping
		defer close(saved)
		a.saveWindowSize()
		a.saveCurrent() // and waits for every write
	})
	select {
	case <-saved:
		time.Sleep(prefsFlushWait)
	case <-time.After(signalSaveWait):
	}
	exit(0)
}

// exitProcess ends the process (os.Exit; tests pass their own).
func exitProcess(code int) { os.Exit(code) }
