package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
	"huntchess/widgets"
)

// The table pack in the settings (package pack): "Perfect play:
// download … MB", the download's progress and Cancel, then "Installed — N
// MB" and Delete; errors in plain words. The download goes on when the
// settings are left (the App owns the job), and resumes where it stopped
// after a cancel, a lost connection or a restart of the app.
//
// The browser has no pack: its site serves the tables beside the app and
// the page fetches each game's table the first time the game is played
// (webtables_js.go), so there is nothing to offer there.

// newPackJob makes the app's pack job where the app has a storage folder
// and tables (nil elsewhere: the browser, tests without tables), and tells
// the tables manager where the pack is.
func newPackJob(a *App) *pack.Job {
	if a.tables == nil || a.opts.SaveDir == "" {
		return nil
	}
	p := pack.New(pack.Dir(a.opts.SaveDir), packURL(a.opts.Config, a.prefs))
	a.tables.SetPack(p)
	return pack.NewJob(p, a.do, a.tables.PackChanged)
}

// packView is the pack's part of the settings screen.
type packView struct {
	a      *App
	job    *pack.Job
	text   *widgets.Paragraph
	detail *widgets.Paragraph
	bar    *widget.ProgressBar
	action *widget.Button // download, resume, try again, look again
	cancel *widget.Button
	del    *widget.Button
	unsub  func()
}

// newPackView builds the pack's settings item. The site is asked only when
// the player taps (or a developer variable says so): a phone sends nothing
// unasked. What it last said (the download's size) is kept.
func newPackView(a *App, job *pack.Job) *packView {
	v := &packView{a: a, job: job}
	v.text = widgets.NewParagraph("")
	v.detail = widgets.NewParagraph("")
	v.bar = widget.NewProgressBar()
	v.action = widget.NewButtonWithIcon("", theme.DownloadIcon(), v.act)
	v.action.Importance = widget.HighImportance
	v.cancel = widget.NewButtonWithIcon(translations.T("pack.cancel"), theme.CancelIcon(), job.Cancel)
	v.del = widget.NewButtonWithIcon(translations.T("pack.delete"), theme.DeleteIcon(), func() {
		go func() { _ = job.Delete() }() // removing the files takes a moment: off the UI goroutine
	})
	v.unsub = job.Subscribe(v.refresh)
	if d := a.opts.Dev; d != nil { // the developer harness (scripts/pack-shots.sh)
		switch d.PackAction() {
		case "start":
			job.Start()
		case "check":
			job.Check()
		}
	}
	v.refresh()
	return v
}

// object is the view's widgets, for the settings form.
func (v *packView) object() fyne.CanvasObject {
	buttons := container.NewHBox(v.action, v.cancel, v.del)
	return container.NewVBox(v.text, v.detail, v.bar, buttons)
}

func (v *packView) close() {
	if v.unsub != nil {
		v.unsub()
	}
}

// act is the main button: download (or resume) what is missing, or ask the
// site what it has when that is not known.
func (v *packView) act() {
	if v.job.Status().Remote == nil {
		v.job.Check()
		return
	}
	v.job.Start()
}

// megabytes writes n bytes as MB with one decimal.
func megabytes(n int64) string { return fmt.Sprintf("%.1f", float64(n)/1e6) }

// gameTitles joins the games' titles in the current language.
func gameTitles(ids []core.GameID) string {
	var names []string
	for _, id := range ids {
		names = append(names, translations.Game(id.String()).Title)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	last := len(names) - 1
	return strings.Join(names[:last], translations.T("pack.games_sep")) + translations.T("pack.games_and") + names[last]
}

// packErrorText says a pack error plainly.
func packErrorText(err error) string {
	switch pack.ErrorKind(err) {
	case "network":
		return translations.T("pack.error_network")
	case "checksum":
		return translations.T("pack.error_checksum")
	case "rules":
		return translations.T("pack.error_rules")
	case "disk":
		return translations.T("pack.error_disk")
	}
	return translations.TData("pack.error_server", map[string]any{"Why": errText(err)})
}

// errText is an error's text for a message (nil: none).
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// refresh shows the job's status.
func (v *packView) refresh() {
	st := v.job.Status()
	show := func(o fyne.CanvasObject, on bool) {
		if on {
			o.Show()
		} else {
			o.Hide()
		}
	}
	text, detail := "", ""
	action := ""
	phase := st.Phase
	if phase == pack.Checking && st.Installed != nil {
		phase = pack.Installed // asking the site whether there is more
	}
	switch phase {
	case pack.Unknown:
		detail = translations.T("pack.intro")
		action = translations.T("pack.check")
	case pack.Checking:
		text = translations.T("pack.checking")
	case pack.Offer:
		switch {
		case st.Missing == 0:
			text = translations.T("pack.nothing")
		case st.Partial > 0:
			action = translations.TData("pack.offer_resume", map[string]any{"MB": megabytes(st.Missing - st.Partial)})
		default:
			action = translations.TData("pack.offer", map[string]any{"MB": megabytes(st.Missing)})
		}
		if st.Remote != nil && st.Missing > 0 {
			detail = translations.TData("pack.gives", map[string]any{"Games": gameTitles(st.Remote.Games())})
		}
	case pack.Downloading:
		text = translations.TData("pack.downloading", map[string]any{"Done": megabytes(st.Done), "MB": megabytes(st.Total)})
		if st.Total > 0 {
			v.bar.SetValue(float64(st.Done) / float64(st.Total))
		} else {
			v.bar.SetValue(0)
		}
	case pack.Installed:
		text = translations.TData("pack.installed", map[string]any{"MB": megabytes(st.Installed.Bytes())})
		lines := []string{translations.TData("pack.installed_gives", map[string]any{"Games": gameTitles(st.Installed.Games())})}
		for _, id := range st.Installed.Games() {
			if v.a.tables.PackError(id) != nil {
				lines = append(lines, translations.TData("pack.damaged", map[string]any{"Game": translations.Game(id.String()).Title}))
			}
		}
		detail = strings.Join(lines, "\n")
	case pack.Failed:
		text = packErrorText(st.Err)
		action = translations.T("pack.retry")
		if st.Remote == nil { // the site was not asked yet: no download failed
			action = translations.T("pack.check")
			text = translations.TData("pack.check_server", map[string]any{"Why": errText(st.Err)})
			if pack.ErrorKind(st.Err) == "network" {
				text = translations.T("pack.check_network")
			}
		}
	}
	if st.Phase == pack.Offer && st.Installed != nil && st.Missing > 0 {
		// part of the pack is in (an update, or a file that failed)
		text = translations.TData("pack.installed", map[string]any{"MB": megabytes(st.Installed.Bytes())})
	}
	v.text.SetText(text)
	show(v.text, text != "")
	v.detail.SetText(detail)
	show(v.detail, detail != "")
	show(v.bar, phase == pack.Downloading)
	v.action.SetText(action)
	show(v.action, action != "")
	show(v.cancel, phase == pack.Downloading)
	show(v.del, phase != pack.Downloading && (st.Installed != nil || st.Partial > 0))
}

// packAddress is the setting of the pack's address: empty for the default
// (shown as the placeholder); the developer's address (Config.PackURL,
// HUNTCHESS_PACK_URL), where set, wins and is shown instead, read-only.
func packAddress(a *App, job *pack.Job) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(pack.DefaultURL)
	if env := a.opts.Config.PackURL; env != "" {
		e.SetText(env)
		e.Disable()
		return e
	}
	e.SetText(a.prefs.StringWithFallback(keyPackURL, ""))
	e.OnSubmitted = func(s string) {
		s = strings.TrimSpace(s)
		a.prefs.SetString(keyPackURL, s)
		job.SetBase(packURL(a.opts.Config, a.prefs))
		job.Check()
	}
	return e
}
