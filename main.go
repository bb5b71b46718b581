// Command huntchess is Hunt Chess · 围猎棋: four traditional Chinese hunt
// games against the computer or a friend. The screens live in package app.
package main

import (
	_ "embed"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"huntchess/app"
	_ "huntchess/app/localeenv" // before Fyne reads the locale: quiet on C.UTF-8
	"huntchess/app/startcheck"
)

// icon is the app icon, for the window when no packaging metadata gives one
// (`go build`, or `go run` outside the repository).
//
//go:embed Icon.png
var icon []byte

// appToml is the app metadata, for the version on the About screen and
// Fyne's migrations when Fyne has none (a `go build` run outside the
// repository).
//
//go:embed FyneApp.toml
var appToml string

func main() {
	// Windows before 10 or without OpenGL 2.1: a message box, not a
	// program that runs with no window and says nothing.
	startcheck.Check()
	version, build := app.ParseAppVersion(appToml)
	fa := fyneapp.NewWithID("io.github.huntchess")
	app.UseMigrations(fa, appToml) // before the first fyne.Do
	a := app.New(fa, app.Options{
		Version:       version,
		Build:         build,
		Dev:           devHarness(), // nil but in a developer build (-tags dev)
		Config:        app.ConfigFromEnv(),
		Icon:          fyne.NewStaticResource("Icon.png", icon),
		EndgameTables: true,
	})
	a.ShowAndRun()
}
