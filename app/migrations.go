package app

import (
	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
)

// ParseMigrations reads the [Migrations] table of a FyneApp.toml (fyneDo =
// true: the app makes every UI call from another goroutine through fyne.Do).
func ParseMigrations(toml string) map[string]bool {
	m := map[string]bool{}
	for k, v := range tomlTable(toml, "Migrations") {
		m[k] = v == "true"
	}
	return m
}

// UseMigrations gives the app metadata FyneApp.toml's migrations where it
// has none: a `go build` binary run away from the repository (build/, the
// simulated phone, the crash test and memory runs) then runs Fyne's
// threading as the packaged app does. Without them Fyne checks each
// fyne.DoAndWait for the UI goroutine, and the simulated phone's driver,
// whose UI goroutine is not known before Run, would log "fyne.Do[AndWait]
// called from main goroutine" for every preferences write. `fyne package`
// builds carry the migrations already (its metadata, and the
// migrated_fynedo tag): nothing changes there. Call it before the first
// fyne.Do: Fyne reads the migrations once.
func UseMigrations(fa fyne.App, toml string) {
	m := fa.Metadata()
	if len(m.Migrations) > 0 {
		return
	}
	m.Migrations = ParseMigrations(toml)
	fyneapp.SetMetadata(m)
}
