package app

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"huntchess/translations"
)

// bannerShown is how long a banner stays over the board (Options.BannerShown).
const bannerShown = 2500 * time.Millisecond

// boardBanner is a message in large text over the middle of the board for
// a moment: a pass by time says so where the player is looking, not only in
// the line under the turn.
type boardBanner struct {
	title *canvas.Text
	line  *canvas.Text
	box   *fyne.Container
	shown int // counts the banners shown: an old one's timer hides nothing
}

func newBoardBanner() *boardBanner {
	b := &boardBanner{}
	b.title = canvas.NewText("", color.White)
	b.title.TextStyle = fyne.TextStyle{Bold: true}
	b.title.Alignment = fyne.TextAlignCenter
	b.line = canvas.NewText("", color.White)
	b.line.Alignment = fyne.TextAlignCenter
	bg := canvas.NewRectangle(color.NRGBA{0x20, 0x20, 0x20, 0xe0})
	bg.CornerRadius = 12
	inner := container.NewPadded(container.NewVBox(b.title, b.line))
	b.box = container.NewCenter(container.NewStack(bg, container.NewPadded(inner)))
	b.box.Hide()
	return b
}

// object is what goes over the board.
func (b *boardBanner) object() fyne.CanvasObject { return b.box }

// Visible reports whether the banner is up.
func (b *boardBanner) Visible() bool { return b.box.Visible() }

// Text is the banner's title and line.
func (b *boardBanner) Text() (string, string) { return b.title.Text, b.line.Text }

// show puts title (large) and line over the board for shown
// (Options.BannerShown); do brings the hiding back to the UI goroutine.
func (b *boardBanner) show(title, line string, shown time.Duration, do func(func())) {
	b.shown++
	n := b.shown
	b.title.Text = title
	b.title.TextSize = 2.2 * theme.TextSize()
	b.line.Text = line
	b.line.TextSize = 1.15 * theme.TextSize()
	b.title.Refresh()
	b.line.Refresh()
	b.box.Show()
	b.box.Refresh()
	time.AfterFunc(shown, func() {
		do(func() {
			if b.shown == n {
				b.hide()
			}
		})
	})
}

// hide takes the banner away.
func (b *boardBanner) hide() { b.box.Hide() }

// expired is the turn timer running out: the turn passes (Session.Expired),
// and the banner over the board says so.
func (s *gameScreen) expired() {
	n := s.sess.Game().Len()
	s.sess.Expired()
	if s.sess.Game().Len() > n && s.noticeID() == "game.pass_timeout" {
		s.banner.show(translations.T("game.timeout_title"), translations.TData("game.timeout_passes",
			map[string]any{"Side": sideName(s.info, s.sess.Game().ToMove())}), s.a.opts.BannerShown, s.a.do)
	}
}
