package widgets

// Board and piece styles: the look of every board (and capture tray) in the
// app, chosen in the settings. The board style picks the colours (each in a
// light and a dark variant, following the app's theme); the piece style
// picks what a token carries.
const (
	BoardWood  = "wood"  // the default: a wooden board, red and blue tokens
	BoardPaper = "paper" // a plain paper board: ink lines, black and white tokens

	PiecesCharacters = "characters" // the default: each token carries its character (狼, 犬 …)
	PiecesShapes     = "shapes"     // plain shapes: a round predator, a square prey
)

// Style is the look of the boards.
type Style struct {
	Board  string // BoardWood or BoardPaper
	Pieces string // PiecesCharacters or PiecesShapes
}

// DefaultStyle is the look before any choice.
func DefaultStyle() Style { return Style{Board: BoardWood, Pieces: PiecesCharacters} }

// style is the look of every board; only the UI goroutine reads and sets it.
var style = DefaultStyle()

// SetStyle changes the look of every board: unknown values fall back to the
// defaults. Boards take it at their next refresh (the app refreshes them all
// by setting its theme again).
func SetStyle(s Style) {
	d := DefaultStyle()
	if s.Board != BoardPaper {
		s.Board = d.Board
	}
	if s.Pieces != PiecesShapes {
		s.Pieces = d.Pieces
	}
	style = s
}

// CurrentStyle is the look of the boards now.
func CurrentStyle() Style { return style }
