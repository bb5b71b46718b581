package widgets

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
)

// BoardPicture is a still picture of a board position: what a read-only
// Board without animations shows, painted once into one image (one texture
// on the screen) instead of the few hundred canvas objects a Board draws
// every frame. It takes no input. The home screen's cards show their games'
// starts with it: four live boards there held about 20 MB of the GL
// driver's memory (README "Memory").
//
// The picture is painted again when its size, the screen's scale, the theme
// variant or the board style (style.go) changes, that is when Fyne asks for
// its texture again; nothing of the board is kept between paintings.
type BoardPicture struct {
	widget.BaseWidget

	pos core.Position
}

// NewBoardPicture returns a picture of pos.
func NewBoardPicture(pos core.Position) *BoardPicture {
	p := &BoardPicture{pos: pos}
	p.ExtendBaseWidget(p)
	return p
}

// GamePosition returns the position shown.
func (p *BoardPicture) GamePosition() core.Position { return p.pos }

// CreateRenderer is part of fyne.Widget.
func (p *BoardPicture) CreateRenderer() fyne.WidgetRenderer {
	p.ExtendBaseWidget(p)
	r := &pictureRenderer{p: p}
	r.raster = canvas.NewRaster(r.paint)
	return r
}

// pictureMargin is how far the picture's image reaches past the widget on
// each side (units): the soft edges of shapes at the board's edge (Fyne's
// edge softness is a unit) are drawn outside it, as a live board's are.
const pictureMargin = 2

// pictureLook is what a painting depends on besides the size.
type pictureLook struct {
	pal   palette
	style Style
	scale float32 // the canvas scale, 0 when not known
}

// pictureRenderer shows the picture as one raster, which Fyne's painter asks
// for at the size in pixels of its texture.
type pictureRenderer struct {
	p      *BoardPicture
	raster *canvas.Raster
	look   pictureLook // of the last painting
	paints int         // paintings so far
}

func (r *pictureRenderer) currentLook() pictureLook {
	l := pictureLook{pal: paletteFor(r.p.Theme()), style: style}
	if a := fyne.CurrentApp(); a != nil && a.Driver() != nil {
		if c := a.Driver().CanvasForObject(r.p); c != nil {
			l.scale = c.Scale()
		}
	}
	return l
}

// paint is the raster's generator: the board at the picture's size, for a
// texture of w × h pixels. Fyne stretches the texture over the picture's
// place rounded to whole pixels, which can be a pixel more or less than
// w × h (a size of 225.4 at 318.15 covers 226 pixels): the image is that
// many pixels, so that it is laid on the window pixel for pixel.
func (r *pictureRenderer) paint(w, h int) image.Image {
	full := r.raster.Size()
	size := full.SubtractWidthHeight(2*pictureMargin, 2*pictureMargin) // the board's
	if w <= 0 || h <= 0 || size.Width <= 0 || size.Height <= 0 {
		return image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	}
	r.look = r.currentLook()
	r.paints++
	s := r.look.scale
	if s <= 0 {
		s = float32(w) / full.Width
	}
	var at fyne.Position // the image's place on the window
	if a := fyne.CurrentApp(); a != nil && a.Driver() != nil {
		at = a.Driver().AbsolutePositionForObject(r.raster)
	}
	if r.look.scale > 0 {
		w = int(roundf((at.X+full.Width)*s) - roundf(at.X*s))
		h = int(roundf((at.Y+full.Height)*s) - roundf(at.Y*s))
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	b := &Board{selected: -1, cursor: -1, readOnly: true, flashAt: -1}
	b.ExtendBaseWidget(b)
	b.setPos(r.p.pos)
	br := newBoardRenderer(b) // its own renderer, on no canvas
	br.Layout(size)
	paintObjects(img, br.objects, s, fyne.NewPos(pictureMargin, pictureMargin), at)
	return img
}

// Layout is part of fyne.WidgetRenderer.
func (r *pictureRenderer) Layout(size fyne.Size) {
	r.raster.Move(fyne.NewPos(-pictureMargin, -pictureMargin))
	r.raster.Resize(size.AddWidthHeight(2*pictureMargin, 2*pictureMargin)) // a new size paints again
}

// MinSize is part of fyne.WidgetRenderer: a Board's.
func (r *pictureRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 160) }

// Refresh is part of fyne.WidgetRenderer: a new look paints again.
func (r *pictureRenderer) Refresh() {
	if r.paints > 0 && r.currentLook() != r.look {
		r.raster.Refresh()
	}
}

// Objects is part of fyne.WidgetRenderer.
func (r *pictureRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.raster} }

// Destroy is part of fyne.WidgetRenderer.
func (r *pictureRenderer) Destroy() {}
