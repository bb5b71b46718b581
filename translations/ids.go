package translations

// UI message IDs (locales/ui.*.toml). Keep this table in step with the
// message files: the tests check that every ID listed here exists in both
// languages and that the files hold no unlisted IDs.
//
// Templates and the data they take:
//
//	mode.vs_ai_as_predator  {{.Predator}}  side name, e.g. T("side.wolf")
//	mode.vs_ai_as_prey      {{.Prey}}      e.g. T("side.dogs")
//	game.to_move            {{.Side}}      e.g. T("side.wolves")
//	game.captured           {{.Captured}} {{.Needed}}
//	game.in_hand            {{.Count}}     use TPlural(id, n, nil)
//	game.seconds_left       {{.Seconds}}
//	game.timeout_passes     {{.Side}}  the side to move after the pass
//	gameover.predator_wins  {{.Predator}}
//	gameover.prey_wins      {{.Prey}}
//	reason.captures         {{.Count}} {{.Prey}}
//	reason.predator_stuck   {{.Predator}}
//	settings.timer_seconds  {{.Seconds}}
//	game.you_play           {{.Side}} {{.Level}}
//	game.watching           {{.Level}}
//	newgame.confirm_message {{.Game}} {{.Move}}
//	resume.details          {{.Game}} {{.Mode}} {{.Move}}
//	resume.details_ai       {{.Game}} {{.Mode}} {{.Level}} {{.Move}}
//	resume.partial          {{.Move}}
//	home.unfinished         {{.Move}}  the move a game's unfinished game goes on at, on its card
//	resume.corrupt_of, recovery.saved_game_restored_of  {{.Game}}  the game whose unfinished game was damaged
//	rules.timer_yours       {{.Seconds}}
//	resign.message_side     {{.Side}}
//	reason.resigned         {{.Side}}
//	draw.offer_side         {{.Side}}
//	moves.end_resigned      {{.Side}}
//	stats.agreed            {{.Count}}
//	moves.viewing           {{.Number}} {{.Move}}  the move's number in the list, its text
//	paste.unknown_game      {{.Name}}
//	paste.bad_move          {{.Game}} {{.Number}} {{.Move}}
//	about.version           {{.Version}} {{.Build}}
//	hint.search_win, hint.search_loss  {{.Count}}  use TPlural; the plies the search sees
//	hint.win, hint.win_atmost, hint.win_bound  {{.Side}} {{.Count}}  use TPlural; the winner, the plies (at most: _atmost, _bound)
//	hint.win_noplies        {{.Side}}  the winner, the plies not known (a table of values)
//	hint.best, hint.best_defence, hint.search_move, hint.search_defence  {{.Move}} {{.Why}}  the move (displayMove), one of hint.why_*
//	hint.why_offers         {{.Side}}  the predator
//	hint.detail_table, hint.detail_strategy, hint.detail_bound_strategy, hint.detail_bound_pack, hint.detail_bridge  {{.Side}} {{.Count}}  use TPlural; the winner, the plies
//	hint.detail_depth       {{.Count}}  use TPlural; the search's depth in plies
//	hint.detail_left        {{.Side}} {{.N}} {{.Move}}  the strategy's winner; the move that left its line: its number in the move list, its text (displayMove)
//	hint.pack_may_prove, hint.detail_pack_plies, review.pack_plies  {{.Pack}}  hint.pack_named or hint.pack_named_nosize
//	hint.detail_pack_table, review.pack_table  {{.Pack}}  as above (the game's whole table in the pack: pack.WayPackTable)
//	hint.pack_named         {{.Where}} {{.MB}}  hint.where_pack; the pack's download in MB, one decimal (from the site's manifest)
//	hint.pack_named_nosize  {{.Where}} {{.Find}}  hint.where_pack; pack.check (the settings' button that asks the site)
//	hint.pack_named_short   {{.Where}}  hint.where_pack (the hint's line, the size not known: Details say how to learn it)
//	hint.detail_pack_bound, review.pack_bound  {{.Count}} {{.Prey}} {{.Pack}}  the prey's pieces in all, the prey's side, as above
//	hint.detail_site_bound  {{.Count}} {{.Prey}} {{.Where}}  as above; hint.where_pack
//	hint.detail_not_covered  {{.Held}} {{.Prey}} {{.N}}  the prey's pieces on the board in the tables' positions, the prey's side, in this one
//	review.not_covered      {{.Held}} {{.Prey}}  as above
//	hint.detail_bound_no_win  {{.Prey}}  the prey's side
//	review.site_bound       {{.Count}} {{.Prey}}  the prey's pieces in all, the prey's side
//	hint.bound_no_win       {{.Prey}}  the prey's side
//	hint.where_pack         {{.Settings}} {{.Pack}}  settings.title, settings.pack
//	review.win_in, review.win_in_bound  {{.Side}} {{.Count}}  use TPlural; the side that wins, its plies (at most, _bound)
//	review.win_proven       {{.Side}}  the side that wins, its plies not known
//	review.no_table_strategy, review.no_table_strategy_bound  {{.Side}}  the strategy's winner
//	tables.strategy, tables.strategy_bound, tables.ready_bound  {{.Side}}  the winner proven from the start
//	hint.why_takes_point    {{.Side}}  the predator
//	tables.building         {{.Percent}}
//	pack.offer, pack.offer_resume, pack.installed  {{.MB}}  megabytes, one decimal
//	pack.downloading        {{.Done}} {{.MB}}
//	pack.gives, pack.installed_gives  {{.Games}}  the games' titles joined
//	pack.error_server, pack.check_server  {{.Why}}
//	pack.damaged            {{.Game}}
//	confirm.question        {{.Move}}
//	history.sides_ai        {{.Side}} {{.Level}}
//	history.sides_watch     {{.Level}}
//	history.side_won        {{.Side}}
//	history.ply             {{.Move}}  the move's number and text, as in the list
//	history.moves           {{.Count}}  use TPlural(id, n, nil)
//	moves.viewing_short, moves.viewing_shortest  {{.Number}} {{.Move}}  shorter forms of moves.viewing
//	review.move             {{.N}} {{.Move}}  the move's number in the move list, its text (displayMove)
//	review.position         {{.N}} {{.Move}} {{.Ply}} {{.Total}}
//	review.summary          {{.Side}} {{.Counts}}  review.slips, .mistakes, .blunders (TPlural) joined by review.sep
//	review.why_allows_capture  {{.Side}}  the predator
//	review.searching        {{.Percent}}
//	review.judged           {{.Verdict}} {{.By}}  a verdict and who judged it (review.by_proof, review.by_search)
//	explore.to_move         {{.Side}} {{.Value}}  the side to move; one of the values below, for it
//	explore.win, .win_atmost, .win_bound, .loss, .loss_atmost, .loss_bound, .search_win, .search_loss  {{.Count}}  use TPlural; plies
//	explore.legend          {{.Side}}  the side to move
//	explore.after           {{.Move}} {{.Ply}} {{.Total}}  the move (displayMove), its number in the line, the line's length
//	explore.play_message    {{.Side}}  the side to move, the player's against the computer
//	explore.err_other       {{.Game}}
//	explore.err_*           {{.Text}} {{.N}} {{.Want}} {{.Predator}} {{.Prey}}  core.PositionError's Text, N, Want; the sides
//	setup.err_*             the same (core.CheckSetup's reasons)
//	setup.captured, .in_hand  {{.Count}} {{.Prey}}
//	setup.count, .count_hand  {{.Prey}} {{.Board}} {{.Captured}} {{.InHand}} {{.Sum}} {{.Total}}  the prey on the board, captured, in hand, their sum, the game's number
//
// A side is named by the side IDs (side.wolf, side.dogs, …:
// session.SideName), "…方" in Chinese for one piece or many (狼方, 犬方,
// 狮方): pass them wherever a side is meant.
var uiIDs = []string{
	"app.name",

	// before Fyne starts, in a Windows message box (app/startcheck)
	"startcheck.title", "startcheck.old_windows", "startcheck.opengl_old", "startcheck.opengl_none",
	"startcheck.opengl_help",

	"home.play", "home.rules", "home.continue", "home.unfinished", "home.settings",

	"newgame.title", "newgame.mode", "newgame.difficulty", "newgame.start",
	"mode.vs_ai_as_predator", "mode.vs_ai_as_prey", "mode.two_players", "mode.watch",
	"level.easy", "level.medium", "level.hard", "level.master",

	"game.to_move", "game.your_turn", "game.ai_thinking", "game.captured", "game.in_hand",
	"game.moves", "game.undo", "game.redo", "game.hint", "game.new", "game.rules",
	"game.settings", "game.back", "game.gate_legend", "game.pass_timeout", "game.timer_off", "game.seconds_left",
	"game.clock_paused",

	"gameover.title", "gameover.predator_wins", "gameover.prey_wins", "gameover.draw",
	"gameover.play_again", "gameover.home",

	"reason.captures", "reason.predator_stuck", "reason.lion_trapped", "reason.deer_cliff",
	"reason.no_move_draw", "reason.repetition",

	"settings.title", "settings.language",
	"settings.lang_system", "settings.difficulty", "settings.timer", "settings.timer_off",
	"settings.timer_seconds", "settings.show_moves", "settings.animations", "settings.theme",
	"settings.theme_system", "settings.theme_light", "settings.theme_dark",

	"resume.title", "resume.message", "resume.continue", "resume.discard", "resume.corrupt", "resume.corrupt_of",
	"save.failed", "save.failed_full",

	// Draws by agreement; the repair of stored data (storage.Vault).
	"game.offer_draw", "draw.title", "draw.offer_side", "draw.ai_offers", "draw.accept", "draw.decline", "draw.considering", "draw.declined", "draw.declined_person", "reason.agreed", "moves.end_agreed", "moves.end_resigned", "stats.agreed", "review.agreed", "rules.draw_title", "rules.draw_text", "recovery.title", "recovery.settings_restored", "recovery.settings_reset", "recovery.statistics_restored", "recovery.statistics_reset", "recovery.progress_restored", "recovery.progress_reset", "recovery.history_restored", "recovery.history_reset", "recovery.saved_game_restored", "recovery.saved_game_restored_of",

	"rules.key_points", "rules.quick_start", "rules.rules", "rules.clarifications", "rules.diagram",

	"side.predator", "side.prey",
	"side.wolf", "side.wolves", "side.dogs", "side.pigs", "side.lion", "side.deer",

	"glyph.wolf", "glyph.dog", "glyph.pig", "glyph.lion", "glyph.deer",

	"hint.thinking",
	// Added for issue 12: hints in words, the endgame table's status.
	"hint.search_win", "hint.search_loss",
	// Issue 22: a hint says the move and what it does.
	"hint.why_pass", "hint.why_captures", "hint.why_captures_more",
	"hint.why_threatens", "hint.why_double", "hint.why_room", "hint.why_gains_room", "hint.why_saves",
	"hint.why_takes_point", "hint.why_closed", "hint.why_sacrifice",
	"tables.loading", "tables.building", "tables.downloading", "tables.ready", "tables.failed",
	"tables.ready_moving",                       // issue 22: what the deer table covers
	"game.timeout_title", "game.timeout_passes", // issue 22: a pass by time over the board
	"review.button", "review.title", "review.kept", "review.slip", "review.blunder", "review.unknown",
	"review.best", "review.move", "review.prev", "review.next", "review.position", "review.no_table", "review.summary",
	// Added for issue 22: the search's verdicts in the review, its counts in plural forms.
	"review.sep", "review.colon", "review.position_start", "review.judged", "review.by_search",
	"review.search_good", "review.search_mistake", "review.search_blunder", "review.search_best",
	"review.searching", "review.pass", "review.why_drop", "review.why_missed_capture",
	"review.why_allows_capture", "review.why_missed_win_predator", "review.why_missed_win_prey",
	"review.why_loss_predator", "review.why_loss_prey", "review.slips", "review.mistakes", "review.blunders",

	"dialog.ok", "dialog.cancel",

	// Added with the app screens: the pass button and its notice, the
	// show-legal-moves setting.
	"game.pass", "game.forced_pass", "settings.show_legal",

	// Added for issue 13: the player's side and the AI level, the result
	// against the AI, the new-game confirmation, the resume details, a
	// partly read save, the player's timer setting on the rules screens.
	"game.you_play", "game.watching", "gameover.you_won", "gameover.you_lost",
	"newgame.confirm_title", "newgame.confirm_message", "newgame.confirm_start",
	"resume.details", "resume.details_ai", "resume.partial",
	"rules.timer_yours", "rules.timer_yours_off", "rules.timer_paused",
	// Added for issue 13 (what players expect): resign, leaving a game,
	// the move list as a tool (view a move, copy, paste), watch controls.
	"game.resign", "resign.title", "resign.message", "resign.message_side", "reason.resigned",
	"reason.you_resigned", "leave.title", "leave.message", "leave.confirm", "moves.copy",
	"moves.paste", "moves.back_to_game", "moves.viewing", "moves.viewing_start", "paste.copied",
	"paste.error_title", "paste.empty", "paste.unknown_game", "paste.bad_move", "paste.confirm",
	"watch.pause", "watch.play", "watch.step", "watch.speed_slow", "watch.speed_normal",
	"watch.speed_fast", "watch.paused",
	// Added for issue 13 (what players expect): about, statistics, text
	// size, face to face.
	"home.about", "home.quit", "home.stats", "about.title", "about.version", "about.version_dev",
	"about.how_to_play", "about.how_tap", "about.how_list", "about.keys", "about.keys_text",
	"about.keys_board", "about.licences", "about.font_licence", "about.toolkit_licence",
	"about.show_font_licence", "stats.title", "stats.note", "stats.empty", "stats.side_level",
	"stats.played", "stats.won", "stats.lost", "stats.drawn", "stats.reset", "stats.reset_title",
	"stats.reset_message", "settings.text_size", "settings.text_normal", "settings.text_large",
	"settings.text_larger", "settings.face_to_face", "settings.sound", "about.sounds",
	// Added for issue 22: move confirmation, board and piece styles, the
	// game history.
	"confirm.question", "confirm.play", "settings.confirm_moves", "settings.board_style",
	"settings.board_wood", "settings.board_paper", "settings.piece_style",
	"settings.pieces_characters", "settings.pieces_shapes", "settings.preview",
	"home.history", "history.title", "history.note", "history.empty", "history.sides_ai",
	"history.sides_two", "history.sides_watch", "history.replay", "history.start", "history.ply",
	"history.play_from_here", "history.clear", "history.clear_title", "history.clear_message",
	"history.moves", "history.side_won", "moves.viewing_short", "moves.viewing_shortest", "moves.viewing_start_short",
	// Issue 23: the proven strategies from the start in the hints and the review.
	"tables.strategy", "tables.strategy_bound", "tables.ready_bound",
	"review.no_table_strategy", "review.no_table_strategy_bound", "review.win_in", "review.win_in_bound",
	// Issue 32: a table of values without plies (Wolf Carries the Pig's shipped one).
	"review.win_proven",
	// Issue 23: the table pack in the settings.
	"settings.pack", "pack.checking", "pack.offer", "pack.offer_resume", "pack.gives", "pack.downloading",
	"pack.cancel", "pack.installed", "pack.installed_gives", "pack.delete", "pack.retry", "pack.check",
	"pack.nothing", "pack.error_network", "pack.error_server", "pack.error_checksum", "pack.error_rules",
	"pack.error_disk", "pack.damaged", "pack.address", "settings.advanced", "pack.check_network", "pack.check_server",
	"pack.intro",
	// Issue 32: the names in a list (the pack's games): 、 in Chinese, not the
	// clauses' ，; the last two joined by "and" / 和.
	"pack.games_sep", "pack.games_and",
	// Issue 43: hints and the review in a player's words: what to do,
	// whether it wins, how sure; the exact facts under Details. Issue 41:
	// without the pack, how to get proof (its size, where to get it).
	"hint.best", "hint.best_defence", "hint.search_move", "hint.search_defence", "hint.why_offers",
	"hint.win", "hint.win_atmost", "hint.win_bound", "hint.win_noplies", "hint.draw", "hint.no_proof",
	"hint.pack_may_prove", "hint.details", "hint.detail_table", "hint.detail_strategy",
	"hint.detail_bound_strategy", "hint.detail_bound_pack", "hint.detail_bridge", "hint.detail_values",
	"hint.detail_draw", "hint.detail_search", "hint.detail_depth", "hint.detail_left",
	"hint.detail_pack_bound", "hint.detail_pack_plies", "hint.detail_pack_table", "hint.where_pack",
	"review.by_proof", "review.pack_bound", "review.pack_plies", "review.pack_table",
	// Issue 41: a judgement, not a proof, in a player's words, and how to
	// get proof: the pack named with its size where the site's manifest
	// says it; in the browser the site's tables; what the tables here show;
	// no offer where the pack would not cover the position.
	"hint.pack_named", "hint.pack_named_nosize", "hint.pack_named_short", "hint.site_may_prove", "hint.bound_no_win",
	"hint.detail_site_bound", "hint.detail_not_covered", "hint.detail_bound_no_win",
	"review.site_bound", "review.not_covered",
	// Issue 45: the explorer (analysis board): values for the side to
	// move, sharing a position, playing on from it.
	"explore.button", "explore.title", "explore.to_move", "explore.draw", "explore.win_noplies",
	"explore.loss_noplies", "explore.search_good", "explore.search_even", "explore.search_bad",
	"explore.unknown", "explore.legend", "explore.searching", "explore.by_search", "explore.at_start",
	"explore.after", "explore.copy", "explore.paste", "explore.copied", "explore.play",
	"explore.play_message", "explore.play_computer", "explore.play_friend",
	"explore.paste_error_title", "explore.err_empty", "explore.err_other",
	"explore.err_not_key_value", "explore.err_unknown_field", "explore.err_field_twice",
	"explore.err_field_missing", "explore.err_unknown_point", "explore.err_two_pieces",
	"explore.err_turn", "explore.err_count", "explore.err_predator_count", "explore.err_prey_trap",
	"explore.err_prey_cliff", "explore.err_too_many", "explore.err_too_few", "explore.win",
	"explore.win_atmost", "explore.win_bound", "explore.loss", "explore.loss_atmost",
	"explore.loss_bound", "explore.search_win", "explore.search_loss",
	// Issue 45: the position editor ("Set up").
	"setup.button", "setup.title", "setup.help", "setup.piece.wolf", "setup.piece.dog",
	"setup.piece.pig", "setup.piece.lion", "setup.piece.deer", "setup.empty", "setup.to_move",
	"setup.captured", "setup.in_hand", "setup.count", "setup.count_hand", "setup.clear",
	"setup.start", "setup.done", "setup.refused_title", "setup.err_over_captures",
	"setup.err_over_trapped", "setup.err_over_cliff", "setup.err_over_stuck", "setup.err_over_draw",
	"setup.err_odd_captures", "setup.err_hand_moved", "setup.err_hand_captured", "setup.err_hand_far",
}

// pluralIDs are the messages with plural forms (use TPlural).
var pluralIDs = map[string]bool{"game.in_hand": true,
	"hint.search_win": true, "hint.search_loss": true,
	"history.moves": true, "review.slips": true, "review.mistakes": true, "review.blunders": true,
	"review.win_in": true, "review.win_in_bound": true,
	"hint.win": true, "hint.win_atmost": true, "hint.win_bound": true, "hint.detail_table": true,
	"hint.detail_strategy": true, "hint.detail_bound_strategy": true, "hint.detail_bound_pack": true,
	"hint.detail_bridge": true, "hint.detail_depth": true,
	"explore.win": true, "explore.win_atmost": true, "explore.win_bound": true, "explore.loss": true, "explore.loss_atmost": true, "explore.loss_bound": true, "explore.search_win": true, "explore.search_loss": true}

// UIMessageIDs returns every app-label message ID (a copy).
func UIMessageIDs() []string { return append([]string(nil), uiIDs...) }

// IsPlural reports whether message id has plural forms and should be looked
// up with TPlural.
func IsPlural(id string) bool { return pluralIDs[id] }

// MessageIDs returns every message ID of the package: UI labels, then the
// rules texts of all games.
func MessageIDs() []string { return append(UIMessageIDs(), GameMessageIDs()...) }
