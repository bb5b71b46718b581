package widgets

import (
	"fmt"
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/internal/themevariant"
	"huntchess/translations/fonts"
)

// pictureApp is a test app with the app's fonts (their Chinese characters:
// Fyne's own font has none, and a picture draws with the theme's fonts
// only) in the dark or light theme.
func pictureApp(t *testing.T, base fyne.Theme) {
	t.Helper()
	test.NewTempApp(t)
	test.ApplyTheme(t, fonts.Theme(base))
}

// capture draws o alone on a test window of the given size and scale, with
// Fyne's software painter.
func capture(t *testing.T, o fyne.CanvasObject, size fyne.Size, scale float32) image.Image {
	t.Helper()
	w := test.NewWindow(o)
	t.Cleanup(w.Close)
	w.SetPadded(false)
	w.Canvas().(test.WindowlessCanvas).SetScale(scale)
	w.Resize(size)
	return w.Canvas().Capture()
}

// differing is the share of the k × k pixel blocks of a and b (the same
// size) whose mean colours differ by more than tol (0–255) in some channel.
// Blocks average away what two painters draw differently along edges (the
// anti-aliasing, a line's width by a pixel); a part missing, misplaced or
// in another colour still shows.
func differing(t *testing.T, a, b image.Image, k int, tol uint32) float64 {
	t.Helper()
	if a.Bounds() != b.Bounds() {
		t.Fatalf("sizes %v and %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	n, total := 0, 0
	for y0 := r.Min.Y; y0+k <= r.Max.Y; y0 += k {
		for x0 := r.Min.X; x0+k <= r.Max.X; x0 += k {
			var sa, sb [3]uint32
			for y := y0; y < y0+k; y++ {
				for x := x0; x < x0+k; x++ {
					r1, g1, b1, _ := a.At(x, y).RGBA()
					r2, g2, b2, _ := b.At(x, y).RGBA()
					sa[0], sa[1], sa[2] = sa[0]+r1>>8, sa[1]+g1>>8, sa[2]+b1>>8
					sb[0], sb[1], sb[2] = sb[0]+r2>>8, sb[1]+g2>>8, sb[2]+b2>>8
				}
			}
			m := uint32(k * k)
			total++
			if max(diff(sa[0], sb[0]), diff(sa[1], sb[1]), diff(sa[2], sb[2]))/m > tol {
				n++
			}
		}
	}
	return float64(n) / float64(total)
}

func diff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func stillBoard(pos core.Position) *Board {
	b := NewBoard(pos)
	b.SetReadOnly(true)
	b.SetAnimations(false)
	return b
}

// A picture shows what a read-only board shows. The reference is the live
// board drawn by Fyne's software painter, whose edges are its own (the
// picture follows the GL painter's shaders): a few pixels along edges
// differ, nothing more. A picture with a missing, misplaced or miscoloured
// part differs over far more of it.
func TestBoardPictureLooksLikeTheBoard(t *testing.T) {
	pictureApp(t, themevariant.Dark())
	for _, info := range core.Games() {
		for _, c := range []struct {
			side, scale float32
		}{{225.4, 1}, {130, 2}, {300, 1}} {
			t.Run(fmt.Sprintf("%s/%v@%v", info.Key, c.side, c.scale), func(t *testing.T) {
				size := fyne.NewSize(c.side, c.side)
				live := capture(t, stillBoard(info.Start()), size, c.scale)
				pic := capture(t, NewBoardPicture(info.Start()), size, c.scale)
				if d := differing(t, live, pic, int(12*c.scale), 40); d > 0.01 {
					t.Errorf("%.1f %% of the picture differs from the live board", 100*d)
				}
			})
		}
	}
}

// The check above can fail: a picture of another position, one without the
// pieces' characters, or one in the other theme variant differs from the
// board.
func TestBoardPictureComparisonCanFail(t *testing.T) {
	t.Cleanup(func() { SetStyle(DefaultStyle()) })
	pictureApp(t, themevariant.Dark())
	size := fyne.NewSize(200, 200)
	lion := core.SurroundTheLion.Info().Start()
	live := capture(t, stillBoard(lion), size, 1)
	other := capture(t, NewBoardPicture(core.BeatTheWolf.Info().Start()), size, 1)
	if d := differing(t, live, other, 12, 40); d < 0.1 {
		t.Errorf("another game's picture: only %.1f %% differs", 100*d)
	}
	SetStyle(Style{Pieces: PiecesShapes})
	plain := capture(t, NewBoardPicture(lion), size, 1)
	SetStyle(DefaultStyle())
	if d := differing(t, live, plain, 12, 40); d < 0.015 {
		t.Errorf("a picture without characters: only %.1f %% differs", 100*d)
	}
	test.ApplyTheme(t, fonts.Theme(themevariant.Light()))
	light := capture(t, NewBoardPicture(lion), size, 1)
	if d := differing(t, live, light, 12, 40); d < 0.3 {
		t.Errorf("the light picture: only %.1f %% differs from the dark board", 100*d)
	}
}

// A new theme variant or board style paints the picture again, in the new
// look; nothing else does.
func TestBoardPictureFollowsTheLook(t *testing.T) {
	t.Cleanup(func() { SetStyle(DefaultStyle()) })
	pictureApp(t, themevariant.Dark())
	size := fyne.NewSize(200, 200)
	pos := core.WolfCarriesPig.Info().Start()
	p := NewBoardPicture(pos)
	w := test.NewWindow(p)
	t.Cleanup(w.Close)
	w.SetPadded(false)
	w.Resize(size)
	w.Canvas().Capture()
	r := test.WidgetRenderer(p).(*pictureRenderer)
	if r.look.pal != darkPalette {
		t.Fatal("the dark theme paints the dark board")
	}
	for _, c := range []struct {
		name  string
		apply func()
		pal   palette
	}{
		{"light", func() { test.ApplyTheme(t, fonts.Theme(themevariant.Light())) }, lightPalette},
		{"paper", func() { SetStyle(Style{Board: BoardPaper}); p.Refresh() }, paperPalette},
	} {
		c.apply()
		if r.currentLook() == r.look {
			t.Fatalf("%s: the look did not change", c.name)
		}
		got := w.Canvas().Capture()
		if r.look.pal != c.pal {
			t.Errorf("%s: painted with another palette", c.name)
		}
		want := capture(t, stillBoard(pos), size, 1)
		if d := differing(t, want, got, 12, 40); d > 0.01 {
			t.Errorf("%s: %.1f %% of the picture differs from the live board", c.name, 100*d)
		}
	}
}
