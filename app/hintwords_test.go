package app

import (
	"context"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/proof"
	"huntchess/tables"
	"huntchess/translations"
)

// hintWords says in words what a hint found in position p, for the player
// to move (hintText), with the game's shipped strategy (opened for the
// call: nothing is shared between tests), no table and no pack to offer.
func hintWords(p core.Position, res ai.Result) func() hintNote {
	s, _ := tables.OpenShippedStrategy(p.Game)
	return hintText(p, res, hintSources{strategy: s}, nil)
}

// A hint's result, in each kind of proof, takes its message (the value
// after the move, the facts under Details) with the winner and the plies,
// in both languages; only a proof says "proven", only the search "not
// proven".
func TestHintWords(t *testing.T) {
	lion := core.SurroundTheLion.Info()
	defer translations.SetLanguage(translations.Current())
	cases := []struct {
		side          core.Side
		res           ai.Result
		value, detail string // message IDs: the value, the first fact under Details
		winner        int    // the winning side (core.Side), -1 for none (a draw, the search's)
		count         int    // the plies said (0: none)
	}{
		{core.Prey, ai.Result{Proof: proof.Exact, Score: 30000 - 23}, "hint.win", "hint.detail_table", int(core.Prey), 23},
		{core.Prey, ai.Result{Proof: proof.Exact, Score: 30000 - 1}, "hint.win", "hint.detail_table", int(core.Prey), 1},
		{core.Predator, ai.Result{Proof: proof.Exact, Score: -(30000 - 9)}, "hint.win", "hint.detail_table", int(core.Prey), 9},
		{core.Predator, ai.Result{Proof: proof.Exact}, "hint.draw", "hint.detail_draw", -1, 0},
		{core.Predator, ai.Result{Score: 30000 - 5}, "hint.search_win", "hint.detail_search", -1, 5},
		{core.Predator, ai.Result{Score: -(30000 - 4)}, "hint.search_loss", "hint.detail_search", -1, 4},
		// Issue 23: a proven win without losing a piece (Beat the Wolf's
		// dogs; here no strategy covers the position: the pack's bound table).
		{core.Prey, ai.Result{Proof: proof.Bound, Score: 30000 - 140}, "hint.win_bound", "hint.detail_bound_pack", int(core.Prey), 140},
		{core.Predator, ai.Result{Proof: proof.Bound, Score: -(30000 - 1)}, "hint.win_bound", "hint.detail_bound_pack", int(core.Prey), 1},
		// Issue 32: a bridge back onto the proven line after a pass: a proven win, its plies at most.
		{core.Prey, ai.Result{Proof: proof.AtMost, Score: 30000 - 25}, "hint.win_atmost", "hint.detail_bridge", int(core.Prey), 25},
		{core.Predator, ai.Result{Proof: proof.AtMost, Score: -(30000 - 24)}, "hint.win_atmost", "hint.detail_bridge", int(core.Prey), 24},
		{core.Prey, ai.Result{Proof: proof.BoundAtMost, Score: 30000 - 99}, "hint.win_bound", "hint.detail_bridge", int(core.Prey), 99},
		{core.Predator, ai.Result{Score: 12}, "hint.no_proof", "hint.detail_search", -1, 0},
		// Issue 32: a table of values (Wolf Carries the Pig's shipped one): a proven win, its plies not known.
		{core.Prey, ai.Result{Proof: proof.ValuesOnly, Score: 30000 - 500}, "hint.win_noplies", "hint.detail_values", int(core.Prey), 0},
		{core.Predator, ai.Result{Proof: proof.ValuesOnly, Score: -(30000 - 500)}, "hint.win_noplies", "hint.detail_values", int(core.Prey), 0},
	}
	for _, c := range cases {
		p := lion.Start()
		p.ToMove = c.side
		w := hintText(p, c.res, hintSources{}, nil) // no strategy, no table: the kinds by the result alone
		for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
			translations.SetLanguage(lang) // the words follow a language switch
			n := w()
			data := map[string]any{}
			if c.winner >= 0 {
				data["Side"] = sideName(lion, core.Side(c.winner))
				require.Contains(t, n.text, sideName(lion, core.Side(c.winner)), "%s %s", lang, c.value)
			}
			want := translations.TData(c.value, data)
			if translations.IsPlural(c.value) {
				want = translations.TPlural(c.value, c.count, data)
			}
			require.Equal(t, want, n.text, "%s %s", lang, c.value)
			wantDetail := translations.TData(c.detail, data)
			if translations.IsPlural(c.detail) {
				wantDetail = translations.TPlural(c.detail, c.count, data)
			}
			require.True(t, strings.HasPrefix(n.details, wantDetail), "%s %s: %q", lang, c.detail, n.details)
			if c.count > 0 {
				require.Contains(t, n.text, strconv.Itoa(c.count), "%s %s", lang, c.value)
			}
			if c.res.Proof.Proven() && c.count > 0 {
				require.Contains(t, n.details, strconv.Itoa(c.count), "%s %s: the plies in the facts", lang, c.detail)
			}
			proven := map[translations.Lang]string{translations.English: "(proven", translations.Chinese: "（已证明"}[lang]
			require.Equal(t, c.res.Proof.Proven(), strings.Contains(n.text, proven), "%s %q", lang, n.text)
			require.NotContains(t, n.text, "table", "%s: the line speaks of the result, not of the engine", lang)
		}
	}
}

// firstSentence is a message's text (translations.T, its data missing) up
// to its first placeholder: what every text of it begins with.
func firstSentence(s string) string {
	s, _, _ = strings.Cut(s, "<no value>")
	return s
}

// A hint says the move and what it does, in a player's words, before what
// the search or the table knows of the result.
func TestHintWordsSayWhy(t *testing.T) {
	defer translations.SetLanguage(translations.English)
	translations.SetLanguage(translations.English)
	// The wolf captures.
	g := firstCaptureGame(t, core.BeatTheWolf.String())
	last := g.LastMove()
	require.NoError(t, func() error { g.Undo(); return nil }())
	p := g.Position()
	w := hintWords(p, ai.Result{Move: last, Score: 40})
	// Beat the Wolf's start is proven (its shipped strategy): off its line
	// the hint says the search found the move, and that nothing proves the
	// position.
	require.Equal(t, "A strong move found by looking ahead: "+displayMove(last)+" — it captures. A judgement, not a proof: this app has not solved this position.", w().text)
	require.Contains(t, displayMove(last), "×")
	w = hintWords(p, ai.Result{Move: last, Score: 30000 - 5})
	require.Equal(t, "A strong move found by looking ahead: "+displayMove(last)+" — it captures. Looking ahead, the computer sees a forced win in 5 moves (not proven).", w().text)
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "往后看几步找到的好棋："+displayMove(last)+"——吃子。往后看几步，电脑看到 5 步内可胜（没有证明）。", w().text)
	translations.SetLanguage(translations.English)

	// Along a game, every kind of prey move is named: out of danger, a point
	// taken away, the pack kept closed; and the predator's threats.
	seen := map[string]bool{}
	r := rand.New(rand.NewSource(3))
	for _, id := range []core.GameID{core.BeatTheWolf, core.WolfCarriesPig} {
		g := core.NewGameFrom(id.Info().Start())
		for g.Len() < 80 && !g.Outcome().Over() {
			p := g.Position()
			ms := g.LegalMoves()
			for _, m := range ms {
				key, _ := hintWhy(p, m)
				seen[key] = true
				_, capt, _ := predatorView(p.After(m))
				_, before, _ := predatorView(p)
				switch key {
				case "hint.why_saves":
					require.Equal(t, core.Prey, p.ToMove)
					require.Zero(t, capt)
					require.NotZero(t, before)
				case "hint.why_threatens", "hint.why_double":
					require.Equal(t, core.Predator, p.ToMove)
					require.NotZero(t, capt)
				case "hint.why_closed", "hint.why_takes_point":
					require.Zero(t, capt)
				case "hint.why_sacrifice":
					require.NotZero(t, capt)
					require.False(t, safeMove(p), "no move keeps every piece safe")
				case "hint.why_offers":
					require.NotZero(t, capt)
					require.True(t, safeMove(p), "another move keeps every piece safe")
				case "hint.why_gains_room":
					after, _, _ := predatorView(p.After(m))
					now, _, _ := predatorView(p)
					require.Greater(t, after, now)
				}
			}
			m := ai.Search(context.Background(), p, ai.Limits{Depth: 2, Nodes: 3000, History: g.History()}).Move
			if g.Len()%3 == 1 { // now and then a careless move
				m = ms[r.Intn(len(ms))]
			}
			require.NoError(t, g.PlayMove(m))
		}
	}
	for _, k := range []string{"hint.why_captures", "hint.why_threatens", "hint.why_room", "hint.why_gains_room", "hint.why_saves", "hint.why_takes_point", "hint.why_closed"} {
		require.True(t, seen[k], "%s: %v", k, seen)
	}
	require.True(t, seen["hint.why_sacrifice"] || seen["hint.why_offers"], "a piece given up: %v", seen)
	require.NotContains(t, hintWords(core.BeatTheWolf.Info().Start(), ai.Result{Move: ms0(t), Score: 10})().text, "forced")
}

func ms0(t *testing.T) core.Move {
	g, err := core.NewGame(core.BeatTheWolf.String())
	require.NoError(t, err)
	return g.LegalMoves()[0]
}
