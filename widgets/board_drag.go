package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// dragView is the selection ring and the dragged piece, drawn above the others.
type dragView struct {
	dragTok   *canvas.Rectangle
	dragGlyph *canvas.Text
	dragShown int // the point whose piece is shown dragged, or -1
	selRing   *canvas.Circle
}

// build creates the dragged piece and the selection ring, handing them to add.
func (d *dragView) build(p palette, add func(fyne.CanvasObject)) {
	d.dragShown = -1
	d.dragTok = canvas.NewRectangle(color.Transparent)
	d.dragGlyph = canvas.NewText("", color.White)
	d.dragGlyph.Alignment = fyne.TextAlignCenter
	d.dragTok.Hide()
	d.dragGlyph.Hide()
	add(d.dragTok)
	add(d.dragGlyph)
	d.selRing = canvas.NewCircle(color.Transparent)
	d.selRing.StrokeColor = p.selected
	d.selRing.Hide()
	add(d.selRing)
}

// syncDrag shows the dragged piece on top of everything at the pointer (its
// own token hidden meanwhile), or puts it back when the drag has ended.
func (r *boardRenderer) syncDrag() {
	b := r.b
	if b.dragging && r.validPoint(b.dragFrom) && r.l.Unit > 0 {
		i := b.dragFrom
		po := &r.pts[i]
		if r.dragShown != i {
			if r.validPoint(r.dragShown) {
				r.undrag(r.dragShown)
			}
			r.dragShown = i
			r.dragTok.FillColor, r.dragTok.StrokeColor = po.token.FillColor, po.token.StrokeColor
			r.dragGlyph.Text, r.dragGlyph.Color, r.dragGlyph.TextStyle = po.glyph.Text, po.glyph.Color, po.glyph.TextStyle
			r.show(r.dragTok)
			r.show(r.dragGlyph)
		}
		if po.token.Visible() {
			po.token.Hide()
			po.glyph.Hide()
			canvas.Refresh(po.token)
			canvas.Refresh(po.glyph)
		}
		r.placeTokenAt(r.dragTok, r.dragGlyph, po.st.occ, b.dragAt)
		canvas.Refresh(r.dragTok)
		canvas.Refresh(r.dragGlyph)
		return
	}
	if r.dragShown >= 0 {
		r.undrag(r.dragShown)
		r.dragShown = -1
	}
}

func (r *boardRenderer) undrag(i int) {
	r.dragTok.Hide()
	r.dragGlyph.Hide()
	canvas.Refresh(r.dragTok)
	canvas.Refresh(r.dragGlyph)
	if !r.validPoint(i) {
		return
	}
	po := &r.pts[i]
	r.styleToken(po, po.st)
	if r.l.Unit > 0 {
		r.placeToken(i)
	}
}

// dragMoved moves the dragged token and the selection ring with the pointer.
func (r *boardRenderer) dragMoved() {
	if r.l.Unit <= 0 {
		return
	}
	r.syncDrag()
	r.placeSelection()
	canvas.Refresh(r.selRing)
	r.flushShown()
}

func (r *boardRenderer) placeSelection() {
	sel := r.b.selected
	if sel < 0 || sel >= len(r.pts) {
		return
	}
	c := r.tokenCenter(sel)
	if r.b.dragging && sel == r.b.dragFrom {
		c = r.b.dragAt
	}
	placeCircle(r.selRing, c, selectRadius*r.l.Unit)
	r.selRing.StrokeWidth = max(2.5, 0.08*r.l.Unit)
}

func (r *boardRenderer) updateSelection() {
	sel := r.b.selected
	if sel < 0 || sel >= len(r.pts) || r.b.readOnly {
		if r.selRing.Visible() {
			r.selRing.Hide()
		}
		return
	}
	if r.l.Unit > 0 {
		r.placeSelection()
	}
	r.show(r.selRing)
	canvas.Refresh(r.selRing)
}
