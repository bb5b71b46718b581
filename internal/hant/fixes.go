package hant

import "regexp"

// A Fix replaces a phrase of OpenCC's output with what a reader in Taiwan
// expects of this app: the words where s2twp's choice reads wrong here or
// reads as the mainland's. docs/zh-hant-glossary.md lists them with the
// reasons; keep the two together.
type Fix struct{ From, To string }

// Fixes are applied in order, after OpenCC and the measure word (below).
var Fixes = []Fix{
	// OpenCC's mistakes in these texts.
	{"局麵", "局面"},       // 局面价值: 面 is not 麵 (noodles)
	{"犬隻能", "犬只能"},     // "dogs can only": 犬隻 is livestock's word
	{"豬隻能", "豬只能"},     // the same for pigs
	{"方格里", "方格裡"},     // 里 (a village) for 裡 (inside)
	{"同一臺裝置", "同一台裝置"}, // a device: 台, as Taiwan writes it in daily use
	// Taiwan's words for the mainland's.
	{"構建", "建置"}, // a build of the app
	{"回車或空格選中", "Enter 鍵或空白鍵選取"},
	{"開放字型許可", "開放字型授權"}, // a licence is 授權
	{"三條款許可", "三條款授權"},
	{"字型許可", "字型授權"},
	{"\"許可\"", "\"授權\""},
	{"本應用", "本程式"}, // 應用 alone reads as the mainland's 应用
	{"從應用的站點", "從本程式的網站"},
	{"站點", "網站"},
	{"請過後再試", "請稍後再試"},
	{"主頁", "首頁"},
	{"帶在應用裡", "帶在 App 裡"}, // the store listings: the app is an App
	{"把應用關掉", "把 App 關掉"},
	{"賬號", "帳號"},
	{"清零", "歸零"},
	{"已被歸零", "已歸零"},
	{"字號", "文字大小"},
	{"副本恢復", "副本還原"},
	{"已恢復為預設設定", "已重設為預設值"},
	{"許可證釋出", "授權條款釋出"},  // the store listings: a licence is 授權
	{"\"退出\"", "\"結束\""}, // Quit: Taiwan's menus say 結束
	{"退出 ·", "結束 ·"},
}

// measureWord finds 只 after a number or a counting word, where it is the
// measure word of animals, 隻 in Traditional Chinese (7 只豬 → 7 隻豬), and
// not the adverb "only", which a verb follows (只要, 只能, 只有, 只是, 只剩).
// OpenCC converts it only inside the phrases it knows.
var measureWord = regexp.MustCompile(`([0-9]\s?|\}\}\s?|[一二兩三四五六七八九十幾每哪這那])只([^要能有是剩])`)
