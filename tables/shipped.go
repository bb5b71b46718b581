package tables

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// The shipped tables: the device form (docs/device-tables.md) of the
// tables small enough to go with the app, so that every device plays these
// games perfectly from their first move without solving or downloading
// anything. The native builds embed them (shipped_embed.go,
// from tables/shipped/, which `make device-tables` fills); a table is read
// straight from the binary's data, its blocks unpacked as probes need them
// into the table's bounded cache. The browser build embeds none: its site
// serves the same files (scripts/web.sh) and the page downloads a game's
// the first time it is played (SetFetch).
//
// A shipped table built for other rules (the rules changed and `make
// device-tables` was not run again) or that cannot be read is passed over:
// the device then solves the game on first use where it can, as before
// (TestShippedTables fails meanwhile).

// ShippedGames are the games whose device table ships with the app, each as
// tables/shipped/GAME.hctb: Surround the Lion whole, deer chess whole (its
// placement phase's values without plies, its moving phase's codes), Beat
// the Wolf's endgames, and Wolf Carries the Pig whole, its values without
// plies where 4 to 6 pigs are captured (values-only device tables,
// docs/device-tables.md).
var ShippedGames = []core.GameID{core.SurroundTheLion, core.DeerChess, core.BeatTheWolf, core.WolfCarriesPig}

// ShippedStrategies are the games whose strategy from the start ships in
// tables/shipped/ as GAME.hcst (Strategy): Beat the Wolf's set strategy,
// the dogs' proven win without giving up a dog.
var ShippedStrategies = []core.GameID{core.BeatTheWolf}

// IsShipped reports whether game id's table ships with the app.
func IsShipped(id core.GameID) bool { return slices.Contains(ShippedGames, id) }

// ErrNotShipped: this build holds no table of the game (the browser, a game
// not shipped, or tables/shipped/ not filled: make device-tables).
var ErrNotShipped = errors.New("no shipped table")

// shippedFile opens the embedded shipped file name for reading at offsets
// (embed's files can be: no copy of the bytes), with its size; the error
// is fs.ErrNotExist's where there is none.
func shippedFile(name string) (io.ReaderAt, int64, error) {
	f, err := shippedFS.Open(name)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	ra, ok := f.(io.ReaderAt)
	if !ok {
		return nil, 0, fmt.Errorf("%s: the embedded file cannot be read at an offset", name)
	}
	return ra, info.Size(), nil
}

// OpenShipped opens the shipped table of game id from the app's embedded
// files, reading only its header now (check: every block, to check its
// checksum, as the tests do). The table must be of game id and built for
// the rules here (tablebase.ErrRules otherwise).
func OpenShipped(id core.GameID, check bool) (*tablebase.Table, error) {
	name := tablebase.Path("", id.String())
	if shippedFS == nil || !IsShipped(id) {
		return nil, fmt.Errorf("%s: %w", name, ErrNotShipped)
	}
	ra, size, err := shippedFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (run make device-tables)", name, ErrNotShipped)
	}
	if err != nil {
		return nil, err
	}
	t, err := tablebase.OpenReaderAt(ra, size, check)
	if err != nil {
		return nil, fmt.Errorf("shipped %s: %w", name, err)
	}
	if g, ok := t.Rules().Game(); !ok || g != id {
		t.Close()
		return nil, fmt.Errorf("shipped %s: %w: not a table of %s", name, tablebase.ErrRules, id)
	}
	return t, nil
}
