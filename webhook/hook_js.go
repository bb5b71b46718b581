//go:build js

// Package webhook lets the browser test (webtest/) read what the app shows,
// as a person reads the screen: window.huntchessTest.snapshot() resolves to
// JSON with every text on screen and each board's points and legal moves,
// at their places in CSS pixels, so the test can tap them; position() only
// each board's position, cheap enough to poll while the AI thinks. It reads only;
// it changes nothing. Built into a developer's browser version alone (webhook_js.go, tag dev: make test-web).
package webhook

import (
	"encoding/json"
	"syscall/js"
	_ "unsafe" // go:linkname

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"huntchess/core"
	"huntchess/widgets"
)

// Text is one text on screen: its centre and size in CSS pixels, and
// whether it is inside its scroll container's visible part.
type Text struct {
	Text    string  `json:"text"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Visible bool    `json:"visible"`
}

// Move is a legal move of the board's position and the points to tap for
// it, in CSS pixels.
type Move struct {
	Move string       `json:"move"`
	Taps [][2]float64 `json:"taps"`
}

// Board is a board widget on screen.
type Board struct {
	X, Y, W, H float64
	Position   string `json:"position"`
	ToMove     string `json:"toMove"`
	ReadOnly   bool   `json:"readOnly"`
	Moves      []Move `json:"moves"`
}

// Snapshot is what the screen shows.
type Snapshot struct {
	Ready  bool    `json:"ready"`
	Width  float64 `json:"width"` // the window, CSS pixels
	Height float64 `json:"height"`
	Scale  float32 `json:"scale"` // Fyne's canvas scale
	Texts  []Text  `json:"texts"`
	Boards []Board `json:"boards"`
}

// walkVisibleObjectTree is Fyne's own walk of what a window shows (its
// widgets' live renderers included), the one its driver uses to find what a
// tap hits; Fyne keeps it internal.
//
//go:linkname walkVisibleObjectTree fyne.io/fyne/v2/internal/driver.WalkVisibleObjectTree
func walkVisibleObjectTree(obj fyne.CanvasObject,
	beforeChildren func(fyne.CanvasObject, fyne.Position, fyne.Position, fyne.Size) bool,
	afterChildren func(fyne.CanvasObject, fyne.Position, fyne.CanvasObject)) bool

func init() {
	api := js.Global().Get("Object").New()
	api.Set("snapshot", js.FuncOf(func(this js.Value, args []js.Value) any {
		return promise(func() string {
			b, _ := json.Marshal(snapshot())
			return string(b)
		})
	}))
	api.Set("position", js.FuncOf(func(this js.Value, args []js.Value) any {
		return promise(func() string {
			b, _ := json.Marshal(positions())
			return string(b)
		})
	}))
	js.Global().Set("huntchessTest", api)
}

// promise runs f on its own goroutine (a js.FuncOf callback must not
// block) and resolves to its result.
func promise(f func() string) js.Value {
	var exec js.Func
	exec = js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve := args[0]
		go func() {
			resolve.Invoke(f())
			exec.Release()
		}()
		return nil
	})
	return js.Global().Get("Promise").New(exec)
}

// onCanvas runs f with the app window's canvas on Fyne's goroutine, when
// the window shows something.
func onCanvas(f func(c fyne.Canvas)) {
	a := fyne.CurrentApp()
	if a == nil {
		return
	}
	fyne.DoAndWait(func() {
		wins := a.Driver().AllWindows()
		if len(wins) == 0 || wins[0].Canvas().Content() == nil {
			return
		}
		f(wins[0].Canvas())
	})
}

func snapshot() Snapshot {
	var s Snapshot
	onCanvas(func(c fyne.Canvas) {
		dpr := js.Global().Get("devicePixelRatio").Float()
		css := func(p fyne.Position) (float64, float64) {
			x, y := c.PixelCoordinateForPosition(p)
			return float64(x) / dpr, float64(y) / dpr
		}
		s.Ready = true
		s.Scale = c.Scale()
		s.Width, s.Height = css(fyne.NewPos(c.Size().Width, c.Size().Height))
		roots := append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...)
		for _, root := range roots {
			walkVisibleObjectTree(root, func(o fyne.CanvasObject, pos, clipPos fyne.Position, clipSize fyne.Size) bool {
				switch v := o.(type) {
				case *canvas.Text:
					if v.Text == "" {
						return false
					}
					size := v.Size()
					mid := pos.Add(fyne.NewPos(size.Width/2, size.Height/2))
					x, y := css(mid)
					x2, y2 := css(pos.Add(fyne.NewPos(size.Width, size.Height)))
					x1, y1 := css(pos)
					in := mid.X >= clipPos.X && mid.Y >= clipPos.Y &&
						mid.X <= clipPos.X+clipSize.Width && mid.Y <= clipPos.Y+clipSize.Height
					s.Texts = append(s.Texts, Text{Text: v.Text, X: x, Y: y, W: x2 - x1, H: y2 - y1, Visible: in})
				case *widgets.Board:
					s.Boards = append(s.Boards, board(v, pos, css))
				}
				return false
			}, nil)
		}
	})
	return s
}

// positions is the cheap part of a snapshot, for polling while the AI
// thinks: each board's position, side to move and read-only state.
func positions() []Board {
	var out []Board
	onCanvas(func(c fyne.Canvas) {
		walkVisibleObjectTree(c.Content(), func(o fyne.CanvasObject, _, _ fyne.Position, _ fyne.Size) bool {
			if b, ok := o.(*widgets.Board); ok {
				pos := b.GamePosition()
				out = append(out, Board{Position: pos.String(), ToMove: sideName(pos.ToMove), ReadOnly: b.ReadOnly()})
			}
			return false
		}, nil)
	})
	return out
}

func sideName(s core.Side) string {
	if s == core.Predator {
		return "predator"
	}
	return "prey"
}

func board(b *widgets.Board, at fyne.Position, css func(fyne.Position) (float64, float64)) Board {
	pos := b.GamePosition()
	l := b.Layout()
	x1, y1 := css(at)
	x2, y2 := css(at.Add(fyne.NewPos(b.Size().Width, b.Size().Height)))
	out := Board{X: x1, Y: y1, W: x2 - x1, H: y2 - y1, Position: pos.String(), ToMove: sideName(pos.ToMove), ReadOnly: b.ReadOnly()}
	point := func(i int8) [2]float64 {
		x, y := css(at.Add(l.PointPos(int(i))))
		return [2]float64{x, y}
	}
	for _, m := range pos.GenMoves(nil) {
		mv := Move{Move: m.String()}
		switch m.Kind {
		case core.MovePlace:
			mv.Taps = [][2]float64{point(m.To)}
		case core.MoveStep, core.MoveJump:
			mv.Taps = [][2]float64{point(m.From), point(m.To)}
		default:
			continue // a pass has no tap on the board
		}
		out.Moves = append(out.Moves, mv)
	}
	return out
}
