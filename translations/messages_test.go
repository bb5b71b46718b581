package translations

import (
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"
)

// pluralForms are go-i18n's plural-form keys.
var pluralForms = map[string]bool{"zero": true, "one": true, "two": true, "few": true, "many": true, "other": true}

// rawMessages parses the embedded message files of lang directly (not through
// go-i18n) into ID → form → text; a plain message has the single form "other".
func rawMessages(t *testing.T, lang Lang) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch x := v.(type) {
		case string:
			out[prefix] = map[string]string{"other": x}
		case map[string]any:
			isPlural := len(x) > 0
			for k := range x {
				if !pluralForms[k] {
					isPlural = false
				}
			}
			if isPlural {
				forms := map[string]string{}
				for k, s := range x {
					str, ok := s.(string)
					require.True(t, ok, "%s.%s is not a string", prefix, k)
					forms[k] = str
				}
				out[prefix] = forms
				return
			}
			for k, child := range x {
				id := k
				if prefix != "" {
					id = prefix + "." + k
				}
				walk(id, child)
			}
		default:
			t.Fatalf("%s: unexpected value %T", prefix, v)
		}
	}
	n := 0
	for _, name := range MessageFiles() {
		if !strings.HasSuffix(path.Base(name), "."+string(lang)+".toml") {
			continue
		}
		n++
		data, err := ReadMessageFile(name)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, toml.Unmarshal(data, &m), name)
		walk("", m)
	}
	require.Equal(t, len(MessageFiles())/len(Languages), n, "expected every message file in %s too", lang)
	return out
}

// chineseMessages is rawMessages of both Chinese languages, the IDs of the
// Traditional ones prefixed "zh-Hant:".
func chineseMessages(t *testing.T) map[string]map[string]string {
	out := rawMessages(t, Chinese)
	for id, forms := range rawMessages(t, TraditionalChinese) {
		out["zh-Hant:"+id] = forms
	}
	return out
}

func TestMessageFilesLoad(t *testing.T) {
	_, err := sharedBundle()
	require.NoError(t, err)
	assert.Equal(t, []string{
		"locales/games.en.toml", "locales/games.zh-Hans.toml", "locales/games.zh-Hant.toml",
		"locales/lessons.en.toml", "locales/lessons.zh-Hans.toml", "locales/lessons.zh-Hant.toml",
		"locales/puzzles.en.toml", "locales/puzzles.zh-Hans.toml", "locales/puzzles.zh-Hant.toml",
		"locales/ui.en.toml", "locales/ui.zh-Hans.toml", "locales/ui.zh-Hant.toml",
	}, MessageFiles())
}

func TestEveryIDInBothLanguages(t *testing.T) {
	ids := MessageIDs()
	seen := map[string]bool{}
	for _, id := range ids {
		assert.False(t, seen[id], "ID listed twice: %s", id)
		seen[id] = true
	}
	loc := NewLocalizer(English)
	for _, lang := range Languages {
		raw := rawMessages(t, lang)
		for _, id := range ids {
			forms, ok := raw[id]
			if !assert.True(t, ok, "%s: missing %s", lang, id) {
				continue
			}
			for form, s := range forms {
				assert.NotEmpty(t, strings.TrimSpace(s), "%s: %s (%s) is empty", lang, id, form)
			}
			assert.True(t, loc.Has(lang, id), "%s: go-i18n does not find %s", lang, id)
			if !IsPlural(id) {
				assert.NotEqual(t, id, loc.TIn(lang, id), "%s: %s", lang, id)
			}
		}
		for id := range raw {
			assert.True(t, seen[id], "%s: %s is in the message files but not in the ID tables (ids.go / games.go)", lang, id)
		}
	}
	// Plural messages have the forms each language needs.
	en, zh, hant := rawMessages(t, English), rawMessages(t, Chinese), rawMessages(t, TraditionalChinese)
	for id := range pluralIDs {
		assert.Contains(t, en[id], "one", id)
		assert.Contains(t, en[id], "other", id)
		assert.Contains(t, zh[id], "other", id)
		assert.Contains(t, hant[id], "other", id)
	}
}

var placeholderRE = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

func placeholders(forms map[string]string) []string {
	set := map[string]bool{}
	for _, s := range forms {
		for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
			set[m[1]] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestPlaceholdersMatch(t *testing.T) {
	en, zh, hant := rawMessages(t, English), rawMessages(t, Chinese), rawMessages(t, TraditionalChinese)
	for _, id := range MessageIDs() {
		assert.Equal(t, placeholders(en[id]), placeholders(zh[id]), "placeholders of %s", id)
		assert.Equal(t, placeholders(en[id]), placeholders(hant[id]), "placeholders of %s in zh-Hant", id)
		for form, s := range en[id] {
			// Every form carries every placeholder of the message.
			assert.Equal(t, placeholders(en[id]), placeholders(map[string]string{form: s}), "en %s (%s)", id, form)
		}
	}
	// The brief's templates carry the documented placeholders.
	want := map[string][]string{
		"mode.vs_ai_as_predator": {"Predator"},
		"mode.vs_ai_as_prey":     {"Prey"},
		"game.to_move":           {"Side"},
		"game.captured":          {"Captured", "Needed"},
		"game.in_hand":           {"Count"},
		"game.seconds_left":      {"Seconds"},
		"gameover.predator_wins": {"Predator"},
		"gameover.prey_wins":     {"Prey"},
		"reason.captures":        {"Count", "Prey"},
		"reason.predator_stuck":  {"Predator"},
		"settings.timer_seconds": {"Seconds"},
	}
	for id, w := range want {
		assert.Equal(t, w, placeholders(en[id]), id)
	}
}

func TestLookupsAndTemplates(t *testing.T) {
	l := NewLocalizer(English)
	assert.Equal(t, "Hunt Chess", l.T("app.name"))
	assert.Equal(t, "Play the wolf vs. the computer",
		l.TData("mode.vs_ai_as_predator", map[string]any{"Predator": l.T("side.wolf")}))
	assert.Equal(t, "12 dogs captured",
		l.TData("reason.captures", map[string]any{"Count": 12, "Prey": l.T("side.dogs")}))
	assert.Equal(t, "1 dog in hand", l.TPlural("game.in_hand", 1, nil))
	assert.Equal(t, "12 dogs in hand", l.TPlural("game.in_hand", 12, nil))
	assert.Equal(t, "Captured: 3 / 7",
		l.TData("game.captured", map[string]any{"Captured": 3, "Needed": 7}))

	l.SetLanguage(Chinese)
	assert.Equal(t, "围猎棋", l.T("app.name"))
	assert.Equal(t, "悔棋", l.T("game.undo"))
	assert.Equal(t, "提示", l.T("game.hint"))
	assert.Equal(t, "手里还有 1 只犬", l.TPlural("game.in_hand", 1, nil))
	assert.Equal(t, "轮到狼方走", l.TData("game.to_move", map[string]any{"Side": l.T("side.wolf")}))
	assert.Equal(t, "与电脑对战：你执犬方", l.TData("mode.vs_ai_as_prey", map[string]any{"Prey": l.T("side.dogs")}))
	for _, g := range []string{"wolf", "dog", "pig", "lion", "deer"} {
		assert.Equal(t, l.TIn(English, "glyph."+g), l.TIn(Chinese, "glyph."+g), "glyph.%s", g)
	}
}

func TestMissingIDNeverPanics(t *testing.T) {
	l := NewLocalizer(Chinese)
	assert.NotPanics(t, func() {
		assert.Equal(t, "no.such.id", l.T("no.such.id"))
		assert.Equal(t, "no.such.id", l.TData("no.such.id", map[string]any{"X": 1}))
		assert.Equal(t, "no.such.id", l.TPlural("no.such.id", 3, nil))
		assert.Equal(t, "", l.T(""))
		g := l.Game("no-such-game")
		assert.Equal(t, "no-such-game", g.ID)
		assert.Empty(t, g.Rules)
	})
}

func TestSwitchNotifiesSubscribers(t *testing.T) {
	l := NewLocalizer(English)
	var got []Lang
	var seenText []string
	unsub := l.Subscribe(func(lang Lang) {
		got = append(got, lang)
		seenText = append(seenText, l.T("game.undo")) // switch is done before notifying
	})
	var second []Lang
	unsub2 := l.Subscribe(func(lang Lang) { second = append(second, lang) })

	assert.Equal(t, English, l.Current())
	assert.Equal(t, "Undo", l.T("game.undo"))
	l.SetLanguage(Chinese)
	assert.Equal(t, Chinese, l.Current())
	assert.Equal(t, "悔棋", l.T("game.undo"))
	assert.Equal(t, []Lang{Chinese}, got)
	assert.Equal(t, []string{"悔棋"}, seenText)

	l.SetLanguage(Chinese) // no change, no notification
	l.SetLanguage("fr")    // invalid, ignored
	assert.Equal(t, []Lang{Chinese}, got)
	assert.Equal(t, Chinese, l.Current())

	unsub()
	unsub() // harmless twice
	l.SetLanguage(English)
	assert.Equal(t, []Lang{Chinese}, got, "unsubscribed function must not be called")
	assert.Equal(t, []Lang{Chinese, English}, second)
	assert.Equal(t, "Undo", l.T("game.undo"))
	unsub2()
}

func TestPackageDefault(t *testing.T) {
	prev := Current()
	t.Cleanup(func() { SetLanguage(prev) })
	SetLanguage(English)
	calls := 0
	unsub := Subscribe(func(Lang) { calls++ })
	defer unsub()
	SetLanguage(Chinese)
	assert.Equal(t, 1, calls)
	assert.Equal(t, Chinese, Current())
	assert.Equal(t, "围猎棋", T("app.name"))
	assert.Equal(t, "剩余 9 秒", TData("game.seconds_left", map[string]any{"Seconds": 9}))
	assert.Equal(t, "手里还有 2 只犬", TPlural("game.in_hand", 2, nil))
	assert.Equal(t, "打狼棋", Game(BeatTheWolf).Title)
	SetLanguage(English)
	assert.Equal(t, "Beat the Wolf", Game(BeatTheWolf).Title)
	assert.Equal(t, 2, calls)
}

func TestConcurrentUse(t *testing.T) {
	l := NewLocalizer(English)
	done := make(chan struct{})
	for i := 0; i < 4; i++ {
		go func(i int) {
			defer func() { done <- struct{}{} }()
			for j := 0; j < 200; j++ {
				if (i+j)%2 == 0 {
					l.SetLanguage(Chinese)
				} else {
					l.SetLanguage(English)
				}
				_ = l.T("app.name")
				_ = l.TPlural("game.in_hand", j, nil)
				_ = l.Game(DeerChess)
				unsub := l.Subscribe(func(Lang) {})
				unsub()
			}
		}(i)
	}
	for i := 0; i < 4; i++ {
		<-done
	}
}

func TestInitial(t *testing.T) {
	assert.Equal(t, English, Initial("en", "zh-CN"))
	assert.Equal(t, Chinese, Initial("zh-Hans", "en-US"))
	assert.Equal(t, TraditionalChinese, Initial("system", "zh-TW"))
	assert.Equal(t, TraditionalChinese, Initial("zh-Hant", "en-US"))
	assert.Equal(t, Chinese, Initial("zh-Hans", "zh-TW"))
	assert.Equal(t, English, Initial(SystemPreference, "fr-FR"))
	assert.Equal(t, Chinese, Initial("", "zh"))
	assert.Equal(t, English, Initial("", ""))
	assert.Equal(t, Chinese, Initial("klingon", "zh-CN"))
}

func TestLangHelpers(t *testing.T) {
	assert.Equal(t, Chinese, English.Other())
	assert.Equal(t, English, Chinese.Other())
	assert.Equal(t, English, TraditionalChinese.Other())
	assert.True(t, English.Valid())
	assert.True(t, TraditionalChinese.Valid())
	assert.False(t, Lang("zh-TW").Valid())
	assert.False(t, English.IsChinese())
	assert.True(t, Chinese.IsChinese())
	assert.True(t, TraditionalChinese.IsChinese())
	assert.Equal(t, []string{"English", "简体", "繁體"}, []string{English.Name(), Chinese.Name(), TraditionalChinese.Name()})
	assert.Equal(t, language.TraditionalChinese, TraditionalChinese.Tag())
	assert.False(t, Lang("fr").Valid())
}
