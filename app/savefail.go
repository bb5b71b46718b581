package app

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"syscall"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// A failed save is never silent (the storage package keeps each stored
// file's last write error, storage.Failures): from the first failure a
// notice stands above every screen, in the player's language, saying that
// what was saved before is kept and that saving goes on being tried; it is
// shown once, not again at each failed save, and the next save that is
// written takes it away. Without a storage folder (the browser) Fyne's
// preferences keep everything and report nothing.

// watchWrites follows the stores' writes for the notice (stopped by Close).
func (a *App) watchWrites() {
	stop := storage.OnWriteStatus(func() { a.do(a.writeStatusChanged) })
	a.stopWrites = stop
}

// writeStatusChanged shows or takes away the notice as the stored files'
// last writes failed or succeeded.
func (a *App) writeStatusChanged() {
	if a.closed {
		return
	}
	f := storage.Failures(a.opts.SaveDir)
	was := len(a.saveFailures) > 0
	a.saveFailures = f
	switch {
	case len(f) > 0 && !was:
		fmt.Fprintf(os.Stderr, "huntchess: save failed: %v (the previous good copy stays)\n", f[0].Err)
	case len(f) == 0 && was:
		fmt.Fprintln(os.Stderr, "huntchess: saved again")
	default:
		return
	}
	a.render()
}

// saveFailedText is the notice's text: a full device said as such.
func (a *App) saveFailedText() string {
	for _, f := range a.saveFailures {
		if errors.Is(f.Err, syscall.ENOSPC) {
			return translations.T("save.failed_full")
		}
	}
	return translations.T("save.failed")
}

// withSaveNotice is a screen's content under the notice, while saves fail.
func (a *App) withSaveNotice(content fyne.CanvasObject) fyne.CanvasObject {
	a.saveNotice = nil
	if len(a.saveFailures) == 0 {
		return content
	}
	text := widgets.NewParagraph(a.saveFailedText())
	text.Importance = widget.WarningImportance
	a.saveNotice = text
	r, g, b, _ := theme.Color(theme.ColorNameWarning).RGBA()
	bg := canvas.NewRectangle(color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0x30})
	bar := container.NewStack(bg, container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, text)))
	return container.NewBorder(bar, nil, nil, nil, content)
}
