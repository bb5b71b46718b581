// Package tables owns the endgame tables on the device (Owner): it is the
// one owner of the files. Every kind of file it hands out (FileKind: a
// game's exact table, its proven strategy from the start, its bound
// table) is looked for through one ordered list of places (places.go):
// a developer's folders (the folders New is given: the app's
// HUNTCHESS_TABLES), the installed table pack, what ships inside the app
// (shipped.go; the tables not after UseShipped(false):
// HUNTCHESS_SHIPPED=off), the cache in the app's storage, the site serving
// the app (the browser, which has no storage), and a solve on first use
// (where the device can solve the game: solved in the background and
// cached; the game is playable meanwhile with search). Each kind skips the
// places it cannot come from (a strategy is never solved here; a bound
// table comes from a developer's folder, the pack or the site). A file
// that is damaged, built for other rules or short of what the game needs
// is passed over: a cached table is solved again, any other is kept as a
// Problem (Problems, PackError) for the app to show (the settings' perfect
// play section names a damaged pack table; the developer log writes each
// problem). It writes nothing to stderr. A file it lets go of (the pack
// installed or deleted took its place) is closed at the last release of
// its game's holds (Hold, hold.go: the engine holds them for each move,
// the app's screens of the game while open), or at once where none holds
// them.
//
// Once loaded, the owner hands the table to the engine (it is an
// ai.TableOwner: Master, the levels and the hints play from it), the
// review and the puzzles. It also hands out the proven strategies from
// the start (Strategy, strategy.go): where no table covers a position of
// one, Master, the hints and the review play and judge from it. And it
// hands out each game's bound table (Bound): a table whose sections are
// all bound tiers (Beat the Wolf's 17-dog tier in the pack, the dogs' win
// without giving up a dog), beside the game's exact table, which it never
// replaces; where neither the table nor a strategy covers a position,
// Master, the hints and the review play and judge the proven win from it.
//
// Which games: shipped, Surround the Lion whole, deer chess whole (its
// placement phase's values alone), Beat the Wolf's endgames and Wolf
// Carries the Pig whole (its values alone where 4 to 6 pigs are captured)
// on every device (ShippedGames; the
// browser downloads them from its site). Solved on first use where the shipped
// table is not there (shipped tables off, or a stale one): Surround the
// Lion everywhere (25 s on a 2-core desktop, 0.4 GB while solving, 10 MB
// cached); the moving phase of deer chess on the desktop only (82 s, 0.5 GB
// while solving, 37 MB cached; see BenchmarkFirstUse). Wolf Carries the Pig's plies where 4 to 6 pigs are
// captured and Beat the Wolf's 17-dog tier come from the table pack, or, on a desktop, from `make tables` / `make
// solve-all` through the developer's folders.
package tables
