package translations

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/internal/hant"
)

// The system's locale picks the script its readers expect: Traditional for
// Taiwan, Hong Kong, Macau, a named Hant script and Cantonese; Simplified
// for China, Singapore, Malaysia, a named Hans script and Chinese alone.
func TestSystemLanguageLocales(t *testing.T) {
	want := map[string]Lang{
		// Traditional Chinese.
		"zh-TW": TraditionalChinese, "zh_TW.UTF-8": TraditionalChinese, "zh_TW.Big5": TraditionalChinese,
		"zh-HK": TraditionalChinese, "zh_HK.UTF-8": TraditionalChinese, "zh-MO": TraditionalChinese,
		"zh-Hant": TraditionalChinese, "zh-Hant-TW": TraditionalChinese, "zh-Hant-HK": TraditionalChinese,
		"zh-Hant-MO": TraditionalChinese, "zh_Hant_HK": TraditionalChinese, "zh-Hant-CN": TraditionalChinese,
		"zh-Hant-US": TraditionalChinese, "yue": TraditionalChinese, "yue-HK": TraditionalChinese,
		"yue-Hant-HK": TraditionalChinese, "yue-MO": TraditionalChinese, "yue-CN": TraditionalChinese,
		"nan-TW": TraditionalChinese, "hak-TW": TraditionalChinese, "cmn-Hant-TW": TraditionalChinese,
		// Simplified Chinese.
		"zh": Chinese, "zh-CN": Chinese, "zh_CN.UTF-8": Chinese, "zh_CN.GB18030@pinyin": Chinese,
		"zh-Hans": Chinese, "zh-Hans-CN": Chinese, "zh-SG": Chinese, "zh_SG.UTF-8": Chinese,
		"zh-Hans-SG": Chinese, "zh-MY": Chinese, "zh-Hans-MY": Chinese, "zh-Hans-HK": Chinese,
		"yue-Hans-CN": Chinese, "cmn": Chinese, "wuu": Chinese, "zh-US": Chinese,
		// English.
		"en": English, "en-US": English, "en-HK": English, "en-TW": English, "fr-FR": English,
		"ja-JP": English, "ko-KR": English, "": English, "C": English, "POSIX": English, "C.UTF-8": English,
		"garbage!!": English,
	}
	for loc, lang := range want {
		assert.Equal(t, lang, SystemLanguage(loc), "locale %q", loc)
	}
}

// The Traditional texts hold no character that only Simplified Chinese
// writes (这, 猪, 围), no variant that Taiwan writes otherwise (裏, 爲) and
// no “” quotes, which Taiwan writes 「」.
func TestTraditionalHasNoSimplifiedOnly(t *testing.T) {
	c, err := hant.New()
	require.NoError(t, err)
	// The check itself finds what it must, and only that.
	assert.Equal(t, []rune("“”围猎猪这"), c.SimplifiedOnly("这是“围猎”的猪，干了"))
	assert.Equal(t, []rune("爲裏"), c.SimplifiedOnly("裏面爲何"))
	assert.Empty(t, c.SimplifiedOnly("這是「圍獵」的豬，幹了，只有一隻，干擾，台灣，臺灣。ABC {{.Side}}"))

	var bad []string
	for id, forms := range rawMessages(t, TraditionalChinese) {
		for form, s := range forms {
			if rs := c.SimplifiedOnly(s); len(rs) > 0 {
				bad = append(bad, id+" ("+form+"): "+string(rs)+" in "+s)
			}
		}
	}
	sort.Strings(bad)
	assert.Empty(t, bad, "Simplified characters in the Traditional texts:\n%s", strings.Join(bad, "\n"))
}

// The games keep their own names in Traditional characters, and the
// Traditional texts are not the Simplified ones left as they were.
func TestTraditionalNames(t *testing.T) {
	l := NewLocalizer(TraditionalChinese)
	assert.Equal(t, "圍獵棋", l.T("app.name"))
	assert.Equal(t, "打狼棋", l.Game(BeatTheWolf).Title)
	assert.Equal(t, "狼背豬", l.Game(WolfCarriesPig).Title)
	assert.Equal(t, "圍獅棋", l.Game(SurroundTheLion).Title)
	assert.Equal(t, "二十犬鹿棋", l.Game(DeerChess).Title)
	assert.Equal(t, "Beat the Wolf", l.Game(BeatTheWolf).OtherTitle)
	assert.Equal(t, "豬", l.T("glyph.pig"))
	assert.Equal(t, "手裡還有 3 隻犬", l.TPlural("game.in_hand", 3, nil))
	assert.Equal(t, "輪到狼方走", l.TData("game.to_move", map[string]any{"Side": l.T("side.wolf")}))

	zh, hantMsgs := rawMessages(t, Chinese), rawMessages(t, TraditionalChinese)
	same := 0
	for id, forms := range hantMsgs {
		if forms["other"] == zh[id]["other"] {
			same++
		}
	}
	// Only texts without a character that differs stay the same (English,
	// "确定" is not among them: 確定).
	assert.Less(t, same, len(hantMsgs)/5, "%d of %d Traditional texts are the Simplified ones", same, len(hantMsgs))
}
