// Package app holds the screens of Hunt Chess: home, new game, the game
// itself, rules and settings, with navigation, preferences, resuming a saved
// game, the app theme and keyboard shortcuts.
//
// main creates the Fyne app and hands it to New; everything else happens
// here. All UI work runs on Fyne's UI goroutine; the AI searches in its own
// goroutines and hands results back through App.do (fyne.Do).
package app

import (
	"os"
	"os/signal"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"github.com/jeandeaual/go-locale"

	"huntchess/ai"
	"huntchess/app/sound"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/tables"
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
	// WindowSize, when not zero, is the window's size at the start in
	// place of the one remembered (tests: their phone's, so that the first
	// screen is laid out once, at that size, not again after a resize).
	WindowSize fyne.Size
	// BannerShown is how long a banner stays over the board (default
	// 2.5 s: bannerShown); tests shorten it.
	BannerShown time.Duration
	// Config is the developer's configuration of the tables and the pack
	// (main reads it from the environment: ConfigFromEnv; config.go).
	Config Config
	// Dev is the developer harness (app/devharness; control.go): set in a
	// developer's build (tag dev, dev.go) only; nil in a player's.
	Dev Dev
	// SystemLocale is the system's locale, for the "follow the system"
	// language (default: from the environment).
	SystemLocale string
	// Icon is the window icon used when the app has none from its packaging
	// metadata (nil: none).
	Icon fyne.Resource
	// Sound plays the sounds (default: the device's, silent without one).
	Sound sound.Player
	// Version and Build are the app's version from FyneApp.toml (main
	// embeds it), shown on the About screen when Fyne has no metadata.
	Version string
	Build   int
	// SaveDir is the folder of the saved game (default: the app's storage,
	// fyne.App.Storage().RootURI()). Tests pass their own.
	SaveDir string
	// Tables, if set, is the owner of the endgame tables (tests); else
	// EndgameTables makes one.
	Tables *tables.Owner
	// EndgameTables loads (or solves once, in the background) the endgame
	// tables into SaveDir/tables and puts them behind Master and the hints
	// (tables.Owner). Off in tests unless they ask for it.
	EndgameTables bool
}

// App is the running Hunt Chess user interface: one window and its screens.
type App struct {
	fa    fyne.App
	win   fyne.Window
	prefs *storage.Vault // settings, statistics, progress (over Fyne's preferences)
	opts  Options
	saves *storage.Saves // each game's unfinished game, to resume
	// history keeps the finished games (history.go).
	history *storage.History
	// tables loads and builds the endgame tables and owns them (nil: none,
	// as in tests; a nil manager has no tables).
	tables *tables.Owner
	// engine is the AI over the tables: the default Think and Hint, and
	// every game's draw decisions (AcceptsDraw).
	engine ai.Engine
	// pack downloads the table pack (packview.go; nil: none, as in the
	// browser and in tests without tables).
	pack *pack.Job
	// site: the tables come from the site serving the page (the browser),
	// which reads Beat the Wolf's bound table there while online (what the
	// hints say of proof: reachSite).
	site bool

	settings storage.Settings
	stack    []screen // the screen shown is the last one
	unsub    func()
	closed   bool
	shown    bool // the window exists on screen (its title may change)

	// startNotice is a message ID to show once the first screen is up
	// (a corrupt saved game).
	startNotice string
	// startRecoveries is what was damaged at the start (logRecoveries).
	startRecoveries []storage.Recovery
	// startDialog is the offer to resume a saved game ("resume.message") or
	// the notice that it was corrupt ("resume.corrupt"), while on screen;
	// startMsg is its message ID. A language switch shows it again.
	startDialog dialog.Dialog
	startMsg    string
	// startGameKey is the game whose unfinished game the offer to resume
	// names (the newest saved).
	startGameKey string

	// saveFailures are the stored files whose last write failed (savefail.go):
	// while there are any, a notice stands above the screen (saveNotice).
	saveFailures []storage.WriteFailure
	saveNotice   *widgets.Paragraph
	stopWrites   func()

	// stopping is set once the app is going away (SIGINT/SIGTERM, the
	// lifecycle's stop, Close): from then on do drops every callback. At
	// shutdown Fyne's queue is drained and fyne.Do runs a function at once
	// on the goroutine that calls it, so a late AI result or timer tick
	// would touch the UI off the UI goroutine.
	stopping atomic.Bool

	// held keeps what do is handed before the driver runs (the app's own
	// fyne.Do only; released by the lifecycle's start, on the UI goroutine).
	held heldCalls

	// explored is told, on the UI goroutine, each time the explorer shows
	// a position's values (Control.OnExplored: the developer log, the
	// browser's benchmark); nil: no one listens.
	explored func(Explored)

	// fontTC: the theme was last set with the Traditional Chinese fonts;
	// fontEarly: it changed family before the driver ran (driverRuns).
	fontTC, fontEarly, driverRuns bool
}

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
	if opts.WatchDelay == 0 && opts.Dev != nil {
		opts.WatchDelay = opts.Dev.WatchDelay()
	}
	if opts.WatchDelay == 0 {
		opts.WatchDelay = 700 * time.Millisecond
	}
	if opts.BannerShown <= 0 {
		opts.BannerShown = bannerShown
	}
	if opts.Sound == nil {
		opts.Sound = sound.New()
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
	if opts.Dev != nil {
		opts.Dev.Prepare(opts.SaveDir, fa.Preferences())
	}
	a := &App{fa: fa, prefs: storage.OpenVault(opts.SaveDir, fa.Preferences()), opts: opts}
	a.held.on = holdUntilRun
	a.saves = storage.OpenSaves(opts.SaveDir, a.prefs)
	a.history = storage.OpenHistory(opts.SaveDir, a.prefs)
	a.tables = opts.Tables
	if site := webSite(); a.tables == nil && opts.EndgameTables && (opts.SaveDir != "" || site != nil) {
		dir := ""
		if opts.SaveDir != "" {
			dir = filepath.Join(opts.SaveDir, "tables")
		}
		a.tables = tables.New(dir, opts.Config.TableDirs, fyne.CurrentDevice().IsMobile(), a.do)
		a.tables.UseShipped(!opts.Config.NoShipped)
		if dir == "" {
			a.tables.UseSite(site) // the browser: the site serves the tables
			a.site = site != nil
		}
	}
	if a.tables != nil { // the app's owner or one passed in (a test's)
		a.tables.Subscribe(func(id core.GameID) {
			if len(a.stack) == 0 {
				return
			}
			switch s := a.stack[len(a.stack)-1].(type) {
			case *gameScreen:
				if s.info.ID == id {
					s.refresh()
				}
			case *exploreScreen:
				if s.info.ID == id {
					s.proofsChanged()
				}
			}
		})
	}
	a.pack = newPackJob(a)
	a.engine = ai.NewEngine(a.tableSource())
	if a.opts.Think == nil && opts.Dev != nil {
		a.opts.Think = opts.Dev.Think(a.engine)
	}
	if a.opts.Think == nil {
		a.opts.Think = a.engine.Think
	}
	if a.opts.Hint == nil {
		a.opts.Hint = a.engine.Hint
	}
	a.watchTableMemory()
	a.settings = storage.LoadSettings(a.prefs)
	translations.SetLanguage(translations.Initial(a.settings.Language, opts.SystemLocale))
	widgets.SetChineseLines(translations.Current().IsChinese())
	widgets.SetStyle(boardStyle(a.settings))
	a.fontTC = traditionalFont()
	widgets.SetTraditionalGlyphs(a.fontTC)
	a.applyTheme(a.settings)

	// The title at creation becomes the X11 WM_CLASS (GLFW), which the
	// packaged .desktop entry matches (StartupWMClass=Hunt Chess): always the
	// English name. Show retitles the window in the current language.
	if icon := appIcon(fa, opts.Icon); icon != fa.Icon() {
		fa.SetIcon(icon)
	}
	a.win = fa.NewWindow(WindowClass)
	a.win.SetMaster()
	size := loadWindowSize(a.prefs)
	if !opts.WindowSize.IsZero() {
		size = opts.WindowSize
	}
	if sz := a.devWindowSize(); !sz.IsZero() {
		size = sz
	}
	a.win.Resize(size)
	a.unsub = translations.Subscribe(func(l translations.Lang) {
		widgets.SetChineseLines(l.IsChinese())
		if tc := traditionalFont(); tc != a.fontTC {
			// Another font family (appTheme.Font) and the pieces'
			// characters: Fyne keeps the faces it loaded until the theme
			// is set again, which it hears only once its driver runs.
			a.fontTC = tc
			widgets.SetTraditionalGlyphs(tc)
			a.applyTheme(a.settings)
			a.fontEarly = a.fontEarly || !a.driverRuns
		}
		a.rebuild()
	})
	a.installShortcuts()
	a.watchWrites()

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
		a.driverRuns = true
		if a.fontEarly {
			// The font family changed before the driver ran (the developer
			// harness's language): set the theme again now that the driver
			// hears it, so that it forgets the faces of the other family.
			a.fontEarly = false
			a.applyTheme(a.settings)
		}
		a.runHeld() // the driver runs: what goroutines handed the UI before
		// A phone may start the same process again after a stop: go on
		// (the stop dropped the AI's result, so its search starts again).
		if a.closed || !a.stopping.CompareAndSwap(true, false) {
			return
		}
		if g := a.game(); g != nil && !g.sess.Closed() {
			g.sess.Pause()
			if !g.covered {
				g.resume()
			}
		}
	})
	a.win.SetOnClosed(a.Close)

	if opts.Dev != nil {
		opts.Dev.Opened(Control{a}) // before a damaged saved game is cleared
	}
	recovered := a.logRecoveries()
	a.showHome()
	switch {
	case a.scripted():
		opts.Dev.Start(Control{a})
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

// scripted reports whether the developer harness opens the first screen.
func (a *App) scripted() bool { return a.opts.Dev != nil && a.opts.Dev.Scripted() }

// devWindowSize is the developer harness's window size for this run (zero:
// none).
func (a *App) devWindowSize() fyne.Size {
	if a.opts.Dev == nil {
		return fyne.Size{}
	}
	return a.opts.Dev.WindowSize()
}

// tableSource is the engine's source of endgame tables, strategies and
// bound tables: the app's table owner, or none.
func (a *App) tableSource() ai.TableOwner {
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
	// Where no variable says it (a phone, the browser, Windows, macOS):
	// the system's own setting, as a BCP 47 tag (zh-TW, zh-Hant-HK), with
	// its script, which Fyne's lang.SystemLocale would drop.
	if v, err := locale.GetLocale(); err == nil {
		return v
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
	if a.stopWrites != nil {
		a.stopWrites()
	}
}

// saveWindowSize remembers the window's size for the next start (not while
// the developer settings choose it).
func (a *App) saveWindowSize() {
	if a.closed || a.scripted() || !a.devWindowSize().IsZero() {
		return
	}
	if s := a.win.Canvas().Size(); validWindowSize(s) {
		a.prefs.SetFloat(storage.KeyWindowWidth, float64(s.Width))
		a.prefs.SetFloat(storage.KeyWindowHeight, float64(s.Height))
	}
}

// boardStyle is the look of the boards the settings choose.
func boardStyle(s storage.Settings) widgets.Style {
	return widgets.Style{Board: s.BoardStyle, Pieces: s.PieceStyle}
}

// Settings returns the current settings.
func (a *App) Settings() storage.Settings { return a.settings }

// setSettings stores new settings and applies them at once.
// chooseLanguage switches to lang and keeps it in the settings (the home
// screen's language control).
func (a *App) chooseLanguage(lang translations.Lang) {
	s := a.settings
	s.Language = string(lang)
	a.setSettings(s)
}

func (a *App) setSettings(s storage.Settings) {
	old := a.settings
	a.settings = s
	s.Save(a.prefs)
	restyle := s.BoardStyle != old.BoardStyle || s.PieceStyle != old.PieceStyle
	if restyle {
		widgets.SetStyle(boardStyle(s))
	}
	if s.Theme != old.Theme || s.TextScale != old.TextScale || restyle {
		a.applyTheme(s) // every board is drawn again in its new look
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
