// Package app holds the screens of Hunt Chess: home, new game, the game
// itself, rules and settings, with navigation, preferences, resuming a saved
// game, the app theme and keyboard shortcuts.
//
// main creates the Fyne app and hands it to New; everything else happens
// here. All UI work runs on Fyne's UI goroutine; the AI searches in its own
// goroutines and hands results back through App.do (fyne.Do).
package app

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// Options configure an App. The zero value is the real app.
type Options struct {
	// Think is the AI's move search (default the engine with the app's
	// endgame tables behind it: ai.Engine.Think).
	Think session.ThinkFunc
	// Hint is the hint search (default ai.Engine.Hint, with the tables).
	Hint session.HintFunc
	// Clock drives the turn timer (default the real time).
	Clock session.Clock
	// Do runs f on the UI goroutine (default fyne.Do). Tests pass a queue
	// they drain themselves.
	Do func(f func())
	// TickEvery is how often the turn timer is checked (default 250 ms);
	// negative means never (tests tick by hand).
	TickEvery time.Duration
	// WatchDelay is the least time per move when the AI plays itself
	// (default 700 ms, so a person can follow; negative: none).
	WatchDelay time.Duration
	// BannerShown is how long a banner stays over the board (default
	// 2.5 s: bannerShown); tests shorten it.
	BannerShown time.Duration
	// Dev opens the app on a given screen (scripts/screenshots.sh); nil in
	// normal use. It skips the offer to resume a saved game.
	Dev *Dev
	// SystemLocale is the system's locale, for the "follow the system"
	// language (default: from the environment).
	SystemLocale string
	// Icon is the window icon used when the app has none from its packaging
	// metadata (nil: none).
	Icon fyne.Resource
	// Sound plays the sounds (default: the device's, silent without one).
	Sound SoundPlayer
	// Version and Build are the app's version from FyneApp.toml (main
	// embeds it), shown on the About screen when Fyne has no metadata.
	Version string
	Build   int
	// SaveDir is the folder of the saved game (default: the app's storage,
	// fyne.App.Storage().RootURI()). Tests pass their own.
	SaveDir string
	// Tables, if set, is the owner of the endgame tables (tests); else
	// EndgameTables makes one.
	Tables *session.Tables
	// EndgameTables loads (or solves once, in the background) the endgame
	// tables into SaveDir/tables and puts them behind Master and the hints
	// (app/tables.go). Off in tests unless they ask for it.
	EndgameTables bool
}

// App is the running Hunt Chess user interface: one window and its screens.
type App struct {
	fa    fyne.App
	win   fyne.Window
	prefs *session.Vault // settings, statistics, progress (over Fyne's preferences)
	opts  Options
	saves *session.Store // the game to resume
	// history keeps the finished games (history.go).
	history *session.History
	// tables loads and builds the endgame tables and owns them (nil: none,
	// as in tests; a nil manager has no tables).
	tables *session.Tables
	// pack downloads the table pack (packview.go; nil: none, as in the
	// browser and in tests without tables).
	pack *session.PackJob

	settings session.Settings
	stack    []screen // the screen shown is the last one
	unsub    func()
	closed   bool
	shown    bool // the window exists on screen (its title may change)

	// startNotice is a message ID to show once the first screen is up
	// (a corrupt saved game).
	startNotice string
	// startRecoveries is what was damaged at the start (logRecoveries).
	startRecoveries []session.Recovery
	// startDialog is the offer to resume a saved game ("resume.message") or
	// the notice that it was corrupt ("resume.corrupt"), while on screen;
	// startMsg is its message ID. A language switch shows it again.
	startDialog dialog.Dialog
	startMsg    string

	// stopping is set once the app is going away (SIGINT/SIGTERM, the
	// lifecycle's stop, Close): from then on do drops every callback. At
	// shutdown Fyne's queue is drained and fyne.Do runs a function at once
	// on the goroutine that calls it, so a late AI result or timer tick
	// would touch the UI off the UI goroutine.
	stopping atomic.Bool

	// held keeps what do is handed before the driver runs (the app's own
	// fyne.Do only; released by the lifecycle's start, on the UI goroutine).
	held heldCalls
}

// heldCalls are UI callbacks kept until the UI goroutine runs. Before Run,
// Fyne's mobile driver (a phone, and the simulated one) runs fyne.Do's
// function at once on the goroutine that calls it: a table loaded in the
// background then refreshed the game screen while New was still building
// it on the main goroutine (a nil label in gameScreen.refresh, 2 of 5
// simulated-phone starts into a Beat the Wolf game).
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

// screen is one page of the app.
type screen interface {
	// content builds the page in the current language.
	content() fyne.CanvasObject
	// close releases the page (cancels searches, stops timers).
	close()
}

// New builds the app's window on fa and shows the home screen (with the offer
// to resume a saved game). Call ShowAndRun, or Show in tests.
func New(fa fyne.App, opts Options) *App {
	if opts.Clock == nil {
		opts.Clock = session.SystemClock{}
	}
	holdUntilRun := opts.Do == nil // fyne.Do: a driver that will Run (tests pass their own Do)
	if opts.Do == nil {
		opts.Do = fyne.Do
	}
	if opts.TickEvery == 0 {
		opts.TickEvery = 250 * time.Millisecond
	}
	if opts.WatchDelay == 0 {
		opts.WatchDelay = devWatchDelay()
	}
	if opts.WatchDelay == 0 {
		opts.WatchDelay = 700 * time.Millisecond
	}
	if opts.BannerShown <= 0 {
		opts.BannerShown = bannerShown
	}
	if opts.Sound == nil {
		opts.Sound = newSystemSound()
	}
	if opts.SystemLocale == "" {
		opts.SystemLocale = systemLocale()
	}
	if opts.SaveDir == "" {
		if st := fa.Storage(); st != nil {
			if u := st.RootURI(); u != nil && u.Scheme() == "file" {
				opts.SaveDir = u.Path()
			}
		}
	}
	if opts.Dev != nil && opts.Dev.Screen == "recovery" && opts.SaveDir != "" {
		devTearSettings(opts.SaveDir, fa.Preferences())
	}
	a := &App{fa: fa, prefs: session.OpenVault(opts.SaveDir, fa.Preferences()), opts: opts}
	a.held.on = holdUntilRun
	a.saves = session.NewStore(opts.SaveDir, a.prefs)
	a.history = session.OpenHistory(opts.SaveDir, a.prefs)
	a.tables = opts.Tables
	if fetch := webFetch(); a.tables == nil && opts.EndgameTables && (opts.SaveDir != "" || fetch != nil) {
		dir := ""
		if opts.SaveDir != "" {
			dir = filepath.Join(opts.SaveDir, "tables")
		}
		a.tables = session.NewTables(dir, session.TablesFromEnv(), fyne.CurrentDevice().IsMobile(), a.do)
		if dir == "" {
			a.tables.SetFetch(fetch) // the browser: the site serves the tables
			a.tables.SetRemoteBound(webBound())
			a.tables.SetStrategyFetch(webStrategy())
		}
		a.tables.Subscribe(func(id core.GameID) {
			if len(a.stack) == 0 {
				return
			}
			if gs, ok := a.stack[len(a.stack)-1].(*gameScreen); ok && gs.info.ID == id {
				gs.refresh()
			}
		})
	}
	a.pack = newPackJob(a)
	a.opts = devOptions(a.opts, a.tableSource())
	engine := ai.Engine{Tables: a.tableSource()}
	if a.opts.Think == nil {
		a.opts.Think = engine.Think
	}
	if a.opts.Hint == nil {
		a.opts.Hint = engine.Hint
	}
	a.watchTableMemory()
	a.settings = session.LoadSettings(a.prefs)
	translations.SetLanguage(translations.Initial(a.settings.Language, opts.SystemLocale))
	widgets.SetChineseLines(translations.Current() == translations.Chinese)
	widgets.SetStyle(boardStyle(a.settings))
	fa.Settings().SetTheme(themeFor(a.settings))

	// The title at creation becomes the X11 WM_CLASS (GLFW), which the
	// packaged .desktop entry matches (StartupWMClass=Hunt Chess): always the
	// English name. Show retitles the window in the current language.
	if icon := appIcon(fa, opts.Icon); icon != fa.Icon() {
		fa.SetIcon(icon)
	}
	a.win = fa.NewWindow(WindowClass)
	a.win.SetMaster()
	a.win.Resize(loadWindowSize(a.prefs))
	a.unsub = translations.Subscribe(func(l translations.Lang) {
		widgets.SetChineseLines(l == translations.Chinese)
		a.rebuild()
	})
	a.installShortcuts()

	lc := fa.Lifecycle()
	lc.SetOnExitedForeground(func() {
		a.saveWindowSize()
		a.saveCurrent() // and waits for the writes
	})
	lc.SetOnStopped(func() {
		// On the desktop Fyne runs this after its UI queue is closed, off
		// the UI goroutine: no callback may touch the UI from now on.
		a.stopping.Store(true)
		a.saveCurrent()
	})
	lc.SetOnStarted(func() {
		a.runHeld() // the driver runs: what goroutines handed the UI before
		// A phone may start the same process again after a stop: go on
		// (the stop dropped the AI's result, so its search starts again).
		if a.closed || !a.stopping.CompareAndSwap(true, false) {
			return
		}
		if g := a.game(); g != nil && !g.Closed() {
			g.Session.Pause()
			if !g.covered {
				g.resume()
			}
		}
	})
	a.win.SetOnClosed(a.Close)

	a.devLogStart() // what was read, before a damaged saved game is cleared
	recovered := a.logRecoveries()
	a.showHome()
	switch {
	case opts.Dev != nil:
		a.applyDev(opts.Dev)
		a.startDevTools()
		if recovered {
			a.showStartDialog("recovery")
		}
	case recovered: // said first; the offer to resume follows its OK
		a.showStartDialog("recovery")
	default:
		a.offerResume()
	}
	return a
}

// logRecoveries gathers, once at the start, everything that was damaged
// and recovered or lost — the vault's groups, the history and the saved
// game (a saved game of which no copy is good is cleared here) — for the
// one notice of the start (recoveryText, issue 31: a damaged saved game was
// said only after that notice's OK, or on the next start). It tells each
// on stderr (scripts read it: make crash-test) and reports whether there
// was any.
func (a *App) logRecoveries() bool {
	rec := append(a.prefs.Recoveries(), a.history.Recoveries()...)
	for _, r := range rec {
		how := "reset to the defaults"
		if r.Restored {
			how = "restored from the last good copy"
		}
		fmt.Fprintf(os.Stderr, "huntchess: recovery: %s could not be read and were %s\n", r.Group, how)
	}
	if r, err := a.saves.Recover(); r != nil {
		how := "discarded"
		if r.Restored {
			how = "restored from the last good copy"
		} else {
			a.startNotice = "resume.corrupt"
		}
		logSavedGameRecovery(how, err)
		rec = append(rec, *r)
	}
	a.startRecoveries = rec
	return len(rec) > 0
}

// logSavedGameRecovery tells on stderr what became of a damaged saved game
// ("discarded", "restored from the last good copy"), as make crash-test reads it.
func logSavedGameRecovery(how string, err error) {
	fmt.Fprintf(os.Stderr, "huntchess: recovery: the saved game could not be read and was %s: %v\n", how, err)
}

// recoveries are the stored files that were damaged at the start.
func (a *App) recoveries() []session.Recovery { return a.startRecoveries }

// recoveryText is the recovery notice: a sentence a group, in the current
// language.
func (a *App) recoveryText() string {
	var lines []string
	for _, r := range a.recoveries() {
		id := "recovery." + r.Group + "_reset"
		switch {
		case r.Group == session.GroupSavedGame && !r.Restored:
			id = "resume.corrupt" // the notice it had on its own
		case r.Restored:
			id = "recovery." + r.Group + "_restored"
		}
		lines = append(lines, translations.T(id))
	}
	return strings.Join(lines, "\n")
}

// tableSource is the engine's source of endgame tables: the app's table
// owner, or none.
func (a *App) tableSource() ai.Tables {
	if a.tables == nil {
		return nil
	}
	return a.tables
}

// appIcon is the app's icon: the one of its packaging metadata (fyne
// package, or FyneApp.toml next to a `go run`), else fallback.
func appIcon(fa fyne.App, fallback fyne.Resource) fyne.Resource {
	if ic := fa.Icon(); ic != nil || fallback == nil {
		return ic
	}
	return fallback
}

// WindowClass is the title the window is created with, and so its X11
// WM_CLASS: the app's English name, as in the .desktop entry (FyneApp.toml
// Details.Name).
const WindowClass = "Hunt Chess"

// windowTitle is the window's title once shown: the app's name in the
// current language.
func windowTitle() string { return translations.T("app.name") }

// systemLocale reads the POSIX locale variables.
func systemLocale() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}

// Window returns the app's window.
func (a *App) Window() fyne.Window { return a.win }

// Show shows the window, then titles it in the current language (only now:
// the title it was created with is its WM_CLASS).
func (a *App) Show() {
	a.win.Show()
	a.shown = true
	a.win.SetTitle(windowTitle())
}

// ShowAndRun shows the window and runs the app until it quits.
func (a *App) ShowAndRun() {
	a.Show()
	// Fyne's desktop driver quits on SIGINT/SIGTERM by itself; stop handing
	// results to the UI as soon as the signal arrives, before its queue
	// shuts down. Its mobile driver does not quit: there onSignal saves and
	// exits (signal.go).
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	mobile := fyne.CurrentDevice().IsMobile()
	go func() {
		if _, ok := <-sig; ok {
			a.onSignal(mobile, exitProcess)
		}
	}()
	a.releaseAfterStart()
	a.fa.Run()
	signal.Stop(sig)
}

// Close saves the current game and releases every screen. It is called when
// the window closes; calling it again does nothing.
func (a *App) Close() {
	if a.closed {
		return
	}
	a.saveWindowSize()
	a.saveCurrent() // and waits for the writes
	a.closed = true
	a.stopping.Store(true)
	for _, s := range a.stack {
		s.close()
	}
	a.stack = nil
	if a.unsub != nil {
		a.unsub()
	}
}

// saveWindowSize remembers the window's size for the next start (not while
// the developer settings choose it).
func (a *App) saveWindowSize() {
	if a.closed || a.opts.Dev != nil {
		return
	}
	if s := a.win.Canvas().Size(); validWindowSize(s) {
		a.prefs.SetFloat(session.KeyWindowWidth, float64(s.Width))
		a.prefs.SetFloat(session.KeyWindowHeight, float64(s.Height))
	}
}

// boardStyle is the look of the boards the settings choose.
func boardStyle(s session.Settings) widgets.Style {
	return widgets.Style{Board: s.BoardStyle, Pieces: s.PieceStyle}
}

// Settings returns the current settings.
func (a *App) Settings() session.Settings { return a.settings }

// setSettings stores new settings and applies them at once.
func (a *App) setSettings(s session.Settings) {
	old := a.settings
	a.settings = s
	s.Save(a.prefs)
	restyle := s.BoardStyle != old.BoardStyle || s.PieceStyle != old.PieceStyle
	if restyle {
		widgets.SetStyle(boardStyle(s))
	}
	if s.Theme != old.Theme || s.TextScale != old.TextScale || restyle {
		a.fa.Settings().SetTheme(themeFor(s)) // every board is drawn again in its new look
	}
	if g := a.game(); g != nil {
		g.settingsChanged(old, s)
	}
	if s.TextScale != old.TextScale {
		// The new theme only sizes the widgets on screen again, in the
		// layout they were built for (the settings' labels beside their
		// fields at normal text, above them at large text; the phone's
		// panel for its old text): build the screen again, as a language
		// switch does.
		a.rebuild()
	}
	if s.Language != old.Language {
		// Subscribers (rebuild) run if the language really changes.
		translations.SetLanguage(translations.Initial(s.Language, a.opts.SystemLocale))
	}
}

// ---- navigation -------------------------------------------------------------

func (a *App) top() screen {
	if len(a.stack) == 0 {
		return nil
	}
	return a.stack[len(a.stack)-1]
}

// game returns the game screen in the stack, if any.
func (a *App) game() *gameScreen {
	for _, s := range a.stack {
		if g, ok := s.(*gameScreen); ok {
			return g
		}
	}
	return nil
}

func (a *App) render() {
	if t := a.top(); t != nil && !a.closed {
		a.win.SetContent(t.content())
	}
}

// rebuild builds the screen shown again: in a new language, at a new text
// size (setSettings). Every screen's content builds it anew from its state.
func (a *App) rebuild() {
	if a.shown {
		a.win.SetTitle(windowTitle())
	}
	a.render()
	if a.startDialog != nil { // show it again in the new language
		msg := a.startMsg
		a.closeStartDialog()
		a.showStartDialog(msg)
	}
}

// replace closes every screen and shows s.
func (a *App) replace(s screen) {
	for _, old := range a.stack {
		old.close()
	}
	a.stack = []screen{s}
	a.render()
	a.coverChanged()
}

// push shows s over the current screen; a game under it is paused until
// nothing covers it (cover.go).
func (a *App) push(s screen) {
	a.stack = append(a.stack, s)
	a.coverChanged()
	a.render()
}

// back leaves the current screen: to the one below it, or home.
func (a *App) back() {
	if len(a.stack) <= 1 {
		if _, home := a.top().(*homeScreen); !home {
			a.showHome()
		}
		return
	}
	t := a.top()
	a.stack = a.stack[:len(a.stack)-1]
	t.close()
	a.render()
	a.coverChanged()
}

// showHome saves the game in progress, if any, and shows the home screen.
func (a *App) showHome() {
	a.saveCurrent()
	a.replace(newHomeScreen(a))
}

// startGame starts a new game, which replaces any saved one.
func (a *App) startGame(g *core.Game, mode session.Mode) {
	a.saves.Clear()
	a.replace(newGameScreen(a, g, mode, a.settings.Level, 0))
}

func (a *App) showNewGame(info *core.GameInfo) { a.push(newSetupScreen(a, info)) }
func (a *App) showRules(info *core.GameInfo)   { a.push(newRulesScreen(a, info)) }
func (a *App) showSettings()                   { a.push(newSettingsScreen(a)) }

// ---- saving and resuming ------------------------------------------------------

// saveCurrent saves the game in progress, if any, for the next start.
func (a *App) saveCurrent() {
	if a.closed {
		return
	}
	if g := a.game(); g != nil {
		g.save()
	}
	_ = a.saves.Flush() // on disk before the app goes
	_ = a.history.Flush()
	a.prefs.Flush()
}

// unfinished returns the game a new game would discard: the unfinished game
// in progress (under the new-game screen), else the saved one; nil when none.
func (a *App) unfinished() (*core.GameInfo, *core.Game) {
	if g := a.game(); g != nil {
		if g.Game().Len() > 0 && !g.Game().Outcome().Over() {
			return g.info, g.Game()
		}
		return nil, nil
	}
	if r, err := a.saves.Load(); err == nil {
		return r.Game.Info(), r.Game
	}
	return nil, nil
}

// moveNumber is the number of the next move, as the move list numbers them.
func moveNumber(g *core.Game) int { return g.Len()/2 + 1 }

// hasSaved reports whether a saved game can be continued.
func (a *App) hasSaved() bool {
	_, err := a.saves.Load()
	return err == nil
}

// offerResume asks whether to continue a saved game; a corrupt save is
// discarded with a notice.
func (a *App) offerResume() {
	_, err := a.saves.Load()
	switch {
	case err == session.ErrNoSave:
		return
	case err != nil:
		logSavedGameRecovery("discarded", err)
		a.saves.Clear()
		a.render() // the home screen loses its Continue button
		a.showStartDialog("resume.corrupt")
		a.startNotice = "resume.corrupt"
		return
	}
	a.showStartDialog("resume.message")
	a.devAutoResume()
}

// showStartDialog shows the offer to resume ("resume.message": Continue /
// Discard) or the corrupt-save notice ("resume.corrupt": OK) in the current
// language. Its buttons are its only answers: hiding it (to show it again in
// another language) answers nothing.
func (a *App) showStartDialog(msg string) {
	text := a.startDialogText(msg)
	body := widgets.NewParagraphWithStyle(text, fyne.TextAlignCenter, fyne.TextStyle{})
	title := translations.T("resume.title")
	if msg == "recovery" {
		title = translations.T("recovery.title")
	}
	d := dialog.NewCustomWithoutButtons(title, body, a.win)
	switch msg {
	case "recovery": // then the offer to resume, if a game is saved
		d.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.ok"), func() {
			a.closeStartDialog()
			if a.opts.Dev == nil {
				a.offerResume()
			}
		})})
	case "resume.message":
		discard := widget.NewButton(translations.T("resume.discard"), func() {
			a.closeStartDialog()
			a.saves.Clear()
			a.render()
		})
		cont := widget.NewButtonWithIcon(translations.T("resume.continue"), theme.MediaPlayIcon(), func() {
			a.closeStartDialog()
			a.resumeSaved()
		})
		cont.Importance = widget.HighImportance
		d.SetButtons([]fyne.CanvasObject{discard, cont})
	default:
		d.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.ok"), a.closeStartDialog)})
	}
	a.startDialog, a.startMsg = d, msg
	a.showFitted(d, text, 600)
}

// showFitted shows d as wide as msg on one line (like Fyne's text dialogs:
// the dialog's own padding is 32 wide), within 90 % of the window and at
// most maxW, the message wrapping inside. The message wraps at the width it
// is laid out at, so its height is known only once shown: d is fitted again
// then (or a band stays empty under it).
func (a *App) showFitted(d dialog.Dialog, msg string, maxW float32) {
	w := min(widget.NewLabel(msg).MinSize().Width+32+4*theme.Padding(), maxW)
	if cw := a.win.Canvas().Size().Width * 0.9; cw > 0 {
		w = min(w, cw)
	}
	fitDialog(d, w)
	a.showDialog(d)
	fitDialog(d, w)
}

// fitDialog sizes d to width w (or its least width) and the least height at
// that width. Run it twice: the second time, wrapped texts in d know their
// width.
func fitDialog(d dialog.Dialog, w float32) {
	d.Resize(fyne.NewSize(max(w, d.MinSize().Width), d.MinSize().Height))
}

// startDialogText is the start dialog's message: the offer to resume names
// the game, the mode (and so the player's side), the level and the move, and
// says when only part of the record could be read.
func (a *App) startDialogText(msg string) string {
	if msg == "recovery" {
		return a.recoveryText()
	}
	text := translations.T(msg)
	if msg != "resume.message" {
		return text
	}
	r, err := a.saves.Load()
	if err != nil {
		return text
	}
	info := r.Game.Info()
	data := map[string]any{
		"Game": translations.Game(info.Key).Title, "Mode": modeLabel(info, r.Mode),
		"Level": levelLabel(a.settings.Level), "Move": moveNumber(r.Game), // the level it goes on at
	}
	id := "resume.details"
	if r.Mode != session.ModeTwoPlayers {
		id = "resume.details_ai"
	}
	lines := []string{translations.TData(id, data)}
	if r.Partial {
		lines = append(lines, translations.TData("resume.partial", partialData(r.Game)))
	}
	return strings.Join(append(lines, text), "\n")
}

// partialData is the data of "resume.partial": the number (as in the move
// list) of the last move of a saved record that could be read.
func partialData(g *core.Game) map[string]any { return map[string]any{"Move": (g.Len() + 1) / 2} }

// closeStartDialog hides the start dialog, if it is open.
func (a *App) closeStartDialog() {
	if d := a.startDialog; d != nil {
		a.startDialog, a.startMsg = nil, ""
		d.Hide()
	}
}

// resumeSaved opens the saved game.
func (a *App) resumeSaved() {
	a.closeStartDialog()
	r, err := a.saves.Load()
	if err != nil {
		a.saves.Clear()
		a.render()
		if err != session.ErrNoSave {
			a.showStartDialog("resume.corrupt")
		}
		return
	}
	// The difficulty setting is the one level (issue 31): the game goes on
	// at the level set now, which the offer to resume named, whatever it
	// was saved at (a level chosen in Settings meanwhile is the player's
	// latest choice, as it would be mid-game).
	s := newGameScreen(a, r.Game, r.Mode, a.settings.Level, time.Duration(r.TimeLeft)*time.Millisecond)
	if r.Partial {
		s.SetNotice("resume.partial", partialData(r.Game))
	}
	a.replace(s)
}

// ---- keyboard -----------------------------------------------------------------

func (a *App) installShortcuts() {
	c := a.win.Canvas()
	mod := fyne.KeyModifierShortcutDefault
	undo := func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.undo()
		}
	}
	redo := func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.redo()
		}
	}
	// Fyne's desktop driver turns Ctrl+Z / Ctrl+Y (Cmd on macOS) into
	// fyne.ShortcutUndo / fyne.ShortcutRedo, never into the custom shortcuts;
	// those stay for drivers that send them (and Ctrl+Shift+Z redoes).
	c.AddShortcut(&fyne.ShortcutUndo{}, undo)
	c.AddShortcut(&fyne.ShortcutRedo{}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: mod}, undo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: mod}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: mod | fyne.KeyModifierShift}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: mod}, func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.newGame()
		}
	})
	c.SetOnTypedKey(a.typedKey)
}

// typedKey handles the keys that are not shortcuts: H (hint), Escape (back;
// out of an unfinished game, after asking), an arrow in a game with nothing
// focused (the board takes the focus). The focused board passes them on.
func (a *App) typedKey(ev *fyne.KeyEvent) {
	if r, ok := a.top().(*replayScreen); ok && r.typedKey(ev) {
		return
	}
	g, inGame := a.top().(*gameScreen)
	if inGame && g.pendingMove().Kind != core.MoveNone { // a move waits for confirmation (confirm.go)
		switch ev.Name {
		case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
			g.confirmMove()
			return
		case fyne.KeyEscape:
			g.cancelMove()
			return
		}
	}
	switch ev.Name {
	case fyne.KeyH:
		if inGame {
			g.hint()
		}
	case fyne.KeyEscape:
		if inGame {
			g.leave()
		} else {
			a.back()
		}
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		// Keyboard play without Tab first: the board takes the focus and
		// shows its cursor.
		if c := a.win.Canvas(); inGame && c.Focused() == nil {
			c.Focus(g.board)
		}
	}
}
