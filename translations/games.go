package translations

import "strconv"

// Game IDs, as in the rules contract.
const (
	BeatTheWolf     = "beat-the-wolf"
	WolfCarriesPig  = "wolf-carries-pig"
	SurroundTheLion = "surround-the-lion"
	DeerChess       = "deer-chess"
)

// GameIDs lists the four games in home-screen order.
var GameIDs = []string{BeatTheWolf, WolfCarriesPig, SurroundTheLion, DeerChess}

// Section is a heading with its paragraphs.
type Section struct {
	// Key names a rules section in the message IDs ("board", "timer" …);
	// "" for the other sections.
	Key        string
	Heading    string
	Paragraphs []string
}

// GameTexts are the texts of one game in one language.
type GameTexts struct {
	ID         string
	Lang       Lang
	Title      string // e.g. "Beat the Wolf" / "打狼棋"
	OtherTitle string // the title in the other language, for cards showing both
	Tagline    string
	Subtitle   string
	// KeyPoints: pieces, board, winning, under "Key points" / "玩法要点".
	KeyPoints Section
	// QuickStart: three short points, shown under T("rules.quick_start").
	QuickStart []string
	// Rules: board and setup, movement, capture, winning, timer (deer chess:
	// board and setup, deer move, dogs enter first, winning, timer), with the
	// game's own headings. Shown under T("rules.rules").
	Rules []Section
	// Clarifications: the rules contract's decisions, in plain words, shown
	// under T("rules.clarifications").
	Clarifications []string
}

type sectionSpec struct {
	key        string // "board", "movement", …
	paragraphs int
}

type gameSpec struct {
	id             string
	keyPoints      int
	quickStart     int
	sections       []sectionSpec
	clarifications int
}

// gameSpecs is the table of rules-text message IDs (locales/games.*.toml).
// IDs are "games.<game>.title", ".tagline", ".subtitle", ".key_points.<n>",
// ".quick_start.<n>", ".rules.<section>.heading", ".rules.<section>.<n>" and
// ".clarifications.<n>", numbered from 1.
var gameSpecs = []gameSpec{
	{
		id: BeatTheWolf, keyPoints: 3, quickStart: 3,
		sections: []sectionSpec{
			{"board", 2}, {"movement", 2}, {"capture", 2}, {"winning", 2}, {"timer", 2},
		},
		clarifications: 5,
	},
	{
		id: WolfCarriesPig, keyPoints: 3, quickStart: 3,
		sections: []sectionSpec{
			{"board", 2}, {"movement", 2}, {"capture", 3}, {"winning", 2}, {"timer", 2},
		},
		clarifications: 6,
	},
	{
		id: SurroundTheLion, keyPoints: 3, quickStart: 3,
		sections: []sectionSpec{
			{"board", 2}, {"movement", 2}, {"capture", 1}, {"winning", 3}, {"timer", 2},
		},
		clarifications: 7,
	},
	{
		id: DeerChess, keyPoints: 3, quickStart: 3,
		sections: []sectionSpec{
			{"board", 2}, {"deer_move", 2}, {"dogs_enter", 3}, {"winning", 2}, {"timer", 2},
		},
		clarifications: 8,
	},
}

func findGame(id string) (gameSpec, bool) {
	for _, g := range gameSpecs {
		if g.id == id {
			return g, true
		}
	}
	return gameSpec{}, false
}

func numbered(prefix string, n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = prefix + strconv.Itoa(i+1)
	}
	return ids
}

func (g gameSpec) prefix() string { return "games." + g.id + "." }

func (g gameSpec) ids() []string {
	p := g.prefix()
	ids := []string{p + "title", p + "tagline", p + "subtitle"}
	ids = append(ids, numbered(p+"key_points.", g.keyPoints)...)
	ids = append(ids, numbered(p+"quick_start.", g.quickStart)...)
	for _, s := range g.sections {
		sp := p + "rules." + s.key + "."
		ids = append(ids, sp+"heading")
		ids = append(ids, numbered(sp, s.paragraphs)...)
	}
	return append(ids, numbered(p+"clarifications.", g.clarifications)...)
}

// GameMessageIDs returns every rules-text message ID of every game.
func GameMessageIDs() []string {
	var ids []string
	for _, g := range gameSpecs {
		ids = append(ids, g.ids()...)
	}
	return ids
}

// Game returns the texts of game id in the current language. An unknown id
// gives GameTexts with only ID and Lang set.
func Game(id string) GameTexts { return defaultLocalizer.Game(id) }

// GameIn returns the texts of game id in lang.
func GameIn(id string, lang Lang) GameTexts { return defaultLocalizer.GameIn(id, lang) }

// Game returns the texts of game id in l's current language.
func (l *Localizer) Game(id string) GameTexts { return l.GameIn(id, l.Current()) }

// GameIn returns the texts of game id in lang.
func (l *Localizer) GameIn(id string, lang Lang) GameTexts {
	if !lang.Valid() {
		lang = English
	}
	gt := GameTexts{ID: id, Lang: lang}
	g, ok := findGame(id)
	if !ok {
		return gt
	}
	t := func(id string) string { return l.TIn(lang, id) }
	all := func(ids []string) []string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = t(id)
		}
		return out
	}
	p := g.prefix()
	gt.Title = t(p + "title")
	gt.OtherTitle = l.TIn(lang.Other(), p+"title")
	gt.Tagline = t(p + "tagline")
	gt.Subtitle = t(p + "subtitle")
	gt.KeyPoints = Section{
		Heading:    t("rules.key_points"),
		Paragraphs: all(numbered(p+"key_points.", g.keyPoints)),
	}
	gt.QuickStart = all(numbered(p+"quick_start.", g.quickStart))
	for _, s := range g.sections {
		sp := p + "rules." + s.key + "."
		gt.Rules = append(gt.Rules, Section{
			Key:        s.key,
			Heading:    t(sp + "heading"),
			Paragraphs: all(numbered(sp, s.paragraphs)),
		})
	}
	gt.Clarifications = all(numbered(p+"clarifications.", g.clarifications))
	return gt
}
