// Command boarddemo shows the board widget in a window, for screenshots and
// for trying the interaction by hand. It is a developer tool, not the app.
//
//	go run ./cmd/boarddemo -game deer-chess -size 390x844 \
//	    -moves "c5-b5 @c5" -select b5 -bare
//
// cmd/boarddemo/shots.sh takes the docs/screenshots/board-*.png
// under Xvfb.
//
// Moves chosen on the board are played (the demo keeps a core.Game), so the
// widget can be tried interactively.
package main

import (
	"flag"
	"fmt"
	"log"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/internal/themevariant"
	"huntchess/session"
	"huntchess/translations/fonts"
	"huntchess/widgets"
)

// Title is the window title (for xdotool search).
const Title = "Hunt Chess board demo"

func main() {
	game := flag.String("game", "beat-the-wolf", "game ID")
	posText := flag.String("pos", "", "position notation (default: the start position)")
	record := flag.String("moves", "", "moves to play from the start, space separated (instead of -pos)")
	sel := flag.String("select", "", "point to select (name, e.g. d4)")
	hint := flag.String("hint", "", "a move to show as a hint, e.g. d4-d5")
	size := flag.String("size", "1280x800", "window content size WxH in dp")
	dark := flag.Bool("dark", false, "dark theme")
	bare := flag.Bool("bare", false, "show only the board (no status line), for screenshots")
	ro := flag.Bool("readonly", false, "read-only board")
	flag.Parse()

	w, h, err := parseSize(*size)
	if err != nil {
		log.Fatal(err)
	}
	var g *core.Game
	switch {
	case *posText != "":
		p, err := core.ParsePosition(*game, *posText)
		if err != nil {
			log.Fatal(err)
		}
		g = core.NewGameFrom(p)
	default:
		g, err = core.LoadRecord(*game, *record)
		if err != nil {
			log.Fatal(err)
		}
	}

	a := app.NewWithID("huntchess.boarddemo")
	base := themevariant.Light()
	if *dark {
		base = themevariant.Dark()
	}
	a.Settings().SetTheme(fonts.Theme(base))
	win := a.NewWindow(Title)

	board := widgets.NewBoard(g.Position())
	board.SetPosition(g.Position(), g.LastMove())
	board.SetReadOnly(*ro)
	status := widgets.NewStatus()
	countdown := session.NewCountdown(nil)
	timer := widgets.NewTimer(countdown)
	go func() { // the owner ticks the countdown
		for range time.Tick(200 * time.Millisecond) {
			fyne.Do(func() { countdown.Tick(); timer.Refresh() })
		}
	}()
	info := widget.NewLabel("")
	update := func() {
		p := g.Position()
		inHandLabel := ""
		if g.Info().HasPlacement() {
			inHandLabel = "In hand"
		}
		status.Set(g.Captured(), g.Info().CapturesToWin, g.InHand(), "Captured", inHandLabel)
		o := g.Outcome()
		info.SetText(fmt.Sprintf("%s to move · %s", g.Info().PiecesOf(p.ToMove), o.Result))
		board.SetReadOnly(*ro || o.Over())
		countdown.Start(60 * time.Second)
		timer.Refresh()
	}
	board.OnMove = func(m core.Move) {
		if err := g.PlayMove(m); err != nil {
			log.Print(err)
			return
		}
		log.Printf("move %s", m)
		board.SetPosition(g.Position(), m)
		update()
	}
	countdown.OnExpire = func() {
		_ = g.Timeout()
		board.SetPosition(g.Position(), g.LastMove())
		update()
	}
	update()
	if *sel != "" {
		i, ok := g.Info().Board.Index(*sel)
		if !ok {
			log.Fatalf("no point %q", *sel)
		}
		// Select through the widget's own input path: a tap at the point.
		board.Resize(fyne.NewSize(w, h))
		board.Tapped(&fyne.PointEvent{Position: board.Layout().PointPos(i)})
	}
	if *hint != "" {
		p := g.Position()
		m, err := p.ParseMove(*hint)
		if err != nil {
			log.Fatal(err)
		}
		board.SetHint(m)
	}

	if *bare {
		win.SetContent(board) // only the widget, for screenshots
	} else {
		win.SetContent(container.NewBorder(nil, container.NewHBox(status, widget.NewSeparator(), info, timer), nil, nil, board))
	}
	win.Resize(fyne.NewSize(w, h))
	win.SetFixedSize(*bare)
	win.ShowAndRun()
}

func parseSize(s string) (float32, float32, error) {
	a, b, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(a)
	h, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("-size %q: want WxH, e.g. 390x844", s)
	}
	return float32(w), float32(h), nil
}
