//go:build ci

package app

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"huntchess/core"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// The rules screens.

func TestRulesScreen(t *testing.T) {
	layoutOnly(t)
	h := newHarness(t, test.NewTempApp(t))
	for i, info := range core.Games() {
		test.Tap(h.home().rulesBtns[i])
		r, ok := h.a.top().(*rulesScreen)
		if !ok {
			t.Fatalf("top is %T", h.a.top())
		}
		shown := texts(h.a.Window())
		gt := translations.Game(info.Key)
		for _, s := range gt.Rules {
			if !strings.Contains(shown, s.Heading) {
				t.Errorf("%s: missing section %q", info.Key, s.Heading)
			}
			for _, p := range s.Paragraphs {
				if !strings.Contains(shown, p) {
					t.Errorf("%s: missing paragraph %q", info.Key, p)
				}
			}
		}
		for _, c := range gt.Clarifications {
			if !strings.Contains(shown, c) {
				t.Errorf("%s: missing clarification %q", info.Key, c)
			}
		}
		if !r.board.ReadOnly() || r.board.GamePosition() != info.Start() {
			t.Errorf("%s: the diagram is the read-only start position", info.Key)
		}
		h.a.back()
		h.home()
	}
}

// In Chinese the rules are broken into lines by the paragraphs: every
// paragraph is shown, and no shown line starts with closing punctuation.
func TestRulesChineseLineBreaks(t *testing.T) {
	layoutOnly(t)
	h := newHarness(t, test.NewTempApp(t))
	h.pickLanguage(translations.Chinese)
	for i, info := range core.Games() {
		test.Tap(h.home().rulesBtns[i])
		r := h.a.top().(*rulesScreen)
		shown := texts(h.a.Window())
		broken := 0
		for _, p := range r.labels {
			if !strings.Contains(shown, p.Text) {
				t.Errorf("%s: paragraph %q not shown", info.Key, p.Text)
			}
			lines := strings.Split(p.ShownText(), "\n")
			if strings.Join(lines, "") != strings.ReplaceAll(p.Text, "\n", "") && !strings.Contains(p.Text, " ") {
				t.Errorf("%s: shown %q for %q", info.Key, lines, p.Text)
			}
			for j, l := range lines {
				first, _ := utf8.DecodeRuneInString(l)
				if j > 0 && widgets.IsClosingPunct(first) {
					t.Errorf("%s: line starts with punctuation: %q", info.Key, l)
				}
			}
			if len(lines) > strings.Count(p.Text, "\n")+1 {
				broken++
			}
		}
		if broken == 0 {
			t.Errorf("%s: no paragraph was broken into lines at phone width", info.Key)
		}
		h.a.back()
	}
}

// The rules screens state the player's own timer setting, "no limit"
// included, after the rules' default.
func TestRulesShowTimerSetting(t *testing.T) {
	layoutOnly(t)
	for _, sec := range []int{0, 30} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%d/%s", sec, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetInt(storage.KeyTimer, sec)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				for i := range core.Games() {
					test.Tap(h.home().rulesBtns[i])
					want := translations.TData("rules.timer_yours", map[string]any{"Seconds": sec})
					if sec == 0 {
						want = translations.T("rules.timer_yours_off")
					}
					if !strings.Contains(texts(h.a.Window()), want) {
						t.Fatalf("game %d: the rules lack %q", i, want)
					}
					h.a.back()
				}
			})
		}
	}
}

// List items hang their continuation lines under their text, not under the
// bullet.
func TestBulletsHangingIndent(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().rulesBtns[0])
	r := h.a.top().(*rulesScreen)
	d := fyne.CurrentApp().Driver()
	wrapped := 0
	for _, b := range r.bullets {
		if b.Paragraph().MinSize().Height > 1.5*b.Mark().MinSize().Height {
			wrapped++
		}
		if tx, bx := d.AbsolutePositionForObject(b.Paragraph()).X, d.AbsolutePositionForObject(b.Mark()).X; tx <= bx+theme.InnerPadding() {
			t.Fatalf("item %q: text at x=%v, bullet at x=%v", b.Paragraph().Text, tx, bx)
		}
	}
	if wrapped == 0 {
		t.Fatal("no list item wraps at phone width: the test shows nothing")
	}
}

// The rules: on a wide window the diagram stands beside the text, on a
// phone it is in the page; the title wraps, whole, in both.
func TestRulesDiagramBesideText(t *testing.T) {
	layoutOnly(t)
	for _, lang := range translations.Languages {
		h := newHarness(t, test.NewTempApp(t))
		translations.SetLanguage(lang)
		test.Tap(h.home().rulesBtns[3]) // deer chess: the longest name
		r := h.a.top().(*rulesScreen)
		d := fyne.CurrentApp().Driver()
		if r.side.Visible() || !r.diagram.Visible() {
			t.Fatalf("%s phone: the diagram is in the page", lang)
		}
		gt := translations.Game("deer-chess")
		full := gt.Title + " · " + gt.OtherTitle
		if got := strings.ReplaceAll(r.title.ShownText(), "\n", " "); got != full && strings.ReplaceAll(r.title.ShownText(), "\n", "") != full {
			t.Errorf("%s phone: the title shows %q, want %q whole", lang, r.title.ShownText(), full)
		}
		h.a.Window().Resize(fyne.NewSize(1024, 720))
		if !r.side.Visible() || r.diagram.Visible() {
			t.Fatalf("%s desktop: the diagram is beside the text", lang)
		}
		bp, sp := d.AbsolutePositionForObject(r.board), d.AbsolutePositionForObject(r.scroll)
		if bp.X+r.board.Size().Width > sp.X+1 || r.board.Size().Height < 400 {
			t.Errorf("%s desktop: the board (%v, %v) is not beside the text (at %v)", lang, bp, r.board.Size(), sp)
		}
		h.a.Window().Resize(fyne.NewSize(390, 844))
		if r.side.Visible() || !r.diagram.Visible() {
			t.Fatalf("%s: back on a phone, the diagram is in the page again", lang)
		}
	}
}
