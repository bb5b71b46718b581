package app

import (
	"huntchess/core"
	"huntchess/match"
)

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
		a.win.SetContent(a.withSaveNotice(t.content()))
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

// startGame starts a new game, which replaces its game's unfinished one
// (the other games' stay).
func (a *App) startGame(g *core.Game, mode match.Mode) {
	a.saves.Of(g.Info().Key).Clear()
	a.replace(newGameScreen(a, g, mode, a.settings.Level, 0))
}

func (a *App) showNewGame(info *core.GameInfo) { a.push(newSetupScreen(a, info)) }
func (a *App) showRules(info *core.GameInfo)   { a.push(newRulesScreen(a, info)) }
func (a *App) showSettings()                   { a.push(newSettingsScreen(a)) }
