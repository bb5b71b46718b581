// Command huntchess is Hunt Chess · 围猎棋: four traditional Chinese hunt
// games against the computer or a friend. The screens live in package app.
package main

import (
	fyneapp "fyne.io/fyne/v2/app"

	"huntchess/app"
	_ "huntchess/app/localeenv" // before Fyne reads the locale: quiet on C.UTF-8
)

func main() {
	a := app.New(fyneapp.NewWithID("io.github.huntchess"), app.Options{Dev: app.DevFromEnv()})
	a.ShowAndRun()
}
