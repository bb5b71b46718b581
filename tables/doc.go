// Package tables owns the endgame tables on the device (Owner). The first
// time a game with a table is played, its table is had, in this order: a
// developer's (the folders New is given: the app's HUNTCHESS_TABLES), the
// installed table pack's, the one shipped inside the app (shipped.go;
// not after UseShipped(false): HUNTCHESS_SHIPPED=off), the one solved
// before and cached in the app's storage; else, where the device can solve
// the game, it is solved in the background and cached there (a cached file
// that is damaged or built for other rules is solved again); the game is
// playable meanwhile with search. A file of any source that is damaged or
// built for other rules is passed over. Once loaded, the owner hands it
// to the engine (it is an ai.TableOwner: Master, the levels and the hints play
// from it), the review and the puzzles. It is the one owner of the loaded
// tables. It also hands out the proven strategies from the start that the
// app ships (Strategy, strategy.go): where no table covers a position of
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
