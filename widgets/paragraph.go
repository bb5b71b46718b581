package widgets

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Paragraph is a wrapped text: a label that breaks its lines at the width it
// is given. English wraps at spaces (Fyne's TextWrapWord). Chinese has no
// spaces between words and Fyne can only break it anywhere (TextWrapBreak),
// which puts "，" or "。" at the start of a line; so for Chinese the
// paragraph breaks the lines itself, following the Chinese line-breaking
// rules (禁则, see breakLines), and shows them in an inner label.
//
// Like a wrapped label, its MinSize is narrow and as tall as its lines at the
// current width, so it shrinks inside scroll containers and cards.
type Paragraph struct {
	widget.BaseWidget

	Text       string // the source text; the label shows it with line breaks
	Alignment  fyne.TextAlign
	TextStyle  fyne.TextStyle
	SizeName   fyne.ThemeSizeName // "" is theme.SizeNameText
	Importance widget.Importance

	// cjk: break the lines here (Chinese); otherwise Fyne wraps at spaces.
	cjk bool
	r   *paragraphRenderer // the current renderer, once created
}

// chineseLines is SetChineseLines's setting.
var chineseLines atomic.Bool

// SetChineseLines says whether the paragraphs made from now on hold Chinese
// text, whose lines they break themselves (on), or text that Fyne wraps at
// spaces (off, the default). The app sets it with its language.
func SetChineseLines(on bool) { chineseLines.Store(on) }

// NewParagraph makes a paragraph of text in the current language
// (SetChineseLines).
func NewParagraph(text string) *Paragraph {
	return NewParagraphWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{})
}

// NewParagraphWithStyle makes a paragraph of text in the current language
// (SetChineseLines), aligned and styled.
func NewParagraphWithStyle(text string, align fyne.TextAlign, style fyne.TextStyle) *Paragraph {
	p := &Paragraph{Text: text, Alignment: align, TextStyle: style, cjk: chineseLines.Load()}
	p.ExtendBaseWidget(p)
	return p
}

// SetText changes the text.
func (p *Paragraph) SetText(text string) {
	p.Text = text
	p.Refresh()
}

// ShownText returns the text as shown: Text with the line breaks of its
// current width (Chinese), or Text (wrapped by the label itself).
func (p *Paragraph) ShownText() string {
	if p.r == nil {
		return ""
	}
	return p.r.label.Text
}

// CreateRenderer is part of fyne.Widget.
func (p *Paragraph) CreateRenderer() fyne.WidgetRenderer {
	p.ExtendBaseWidget(p)
	r := &paragraphRenderer{p: p, label: widget.NewLabel("")}
	r.sync()
	p.r = r
	return r
}

type paragraphRenderer struct {
	p     *Paragraph
	label *widget.Label

	// what the label shows: p.Text broken at width (cjk)
	text  string
	width float32
	shown string
}

func (r *paragraphRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.label} }

func (r *paragraphRenderer) Destroy() {
	if r.p.r == r {
		r.p.r = nil
	}
}

func (r *paragraphRenderer) Layout(size fyne.Size) {
	if r.rebreak(size.Width) {
		r.label.Refresh()
	}
	r.label.Resize(size)
}

func (r *paragraphRenderer) MinSize() fyne.Size {
	m := r.label.MinSize()
	if !r.p.cjk {
		return m // Fyne's wrapped label: narrow, as tall as the wrapped lines
	}
	// The label does not wrap (the lines are broken already): it would be as
	// wide as its longest line. Report a narrow width, like a wrapped label.
	pad := r.p.Theme().Size(theme.SizeNameInnerPadding)
	return fyne.NewSize(2*pad, m.Height)
}

func (r *paragraphRenderer) Refresh() {
	r.sync()
	r.label.Refresh()
}

// sync copies the paragraph's fields to the label and breaks its lines.
func (r *paragraphRenderer) sync() {
	p, l := r.p, r.label
	l.Alignment, l.TextStyle, l.SizeName, l.Importance = p.Alignment, p.TextStyle, p.SizeName, p.Importance
	if p.cjk {
		l.Wrapping = fyne.TextWrapOff
		r.rebreak(p.Size().Width)
	} else {
		l.Wrapping = fyne.TextWrapWord
		l.Text = p.Text
	}
}

// rebreak breaks the text for a paragraph width (cjk only). It reports
// whether the label's text changed.
func (r *paragraphRenderer) rebreak(width float32) bool {
	p := r.p
	if !p.cjk {
		return false
	}
	shown := p.Text
	if width > 0 {
		if p.Text == r.text && width == r.width {
			shown = r.shown
		} else {
			th := p.Theme()
			sizeName := p.SizeName
			if sizeName == "" {
				sizeName = theme.SizeNameText
			}
			// Room for text inside the label's padding, less a little slack for
			// rounding (the label measures whole lines, we add up runes).
			maxW := width - 2*th.Size(theme.SizeNameInnerPadding) - 1
			size, style := th.Size(sizeName), p.TextStyle
			shown = strings.Join(breakLines(p.Text, maxW, func(c rune) float32 { return runeWidth(c, size, style) }), "\n")
		}
		r.text, r.width, r.shown = p.Text, width, shown
	}
	if r.label.Text == shown {
		return false
	}
	r.label.Text = shown
	return true
}

// ---- measuring ----------------------------------------------------------------

type runeKey struct {
	r     rune
	size  float32
	style fyne.TextStyle
}

var (
	runeWidthsMu sync.Mutex
	runeWidths   = map[runeKey]float32{}
)

// runeWidth is the advance of one rune in the theme font, cached: texts are
// broken again on every resize.
func runeWidth(c rune, size float32, style fyne.TextStyle) float32 {
	k := runeKey{c, size, style}
	runeWidthsMu.Lock()
	w, ok := runeWidths[k]
	runeWidthsMu.Unlock()
	if ok {
		return w
	}
	w = fyne.MeasureText(string(c), size, style).Width
	runeWidthsMu.Lock()
	runeWidths[k] = w
	runeWidthsMu.Unlock()
	return w
}

// ---- line breaking ---------------------------------------------------------------

// closing punctuation never starts a line; opening punctuation never ends one.
const (
	closingPunct = "，。、；：！？）」』”’》〉】〕〗〙〛｝…‥·・％%～,.;:!?)]}>"
	openingPunct = "（「『“‘《〈【〔〖〘〚｛([{<"
)

// IsClosingPunct reports whether c is closing punctuation, which never
// starts a line of a Chinese paragraph.
func IsClosingPunct(c rune) bool { return strings.ContainsRune(closingPunct, c) }

func isOpening(c rune) bool { return strings.ContainsRune(openingPunct, c) }

// isWordRune: runs of these (ASCII letters and digits, and the dashes and
// signs that join them, as in "b1", "12", "c4–c5–c6–c7") stay on one line.
func isWordRune(c rune) bool {
	return c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c)) ||
		strings.ContainsRune("-–_/+#'", c)
}

// canBreak reports whether a line may end with a and the next start with b.
// words: also keep runs of word runes together.
func canBreak(a, b rune, words bool) bool {
	switch {
	case unicode.IsSpace(b):
		return false // the break comes after the spaces, which hang
	case IsClosingPunct(b):
		return false
	case unicode.IsSpace(a):
		return true
	case isOpening(a):
		return false
	case words && isWordRune(a) && isWordRune(b):
		return false
	case a == b && a == '—': // "——" is one dash
		return false
	}
	return true
}

// breakLines breaks text into lines at most maxWidth wide, where width gives
// the advance of a rune. Lines break after spaces (which are dropped at the
// break) or between any two other runes, except that no line starts with
// closing punctuation or ends with opening punctuation (禁则), and runs of
// ASCII letters and digits stay whole. Where that leaves no break in a line,
// runs are split, and then the rules are broken. "\n" always breaks.
func breakLines(text string, maxWidth float32, width func(rune) float32) []string {
	var lines []string
	for _, hard := range strings.Split(text, "\n") {
		lines = breakLine(lines, []rune(hard), maxWidth, width)
	}
	return lines
}

func breakLine(lines []string, rs []rune, maxWidth float32, width func(rune) float32) []string {
	if len(rs) == 0 {
		return append(lines, "")
	}
	start := 0
	for start < len(rs) {
		end := len(rs) // the line is rs[start:end]
		best, fallback := -1, -1
		w := float32(0)
		for i := start; i < len(rs); i++ {
			if i > start {
				if canBreak(rs[i-1], rs[i], true) {
					best = i
				}
				if canBreak(rs[i-1], rs[i], false) {
					fallback = i
				}
			}
			w += width(rs[i])
			if i > start && w > maxWidth && !unicode.IsSpace(rs[i]) {
				// rs[i] overflows the line.
				switch {
				case best > start:
					end = best
				case fallback > start:
					end = fallback
				default:
					end = i
				}
				break
			}
		}
		lines = append(lines, strings.TrimRightFunc(string(rs[start:end]), unicode.IsSpace))
		start = end
		for start < len(rs) && unicode.IsSpace(rs[start]) {
			start++
		}
	}
	return lines
}

// Bullet is a list item: a bullet, and beside it the paragraph p, so its
// lines after the first hang under the first one's text, not under the bullet.
type Bullet struct {
	widget.BaseWidget
	p      *Paragraph
	bullet *widget.Label
}

// NewBullet makes a list item of text in the current language.
func NewBullet(text string) *Bullet {
	b := &Bullet{p: NewParagraph(text), bullet: widget.NewLabel("•")}
	b.ExtendBaseWidget(b)
	return b
}

// Paragraph returns the item's text.
func (b *Bullet) Paragraph() *Paragraph { return b.p }

// Mark returns the item's bullet.
func (b *Bullet) Mark() *widget.Label { return b.bullet }

// CreateRenderer is part of fyne.Widget.
func (b *Bullet) CreateRenderer() fyne.WidgetRenderer {
	// The label's inner padding is on both sides of the bullet: the text's
	// own padding is enough between them.
	return widget.NewSimpleRenderer(container.New(&bulletLayout{}, b.bullet, b.p))
}

// bulletLayout puts objs[0] (the bullet) at the top left and objs[1] (the
// text) in the rest of the width, overlapping the bullet's right padding.
type bulletLayout struct{}

func (bulletLayout) indent(bullet fyne.CanvasObject) float32 {
	return bullet.MinSize().Width - theme.InnerPadding()
}

func (l bulletLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bullet, text := objs[0], objs[1]
	in := l.indent(bullet)
	bullet.Move(fyne.NewPos(0, 0))
	bullet.Resize(bullet.MinSize())
	text.Move(fyne.NewPos(in, 0))
	text.Resize(fyne.NewSize(max(size.Width-in, 0), size.Height))
}

func (l bulletLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bullet, text := objs[0], objs[1]
	t := text.MinSize()
	return fyne.NewSize(l.indent(bullet)+t.Width, max(bullet.MinSize().Height, t.Height))
}

// BulletList stacks list items as tightly as the lines of one paragraph,
// with a small gap between items (each item's labels bring their own
// padding above and below, which the items overlap).
func BulletList(items ...fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding()*0.75), items...)
}
