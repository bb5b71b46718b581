package translations

import (
	"strings"
	"testing"
)

// The Chinese texts speak to the player in one voice, 你: never as the
// player ("我扮演狼" where the game panel says "你执狼方"), never the formal 您.
func TestChineseSpeaksInOneVoice(t *testing.T) {
	for id, forms := range rawMessages(t, Chinese) {
		for form, s := range forms {
			for _, w := range []string{"我", "您", "咱"} {
				if strings.Contains(s, w) {
					t.Errorf("%s (%s) says %q: %s", id, form, w, s)
				}
			}
		}
	}
}
