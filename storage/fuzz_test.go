package storage

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/lessons"
	"huntchess/match"
	"huntchess/puzzles"
)

// Fuzz targets of the readers of the files of the app's storage a crash or
// a damaged disk may have changed: the saved game, the vault's settings,
// statistics and progress, the history. Whatever the bytes, a reader
// returns an error (or the defaults) or a valid value, never panics, and a
// value read writes itself back as what reads as the same value. Run one
// with `go test -tags ci -run '^$' -fuzz '^FuzzDecodeSaved$' ./storage/`,
// or all with `make fuzz`; a crasher found lands in testdata/fuzz/ (commit
// it). The size guards' tests are in limits_test.go.

// fuzzMaxInput caps an input: the real files are a few KB.
const fuzzMaxInput = 64 << 10

// fuzzSavedSeeds are saved games as the app writes them: games of each
// game in each mode, a timer running, and one of an older version (no
// checksum).
func fuzzSavedSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	for i, g := range core.Games() {
		game, err := core.NewGame(g.Key)
		if err != nil {
			tb.Fatal(err)
		}
		for j := 0; j < 6+4*i && !game.Outcome().Over(); j++ {
			moves := game.LegalMoves()
			if err := game.PlayMove(moves[j%len(moves)]); err != nil {
				tb.Fatal(err)
			}
		}
		if game.Outcome().Over() {
			game.Undo()
		}
		mode := []match.Mode{match.ModeVsAIAsPredator, match.ModeVsAIAsPrey, match.ModeTwoPlayers, match.ModeWatch}[i%4]
		data, err := encodeSaved(game, mode, match.Levels()[i%len(match.Levels())], int64(i)*15000, 1_800_000_000_000+int64(i))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, data)
	}
	out = append(out, []byte(`{"v":1,"game":"surround-the-lion","mode":"vs-ai-prey","level":"hard","record":"d4-d5 c3-c4 pass","time_left_ms":0}`))
	return out
}

func FuzzDecodeSaved(f *testing.F) {
	for _, s := range fuzzSavedSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > fuzzMaxInput {
			return
		}
		r, err := DecodeSaved(raw)
		if err != nil {
			if r != nil || err.Error() == "" {
				t.Fatalf("an error (%q) with a game", err)
			}
			return
		}
		if r.Game == nil || r.Game.Outcome().Over() || !r.Mode.Valid() || r.TimeLeft < 0 || r.TimeLeft > 3600_000 ||
			r.Partial && r.TimeLeft != 0 {
			t.Fatalf("read as %+v", r)
		}
		// Saved again, it reads as the same game.
		var savedMs int64
		if !r.Saved.IsZero() {
			savedMs = r.Saved.UnixMilli()
		}
		data, err := encodeSaved(r.Game, r.Mode, r.Level, r.TimeLeft, savedMs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeSaved(data)
		if err != nil {
			t.Fatalf("a saved game read does not read back: %v", err)
		}
		if back.Game.Info().Key != r.Game.Info().Key || back.Game.Record() != r.Game.Record() || back.Mode != r.Mode ||
			back.Level != r.Level || back.TimeLeft != r.TimeLeft || back.Partial || !back.Saved.Equal(r.Saved) {
			t.Fatalf("read back as another game: %+v, %+v", back, r)
		}
	})
}

// fuzzVaultSeeds are the vault's files as the app writes them: settings,
// statistics and progress.
func fuzzVaultSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	var set, stats, prog vaultValues
	for _, v := range []*vaultValues{&set, &stats, &prog} {
		v.init()
	}
	set.S[KeyLanguage], set.S[KeyLevel], set.S[KeyTheme] = "zh-Hans", "master", ThemeDark
	set.I[KeyTimer] = 30
	set.B[KeyShowLegal], set.B[KeySound], set.B[KeyConfirm] = false, true, true
	set.F[KeyTextScale], set.F[KeyWindowWidth] = 1.2, 1280.5
	st := Stats{}
	st.Add(StatKey("deer-chess", core.Prey, match.Hard), true, false)
	st.Add(StatKey("beat-the-wolf", core.Predator, match.Master), false, true)
	b, err := json.Marshal(st)
	if err != nil {
		tb.Fatal(err)
	}
	stats.S[KeyStats] = string(b)
	prog.S[KeyLessons] = lessons.All()[0].Key() + ",not-a-lesson," + lessons.All()[1].Key()
	for _, g := range core.Games() {
		var ids []string
		for i, pz := range puzzles.For(g.ID) {
			if i%2 == 0 {
				ids = append(ids, pz.ID())
			}
		}
		prog.S[KeyPuzzlesSolved+g.Key] = strings.Join(ids, ",")
	}
	return [][]byte{encodeVault(set), encodeVault(stats), encodeVault(prog)}
}

func FuzzVaultFile(f *testing.F) {
	for _, s := range fuzzVaultSeeds(f) {
		f.Add(s, false)
	}
	f.Add([]byte(`{"sum":"x","values":{"i":{"settings.timer":-1}}}`), true)
	f.Fuzz(func(t *testing.T, raw []byte, fixSum bool) {
		if len(raw) > fuzzMaxInput {
			return
		}
		if fixSum { // past the checksum: the values themselves
			var vf vaultFile
			if json.Unmarshal(raw, &vf) == nil {
				vf.Sum = checksum(vf.Values)
				raw, _ = json.Marshal(vf)
			}
		}
		v, ok := decodeVault(raw)
		if !ok {
			return
		}
		back, ok := decodeVault(encodeVault(v))
		if !ok || !reflect.DeepEqual(back, v) {
			t.Fatalf("a vault file read does not read back: %v", ok)
		}
		// The app reads its settings, statistics and progress from them.
		p := testkit.NewMemPrefs()
		for k, x := range v.S {
			p.SetString(k, x)
		}
		for k, x := range v.I {
			p.SetInt(k, x)
		}
		for k, x := range v.B {
			p.SetBool(k, x)
		}
		for k, x := range v.F {
			p.SetFloat(k, x)
		}
		fuzzStoredValues(t, p)
	})
}

func FuzzStoredValues(f *testing.F) {
	f.Add(`{"deer-chess/prey/hard":{"played":3,"won":1,"lost":1,"drawn":1,"agreed":1}}`, "beat-the-wolf/1,x", "a,b,,c", 30, 1.2)
	f.Add(`null`, ``, ``, -1, 0.0)
	f.Fuzz(func(t *testing.T, stats, lessonsDone, solved string, timer int, scale float64) {
		p := testkit.NewMemPrefs()
		p.SetString(KeyStats, stats)
		p.SetString(KeyLessons, lessonsDone)
		for _, g := range core.Games() {
			p.SetString(KeyPuzzlesSolved+g.Key, solved)
		}
		p.SetInt(KeyTimer, timer)
		p.SetFloat(KeyTextScale, scale)
		fuzzStoredValues(t, p)
	})
}

// fuzzStoredValues reads the settings, statistics and progress in p as the
// app does: each a valid value (or its default), the statistics written
// back reading as the same.
func fuzzStoredValues(t *testing.T, p *testkit.MemPrefs) {
	s := LoadSettings(p)
	if !slices.Contains(TimerChoices, s.Timer) || !slices.Contains(TextScales, s.TextScale) ||
		!slices.Contains(BoardStyles, s.BoardStyle) || !slices.Contains(PieceStyles, s.PieceStyle) ||
		!slices.Contains([]string{ThemeSystem, ThemeLight, ThemeDark}, s.Theme) {
		t.Fatalf("settings read as %+v", s)
	}
	if _, ok := match.ParseLevel(s.Level.String()); !ok {
		t.Fatalf("level %v", s.Level)
	}
	st := LoadStats(p)
	q := testkit.NewMemPrefs()
	st.Save(q)
	if back := LoadStats(q); !reflect.DeepEqual(back, st) {
		t.Fatalf("statistics read back as others: %v, %v", back, st)
	}
	for k := range LessonsDone(p) {
		if lessons.Find(k) == nil {
			t.Fatalf("lesson %q done: there is none", k)
		}
	}
	for _, g := range core.Games() {
		SolvedPuzzles(p, g.ID)
		if solved, total := PuzzleProgress(p, g.ID); solved < 0 || solved > total {
			t.Fatalf("%d of %d puzzles solved", solved, total)
		}
	}
}

// fuzzHistorySeed is a history file as the app writes it: a finished game
// of each game, in each mode, one resigned and one an agreed draw.
func fuzzHistorySeed(tb testing.TB) []byte {
	tb.Helper()
	var games []Finished
	for i, g := range core.Games() {
		game, err := core.NewGame(g.Key)
		if err != nil {
			tb.Fatal(err)
		}
		for j := 0; j < 40 && !game.Outcome().Over(); j++ {
			moves := game.LegalMoves()
			if err := game.PlayMove(moves[(j*7+i)%len(moves)]); err != nil {
				tb.Fatal(err)
			}
		}
		if !game.Outcome().Over() {
			if i%2 == 0 {
				err = game.Resign(game.ToMove())
			} else {
				err = game.AgreeDraw()
			}
			if err != nil {
				tb.Fatal(err)
			}
		}
		mode := []match.Mode{match.ModeVsAIAsPredator, match.ModeVsAIAsPrey, match.ModeTwoPlayers, match.ModeWatch}[i%4]
		f, ok := FinishedOf(game, mode, match.Levels()[i%len(match.Levels())], timeOf(i))
		if !ok {
			tb.Fatal("not finished")
		}
		games = append(games, f)
	}
	data, err := json.Marshal(historyFile{Version: historyVersion, Games: games})
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// timeOf is a game's end: the i-th day of 2025, in UTC.
func timeOf(i int) time.Time { return time.Date(2025, 1, 1+i, 3, 4, 5, 0, time.UTC) }

func FuzzDecodeHistory(f *testing.F) {
	f.Add(fuzzHistorySeed(f))
	f.Add([]byte(`{"v":1,"games":[{"when":"2025-01-02T03:04:05+08:00","game":"deer-chess","mode":"two-players","level":"easy","record":"","result":"prey","reason":"resigned"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > fuzzMaxInput {
			return
		}
		games, err := decodeHistory(raw)
		if err != nil {
			if games != nil || err.Error() == "" {
				t.Fatalf("an error (%q) with games", err)
			}
			return
		}
		if len(games) > HistoryLimit {
			t.Fatalf("%d games kept", len(games))
		}
		st := Stats{}
		for _, g := range games {
			game, err := g.Replay()
			if err != nil || !game.Outcome().Over() {
				t.Fatalf("a game kept does not replay: %v", err)
			}
			g.Count(st)
		}
		// Written and read again: the same games.
		out, err := json.Marshal(historyFile{Version: historyVersion, Games: games})
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeHistory(out)
		if err != nil || len(back) != len(games) {
			t.Fatalf("a history read reads back as %d games (%v), not %d", len(back), err, len(games))
		}
		again, _ := json.Marshal(historyFile{Version: historyVersion, Games: back})
		if !bytes.Equal(again, out) {
			t.Fatalf("a history reads back as another:\n%s\n%s", out, again)
		}
	})
}
