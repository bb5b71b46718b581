package core

import (
	"fmt"
	"strings"
)

// GameID identifies one of the four games.
type GameID uint8

// The four games.
const (
	BeatTheWolf GameID = iota
	WolfCarriesPig
	SurroundTheLion
	DeerChess
	NumGames
)

// Side is one of the two sides of a game.
type Side uint8

// The sides: the predator (wolf, wolves, lion, deer) and the prey (dogs, pigs).
const (
	Predator Side = iota
	Prey
)

// Other returns the opposing side.
func (s Side) Other() Side { return s ^ 1 }

func (s Side) String() string {
	if s == Predator {
		return "predator"
	}
	return "prey"
}

// Piece kinds, as used for names and drawing.
const (
	PieceWolf = "wolf"
	PieceDog  = "dog"
	PiecePig  = "pig"
	PieceLion = "lion"
	PieceDeer = "deer"
)

// GameInfo holds the facts of one game.
type GameInfo struct {
	ID     GameID
	Key    string // "beat-the-wolf", …
	Name   string // English name
	NameZh string // Chinese name
	// Piece kinds of each side (PieceWolf, …).
	Predator, Prey string
	// PredatorCount predators; PreyCount prey pieces in all, of which PreyInHand start in hand.
	PredatorCount, PreyCount, PreyInHand int
	First                                Side // who moves first
	CapturesToWin                        int  // captures that win for the predator
	Board                                *Board

	canJump     bool // the predator may jump-capture
	lionCapture bool // captures are the lion's flanking pairs
	preyPasses  bool // a stuck prey side passes (elsewhere: draw)
	predStart   []string
	preyStart   []string
}

// String returns the game's ID text.
func (id GameID) String() string {
	if id < NumGames {
		return games[id].Key
	}
	return fmt.Sprintf("GameID(%d)", uint8(id))
}

// Info returns the facts of the game.
func (id GameID) Info() *GameInfo { return games[id] }

// CanJump reports whether the predator captures by jumping.
func (g *GameInfo) CanJump() bool { return g.canJump }

// LionCapture reports whether captures are made by the lion's 挑 (flanking pairs).
func (g *GameInfo) LionCapture() bool { return g.lionCapture }

// PreyPasses reports whether a prey side without a move passes; where it
// does not (Surround the Lion), a side to move without a move is a draw.
func (g *GameInfo) PreyPasses() bool { return g.preyPasses }

// HasPlacement reports whether the prey has pieces in hand to place (deer chess).
func (g *GameInfo) HasPlacement() bool { return g.PreyInHand > 0 }

// PiecesOf returns the piece kind of side s.
func (g *GameInfo) PiecesOf(s Side) string {
	if s == Predator {
		return g.Predator
	}
	return g.Prey
}

var games [NumGames]*GameInfo

// Games returns the four games in their fixed order.
func Games() []*GameInfo { return games[:] }

// Lookup finds a game by its ID text ("beat-the-wolf", …).
func Lookup(key string) (*GameInfo, error) {
	for _, g := range games {
		if g.Key == key {
			return g, nil
		}
	}
	keys := make([]string, len(games))
	for i, g := range games {
		keys[i] = g.Key
	}
	return nil, fmt.Errorf("unknown game %q (want one of %s)", key, strings.Join(keys, ", "))
}

func init() {
	games[BeatTheWolf] = &GameInfo{
		ID: BeatTheWolf, Key: "beat-the-wolf", Name: "Beat the Wolf", NameZh: "打狼棋",
		Predator: PieceWolf, Prey: PieceDog, PredatorCount: 1, PreyCount: 17,
		First: Predator, CapturesToWin: 12, Board: buildBeatTheWolf(),
		canJump: true, preyPasses: true,
		predStart: []string{"d4"},
		preyStart: strings.Fields("c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 a5 g4 g5"),
	}
	games[WolfCarriesPig] = &GameInfo{
		ID: WolfCarriesPig, Key: "wolf-carries-pig", Name: "Wolf Carries the Pig", NameZh: "狼背猪",
		Predator: PieceWolf, Prey: PiecePig, PredatorCount: 3, PreyCount: 15,
		First: Prey, CapturesToWin: 7, Board: buildWolfCarriesPig(),
		canJump: true, preyPasses: true,
		predStart: []string{"b5", "c5", "d5"},
		preyStart: strings.Fields("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3"),
	}
	games[SurroundTheLion] = &GameInfo{
		ID: SurroundTheLion, Key: "surround-the-lion", Name: "Surround the Lion", NameZh: "围狮棋",
		Predator: PieceLion, Prey: PieceDog, PredatorCount: 1, PreyCount: 16,
		First: Predator, CapturesToWin: 6, Board: buildSurroundTheLion(),
		lionCapture: true,
		predStart:   []string{"c3"},
		preyStart:   strings.Fields("a1 b1 c1 d1 e1 a2 e2 a3 e3 a4 e4 a5 b5 c5 d5 e5"),
	}
	games[DeerChess] = &GameInfo{
		ID: DeerChess, Key: "deer-chess", Name: "Twenty-Dog Deer Chess", NameZh: "二十犬鹿棋",
		Predator: PieceDeer, Prey: PieceDog, PredatorCount: 1, PreyCount: 20, PreyInHand: 12,
		First: Predator, CapturesToWin: 7, Board: buildDeerChess(),
		canJump: true, preyPasses: true,
		predStart: []string{"c5"},
		preyStart: strings.Fields("b2 c2 d2 b3 d3 b4 c4 d4"),
	}
	for _, g := range games {
		if len(g.predStart) != g.PredatorCount || len(g.preyStart)+g.PreyInHand != g.PreyCount {
			panic("core: bad start of " + g.Key)
		}
	}
}

// Start returns the start position of the game.
func (g *GameInfo) Start() Position {
	p := Position{Game: g.ID, ToMove: g.First, InHand: uint8(g.PreyInHand)}
	for _, n := range g.predStart {
		i, _ := g.Board.Index(n)
		p.Pred |= bit(i)
	}
	for _, n := range g.preyStart {
		i, _ := g.Board.Index(n)
		p.Prey |= bit(i)
	}
	p.Key = p.ComputeKey()
	return p
}
