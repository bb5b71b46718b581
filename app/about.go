package app

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
	"huntchess/translations/fonts"
	"huntchess/widgets"
)

// aboutScreen shows the version, how to play (tap or drag, the keyboard) and
// the licences, with the font's licence in full on demand.
type aboutScreen struct {
	a       *App
	version *widget.Label
	licence dialog.Dialog
}

func newAboutScreen(a *App) *aboutScreen { return &aboutScreen{a: a} }

func (a *App) showAbout() { a.push(newAboutScreen(a)) }

func (s *aboutScreen) close() {
	if s.licence != nil {
		s.licence.Hide()
		s.licence = nil
	}
}

// versionText is the version and build of the app's metadata (what fyne
// package put in, or FyneApp.toml when Fyne finds it beside a development
// build); else the one main read from its embedded FyneApp.toml (version,
// build); else "Development build".
func versionText(m fyne.AppMetadata, version string, build int) string {
	// Fyne's placeholder when it found no metadata: 0.0.1, build 1.
	if m.Version == "" || (m.Version == "0.0.1" && m.Build == 1 && version != "") {
		m.Version, m.Build = version, build
	}
	if m.Version == "" {
		return translations.T("about.version_dev")
	}
	return translations.TData("about.version", map[string]any{"Version": m.Version, "Build": m.Build})
}

// ParseAppVersion reads Version and Build from the [Details] table of a
// FyneApp.toml ("" and 0 when missing).
func ParseAppVersion(toml string) (version string, build int) {
	for k, v := range tomlTable(toml, "Details") {
		switch k {
		case "Version":
			version = strings.Trim(v, `"`)
		case "Build":
			build, _ = strconv.Atoi(v)
		}
	}
	return version, build
}

// tomlTable is the key = value lines of one [table] of a FyneApp.toml
// (values as written, trimmed), enough for its flat tables.
func tomlTable(toml, table string) map[string]string {
	kv := map[string]string{}
	section := ""
	for _, line := range strings.Split(toml, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || section != table || strings.HasPrefix(line, "#") {
			continue
		}
		kv[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return kv
}

func (s *aboutScreen) content() fyne.CanvasObject {
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	title := s.a.wrappedTitle(translations.T("about.title"), theme.SizeNameSubHeadingText) // wraps, never cut
	top := titleRow(back, nil, title)

	s.version = widget.NewLabel(versionText(s.a.fa.Metadata(), s.a.opts.Version, s.a.opts.Build))
	heading := func(id string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(translations.T(id), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	bullets := func(ids ...string) fyne.CanvasObject {
		l := widgets.BulletList()
		for _, id := range ids {
			l.Add(widgets.NewBullet(translations.T(id)))
		}
		return l
	}
	showOFL := widget.NewButtonWithIcon(translations.T("about.show_font_licence"), theme.DocumentIcon(), s.showFontLicence)
	body := container.NewVBox(
		s.version,
		heading("about.how_to_play"),
		bullets("about.how_tap", "about.how_list"),
	)
	if hasKeyboard() { // a phone has no Ctrl+Z to tell of
		body.Add(heading("about.keys"))
		body.Add(bullets("about.keys_text", "about.keys_board"))
	}
	body.Objects = append(body.Objects,
		heading("about.licences"),
		bullets("about.font_licence", "about.toolkit_licence", "about.sounds"),
		container.NewHBox(showOFL),
	)
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, scrolledBody(body, 640))
}

// hasKeyboard reports whether the device has a keyboard for the shortcuts
// (a desktop; a phone or tablet has none to count on). Tests stand in for it.
var hasKeyboard = func() bool { return !fyne.CurrentDevice().IsMobile() }

// showFontLicence shows the font's licence (OFL.txt) in full, scrolling.
func (s *aboutScreen) showFontLicence() {
	txt := widget.NewLabel(fonts.License)
	txt.Wrapping = fyne.TextWrapWord
	txt.TextStyle.Monospace = false
	scroll := widgets.NewVScroll(txt)
	d := dialog.NewCustom(translations.T("about.show_font_licence"), translations.T("dialog.ok"), scroll, s.a.win)
	size := s.a.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(640, size.Width*0.95), size.Height*0.85))
	s.licence = d
	s.a.showDialog(d)
}

// scrolledBody puts body (wrapped texts) in a vertical scroll, at most
// maxWidth wide, that is laid out again once the texts know their width:
// a wrapped text's height is only known after a first layout at its width
// (as the home page's columns do).
func scrolledBody(body *fyne.Container, maxWidth float32) *container.Scroll {
	watch := &heightWatch{inner: body.Layout}
	body.Layout = watch
	scroll := widgets.NewVScroll(container.NewPadded(sized(body, maxWidth)))
	watch.onChange = scroll.Refresh
	return scroll
}

// heightWatch is a layout that calls onChange when its least height changes
// after laying out (the texts in it wrapped to a new width).
type heightWatch struct {
	inner    fyne.Layout
	last     float32
	onChange func()
}

func (l *heightWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.inner.Layout(objs, size)
	if h := l.inner.MinSize(objs).Height; h != l.last {
		l.last = h
		if l.onChange != nil {
			l.onChange()
		}
	}
}

func (l *heightWatch) MinSize(objs []fyne.CanvasObject) fyne.Size { return l.inner.MinSize(objs) }
