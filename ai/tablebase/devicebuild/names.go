package devicebuild

import (
	"fmt"

	"huntchess/ai/tablebase"
)

func posString(p tablebase.Pos) string {
	return fmt.Sprintf("%x/%x/%d/%d/%d", p.Pred, p.Prey, p.Side, p.Capt, p.Hand)
}

// what names a section in messages.
func what(sec *tablebase.Section) string {
	return fmt.Sprintf("section captured=%d hand=%d", sec.Captured, sec.Hand)
}
