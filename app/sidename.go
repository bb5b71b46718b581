package app

import (
	"huntchess/core"
	"huntchess/translations"
)

// sideName names a side of a game by its pieces, in the current language:
// "wolf", "wolves", "dogs" (狼方, 狼方, 犬方: in Chinese every side is
// "…方", for one piece or many).
func sideName(info *core.GameInfo, side core.Side) string {
	kind := info.PiecesOf(side)
	n := info.PredatorCount
	if side == core.Prey {
		n = info.PreyCount
	}
	if n > 1 {
		switch kind {
		case core.PieceWolf:
			kind = "wolves"
		case core.PieceDog, core.PiecePig:
			kind += "s"
		}
	}
	return translations.T("side." + kind)
}
