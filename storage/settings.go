package storage

import (
	"slices"

	"huntchess/match"
	"huntchess/translations"
)

// Preference keys. They never change: a renamed key would lose the user's
// settings.
const (
	KeyLanguage   = "settings.language"     // "en", "zh-Hans", "zh-Hant" or "system"
	KeyLevel      = "settings.level"        // match.Level.String(): "easy" … "master"
	KeyTimer      = "settings.timer"        // seconds per turn, one of TimerChoices; 0 = off
	KeyShowLegal  = "settings.show_legal"   // bool
	KeyAnimations = "settings.animations"   // bool
	KeyTheme      = "settings.theme"        // "system", "light" or "dark"
	KeyTextScale  = "settings.text_scale"   // float, one of TextScales
	KeyFaceToFace = "settings.face_to_face" // bool
	KeySound      = "settings.sound"        // bool
	KeyBoardStyle = "settings.board_style"  // "wood" or "paper" (BoardStyles)
	KeyPieceStyle = "settings.piece_style"  // "characters" or "shapes" (PieceStyles)
	KeyConfirm    = "settings.confirm_move" // bool: a tapped move waits for Confirm
	KeyLessons    = "lessons.done"          // keys of the lessons completed, comma-separated ("beat-the-wolf/1,…")
	// KeyPuzzlesSolved + a game ID ("puzzles.solved.deer-chess"): the IDs
	// of the game's puzzles solved (puzzles.Puzzle.ID), comma-separated.
	KeyPuzzlesSolved = "puzzles.solved."
)

// Theme choices.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// TimerChoices are the turn-timer settings in seconds; 0 switches it off.
var TimerChoices = []int{0, 15, 30, 60, 90, 120}

// TextScales are the text-size choices (Normal, Large, Larger): factors on
// the theme's text sizes.
var TextScales = []float64{1, 1.2, 1.4}

// Settings are the user's preferences.
type Settings struct {
	Language   string // a translations.Lang (English, Chinese, TraditionalChinese) or translations.SystemPreference
	Level      match.Level
	Timer      int // seconds; 0 = off
	ShowLegal  bool
	Animations bool
	Theme      string
	TextScale  float64 // one of TextScales
	FaceToFace bool    // two players: the board turns to the side to move
	Sound      bool    // move, capture, placement, low time, game over
	// BoardStyle and PieceStyle are the look of the boards: BoardWood or
	// BoardPaper, PiecesCharacters or PiecesShapes.
	BoardStyle string
	PieceStyle string
	// ConfirmMoves: a move tapped or dragged on the board waits for Confirm
	// (or Cancel) before it is played, against accidental taps on a phone.
	ConfirmMoves bool
}

// Board and piece styles (the values of widgets' styles; storage does
// not draw).
const (
	BoardWood        = "wood"
	BoardPaper       = "paper"
	PiecesCharacters = "characters"
	PiecesShapes     = "shapes"
)

// BoardStyles and PieceStyles are the style choices, in the settings' order.
var (
	BoardStyles = []string{BoardWood, BoardPaper}
	PieceStyles = []string{PiecesCharacters, PiecesShapes}
)

// DefaultSettings are used for anything not stored (or stored corrupt).
func DefaultSettings() Settings {
	return Settings{
		Language:   translations.SystemPreference,
		Level:      match.Medium,
		Timer:      60,
		ShowLegal:  true,
		Animations: true,
		Theme:      ThemeSystem,
		TextScale:  1,
		Sound:      true,
		BoardStyle: BoardWood,
		PieceStyle: PiecesCharacters,
	}
}

// LoadSettings reads the settings from p. Each value is validated on its own:
// a missing, mistyped or out-of-range value falls back to its default.
func LoadSettings(p Prefs) Settings {
	s := DefaultSettings()
	if v := p.StringWithFallback(KeyLanguage, ""); v == translations.SystemPreference || translations.Lang(v).Valid() {
		s.Language = v
	}
	if lv, ok := match.ParseLevel(p.StringWithFallback(KeyLevel, "")); ok {
		s.Level = lv
	}
	if t := p.IntWithFallback(KeyTimer, -1); slices.Contains(TimerChoices, t) {
		s.Timer = t
	}
	s.ShowLegal = p.BoolWithFallback(KeyShowLegal, s.ShowLegal)
	s.Animations = p.BoolWithFallback(KeyAnimations, s.Animations)
	if v := p.StringWithFallback(KeyTheme, ""); v == ThemeSystem || v == ThemeLight || v == ThemeDark {
		s.Theme = v
	}
	if v := p.FloatWithFallback(KeyTextScale, 0); slices.Contains(TextScales, v) {
		s.TextScale = v
	}
	s.FaceToFace = p.BoolWithFallback(KeyFaceToFace, s.FaceToFace)
	s.Sound = p.BoolWithFallback(KeySound, s.Sound)
	if v := p.StringWithFallback(KeyBoardStyle, ""); slices.Contains(BoardStyles, v) {
		s.BoardStyle = v
	}
	if v := p.StringWithFallback(KeyPieceStyle, ""); slices.Contains(PieceStyles, v) {
		s.PieceStyle = v
	}
	s.ConfirmMoves = p.BoolWithFallback(KeyConfirm, s.ConfirmMoves)
	return s
}

// Save writes the settings to p.
func (s Settings) Save(p Prefs) {
	p.SetString(KeyLanguage, s.Language)
	p.SetString(KeyLevel, s.Level.String())
	p.SetInt(KeyTimer, s.Timer)
	p.SetBool(KeyShowLegal, s.ShowLegal)
	p.SetBool(KeyAnimations, s.Animations)
	p.SetString(KeyTheme, s.Theme)
	p.SetFloat(KeyTextScale, s.TextScale)
	p.SetBool(KeyFaceToFace, s.FaceToFace)
	p.SetBool(KeySound, s.Sound)
	p.SetString(KeyBoardStyle, s.BoardStyle)
	p.SetString(KeyPieceStyle, s.PieceStyle)
	p.SetBool(KeyConfirm, s.ConfirmMoves)
}
