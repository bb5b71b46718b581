package app

import (
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// The words of the table pack on offer (issue 41): where nothing on the
// device proves a position that the pack would, the hints and the review
// say how to get proof. What is on offer is pack's (pack.Offered); the
// words are here.

// offerData is the template data of a message naming the pack on offer o:
// its size in MB and where to download it (Settings → Perfect play).
func offerData(o pack.Offered) map[string]any {
	return map[string]any{"MB": megabytes(o.Bytes), "Where": translations.TData("hint.where_pack", map[string]any{
		"Settings": translations.T("settings.title"), "Pack": translations.T("settings.pack")})}
}

// hintSources are the proofs of game id on the device, for a hint's words,
// and the pack on offer (none without a pack job: the browser, the tests
// without a storage folder).
func (a *App) hintSources(id core.GameID) hintSources {
	return hintSources{strategy: a.tables.Strategy(id), table: a.tables.Table(id), offer: a.pack.Offered()}
}
