package translations

import (
	"regexp"
	"strings"
	"testing"
)

// Mixed wording.

// One word for the computer, in both languages: "AI: Master" in the game
// and "computer: Master" in the history were one thing named twice (and
// 人机 beside 电脑 in Chinese). The game's line and the history's say it
// the same way.
func TestOneWordForTheComputer(t *testing.T) {
	ai := regexp.MustCompile(`\bAI\b`)
	for id, forms := range rawMessages(t, English) {
		for form, s := range forms {
			if ai.MatchString(s) {
				t.Errorf("%s (%s) says AI, not the computer: %s", id, form, s)
			}
		}
	}
	for id, forms := range rawMessages(t, Chinese) {
		for form, s := range forms {
			for _, w := range []string{"人机", "AI", "计算机", "引擎"} {
				if strings.Contains(s, w) {
					t.Errorf("%s (%s) says %s, not 电脑: %s", id, form, w, s)
				}
			}
		}
	}
	l := NewLocalizer(English)
	for _, lang := range Languages {
		l.SetLanguage(lang)
		data := map[string]any{"Side": "S", "Level": "L"}
		if g, h := l.TData("game.you_play", data), l.TData("history.sides_ai", data); g != h {
			t.Errorf("%s: the game says %q, the history %q", lang, g, h)
		}
		if g, h := l.TData("game.watching", data), l.TData("history.sides_watch", data); g != h {
			t.Errorf("%s: watching, the game says %q, the history %q", lang, g, h)
		}
	}
}

// The settings are one screen with one name: the title ("Game Settings"
// beside the buttons' "Settings" before), the home screen's button, the
// game's button and the texts that send the player there. In Chinese all
// say 对局设置, as the seed texts do; in English all say "Settings" ("Game
// Settings" does not fit the game panel's button on a phone or a 1024-wide
// desktop), which the English seed's "in Game Settings", kept word for
// word, still names.
func TestSettingsHaveOneName(t *testing.T) {
	l := NewLocalizer(English)
	for _, lang := range Languages {
		title := l.TIn(lang, "settings.title")
		for _, id := range []string{"home.settings", "game.settings"} {
			if got := l.TIn(lang, id); got != title {
				t.Errorf("%s: %s is %q, the screen's title %q", lang, id, got, title)
			}
		}
		for _, id := range []string{"rules.timer_yours_off"} {
			if got := l.TIn(lang, id); !strings.Contains(got, title) {
				t.Errorf("%s: %s does not name %q: %s", lang, id, title, got)
			}
		}
		for _, g := range []string{BeatTheWolf, WolfCarriesPig, SurroundTheLion, DeerChess} {
			if text := gameText(l.GameIn(g, lang)); !strings.Contains(text, title) {
				t.Errorf("%s, %s: the rules do not name %q", lang, g, title)
			}
		}
	}
}

// The question on leaving a game names the home screen's button as it
// reads: it said 点"继续" where the button says 继续对局.
func TestLeaveNamesTheContinueButton(t *testing.T) {
	l := NewLocalizer(English)
	quote := map[Lang][2]string{English: {"", ""}, Chinese: {"“", "”"}, TraditionalChinese: {"「", "」"}}
	for _, lang := range Languages {
		button := quote[lang][0] + l.TIn(lang, "home.continue") + quote[lang][1]
		if msg := l.TIn(lang, "leave.message"); !strings.Contains(msg, button) {
			t.Errorf("%s: leave.message does not name the button %s: %s", lang, button, msg)
		}
	}
}

// Chinese text sets Latin letters and digits apart from Chinese characters
// with a space ("吃掉 5 枚"), moves and counts from placeholders too: it
// said "b3-a4不能在 2 步之内取胜", "犬方23步取胜". Placeholders that give
// Chinese words (the sides, the game, the level …) stand for Chinese.
func TestChineseSpacesLatinFromHan(t *testing.T) {
	chinese := map[string]bool{"Side": true, "Predator": true, "Prey": true, "Game": true, "Games": true,
		"Level": true, "Mode": true, "Why": true, "Value": true, "Verdict": true, "By": true, "Counts": true,
		"Title": true, "Pack": true, "Where": true, "Find": true}
	ph := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	bad := regexp.MustCompile(`\p{Han}[A-Za-z0-9]|[A-Za-z0-9]\p{Han}`)
	for id, forms := range chineseMessages(t) {
		for form, s := range forms {
			flat := ph.ReplaceAllStringFunc(s, func(p string) string {
				if chinese[ph.FindStringSubmatch(p)[1]] {
					return "中"
				}
				return "x1"
			})
			if m := bad.FindString(flat); m != "" {
				t.Errorf("%s (%s): Latin against Chinese without a space (%q as %q): %s", id, form, m, flat, s)
			}
		}
	}
}
