package translations

import (
	"regexp"
	"strings"
	"testing"
)

// The Chinese texts speak to the player in one voice, 你: never as the
// player ("我扮演狼" where the game panel says "你执狼方"), never the formal 您.
func TestChineseSpeaksInOneVoice(t *testing.T) {
	for id, forms := range chineseMessages(t) {
		for form, s := range forms {
			for _, w := range []string{"我", "您", "咱"} {
				if strings.Contains(s, w) {
					t.Errorf("%s (%s) says %q: %s", id, form, w, s)
				}
			}
		}
	}
}

// There is one deer: the English texts give it one grammatical number
// ("the deer wins", as "the deer takes"), never "the deer win".
func TestOneDeerIsSingular(t *testing.T) {
	plural := regexp.MustCompile(`(?i)\bthe deer (win|take|move|lose|jump|have|are|were)\b`)
	for id, forms := range rawMessages(t, English) {
		for form, s := range forms {
			if m := plural.FindString(s); m != "" {
				t.Errorf("%s (%s): %q in %s", id, form, m, s)
			}
		}
	}
}
