package translations

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryGameComplete(t *testing.T) {
	require.Len(t, GameIDs, 4)
	l := NewLocalizer(English)
	for _, id := range GameIDs {
		for _, lang := range Languages {
			g := l.GameIn(id, lang)
			name := string(lang) + "/" + id
			assert.Equal(t, id, g.ID)
			assert.Equal(t, lang, g.Lang)
			assert.NotEmpty(t, g.Title, name)
			assert.Equal(t, l.GameIn(id, lang.Other()).Title, g.OtherTitle, name)
			assert.NotEqual(t, g.Title, g.OtherTitle, name)
			assert.NotEmpty(t, g.Tagline, name)
			assert.NotEmpty(t, g.Subtitle, name)
			assert.Equal(t, l.TIn(lang, "rules.key_points"), g.KeyPoints.Heading, name)
			assert.Len(t, g.KeyPoints.Paragraphs, 3, name)
			assert.Len(t, g.QuickStart, 3, name)
			assert.Len(t, g.Rules, 5, name)
			assert.NotEmpty(t, g.Clarifications, name)
			all := append(append(append([]string{}, g.KeyPoints.Paragraphs...), g.QuickStart...), g.Clarifications...)
			for _, s := range g.Rules {
				assert.NotEmpty(t, s.Heading, name)
				assert.NotEmpty(t, s.Paragraphs, name+" "+s.Heading)
				all = append(all, s.Heading)
				all = append(all, s.Paragraphs...)
			}
			for _, s := range all {
				assert.NotEmpty(t, strings.TrimSpace(s), name)
				assert.False(t, strings.HasPrefix(s, "games."), "%s: untranslated %s", name, s)
			}
		}
	}
}

func TestGameHeadingsAndTitles(t *testing.T) {
	l := NewLocalizer(English)
	headings := func(g GameTexts) []string {
		var h []string
		for _, s := range g.Rules {
			h = append(h, s.Heading)
		}
		return h
	}
	en := l.GameIn(BeatTheWolf, English)
	assert.Equal(t, "Beat the Wolf", en.Title)
	assert.Equal(t, "打狼棋", en.OtherTitle)
	assert.Equal(t, "Key points", en.KeyPoints.Heading)
	assert.Equal(t, []string{"Board and Setup", "Movement", "Jump Capture", "Winning", "Timer"}, headings(en))
	zh := l.GameIn(BeatTheWolf, Chinese)
	assert.Equal(t, "打狼棋", zh.Title)
	assert.Equal(t, "Beat the Wolf", zh.OtherTitle)
	assert.Equal(t, "玩法要点", zh.KeyPoints.Heading)
	assert.Equal(t, []string{"棋盘与开局", "行棋规则", "跳吃", "胜负条件", "计时"}, headings(zh))

	assert.Equal(t, "Wolf Carries the Pig", l.GameIn(WolfCarriesPig, English).Title)
	assert.Equal(t, "狼背猪", l.GameIn(WolfCarriesPig, Chinese).Title)
	lion := l.GameIn(SurroundTheLion, English)
	assert.Equal(t, "Surround the Lion", lion.Title)
	assert.Equal(t, "Insertion Capture", lion.Rules[2].Heading)
	assert.Equal(t, "挑吃", l.GameIn(SurroundTheLion, Chinese).Rules[2].Heading)
	deer := l.GameIn(DeerChess, English)
	assert.Equal(t, "Twenty-Dog Deer Chess", deer.Title)
	assert.Equal(t, []string{"Board and Setup", "Deer Move", "Dogs Enter First", "Winning", "Timer"}, headings(deer))
	assert.Equal(t, []string{"棋盘与开局", "鹿怎么走", "犬先上场", "谁赢", "计时"}, headings(l.GameIn(DeerChess, Chinese)))
}

// gameText joins every text of a game in one language.
func gameText(g GameTexts) string {
	parts := []string{g.Title, g.Tagline, g.Subtitle}
	parts = append(parts, g.KeyPoints.Paragraphs...)
	parts = append(parts, g.QuickStart...)
	for _, s := range g.Rules {
		parts = append(parts, s.Heading)
		parts = append(parts, s.Paragraphs...)
	}
	parts = append(parts, g.Clarifications...)
	return strings.Join(parts, "\n")
}

// Key sentences of the seed texts, which must be kept word for word.
func TestSeedSentencesVerbatim(t *testing.T) {
	seeds := map[string]map[Lang][]string{
		BeatTheWolf: {
			English: {
				"A cross of five joined squares, one wolf, seventeen dogs — and the moment the pack is down to five, the wolf has already won.",
				"The board is five combined square grids arranged in a cross. Each small square has two diagonal lines, usable by the wolf only.",
				"A jump can be diagonal, but the wolf can't chain two jumps in one move.",
				"Once the dogs are reduced to 5, they can no longer trap the wolf — the wolf wins immediately.",
				"You can change the difficulty anytime in Game Settings.",
			},
			Chinese: {
				"十字盘上十七条犬围一只狼。可只要犬被吃到剩五枚，狼当场就赢了。",
				"获胜：犬方把狼困死，或犬方剩到 5 枚时狼直接获胜",
				"开局时，狼摆在棋盘正中心，犬方 17 枚棋子摆在十字形下方及边缘。",
				"可以在\"对局设置\"里换一个难度，随时都能换。",
			},
		},
		WolfCarriesPig: {
			English: {
				"Three wolves need seven pigs; fifteen pigs need every wolf stuck. Diagonals run everywhere, so nothing is ever quite surrounded.",
				"The wolf may jump one adjacent pig to an empty point beyond and capture it, including diagonally but without a second jump; pigs cannot capture.",
				"Only the wolves can capture — pigs never can.",
			},
			Chinese: {
				"三狼吃猪，十五猪合围",
				"狼可跳过紧邻的一猪落到其后空点并吃猪，能斜跳但不能连跳；猪不吃子。",
				"棋盘：五横五竖加对角线的方格棋盘",
			},
		},
		SurroundTheLion: {
			English: {
				"Herd the lion into one of four corner traps",
				"After the lion moves, landing directly between two dogs on the same line captures both — no extra conditions.",
				"If the lion is outside a trap and the next player has no move, the game is a draw.",
			},
			Chinese: {
				"这只狮子堵不住，犬方唯一的出路是把它赶进四角的陷阱。",
				"棋盘：25 点米字格 + 四个陷阱点",
				"狮子没进陷阱时，轮到的一方没有路走，这局算平局。",
			},
		},
		DeerChess: {
			English: {
				"One deer leaps dogs while twenty dogs enter to surround it",
				"The deer starts at the gate. A gate is an ordinary grassland point. Eight dogs ring the middle, and twelve dogs stay in hand.",
				"Whether placing or moving, dogs stay within the grassland and cannot enter the cliff (the diamond) interior; the connecting gate remains an ordinary grassland point.",
				// The seed's "The deer win" takes the singular, as every other
				// text of the one deer does (issue 22).
				"The deer wins by taking 7 dogs.",
			},
			Chinese: {
				"二十条犬一只一只入场，围一头鹿。鹿得赶在围栏合拢之前先吃够七只。",
				"12 只都放完前，不能移动草原里的犬。放完后，犬才可以沿线走一步。",
				"鹿走不动，或被赶出草原，犬赢。",
			},
		},
	}
	l := NewLocalizer(English)
	for id, byLang := range seeds {
		for lang, sentences := range byLang {
			text := gameText(l.GameIn(id, lang))
			for _, s := range sentences {
				assert.Contains(t, text, s, "%s/%s", lang, id)
			}
		}
	}
}

func TestClarificationsCoverDecisions(t *testing.T) {
	l := NewLocalizer(English)
	has := func(id string, lang Lang, sub string) {
		t.Helper()
		assert.Contains(t, strings.Join(l.GameIn(id, lang).Clarifications, "\n"), sub, "%s/%s", lang, id)
	}
	has(BeatTheWolf, English, "pass")
	has(BeatTheWolf, English, "c2–b3")
	has(BeatTheWolf, Chinese, "c2–b3")
	has(BeatTheWolf, English, "third time")
	has(WolfCarriesPig, English, "optional")
	has(WolfCarriesPig, Chinese, "所有的狼都无路可走")
	has(SurroundTheLion, English, "b1, d1, a2, c2, e2, b3, d3, a4, c4, e4, b5 and d5")
	has(SurroundTheLion, Chinese, "陷阱")
	has(SurroundTheLion, English, "two pairs")
	has(DeerChess, English, "7th dog")
	has(DeerChess, Chinese, "悬崖")
	for _, id := range GameIDs {
		has(id, English, "draw")
		has(id, Chinese, "平局")
	}
}
