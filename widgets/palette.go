package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"huntchess/core"
)

// palette is the board's colours for the current theme variant.
type palette struct {
	surface, surfaceStroke         color.NRGBA
	line, wolfLine, trapLine       color.NRGBA
	cliffLine                      color.NRGBA
	trap, trapStroke, cliff, gate  color.NRGBA
	dot                            color.NRGBA
	predFill, predStroke, predText color.NRGBA
	preyFill, preyStroke, preyText color.NRGBA
	selected, step, place          color.NRGBA
	capture, captTarget, captFill  color.NRGBA
	last, lastStroke               color.NRGBA
	hint, hintLine, flash          color.NRGBA
	cliffHatch, label              color.NRGBA
}

func (p palette) lineColor(k core.LineKind) color.NRGBA {
	switch k {
	case core.LineWolfDiagonal:
		return p.wolfLine
	case core.LineTrap:
		return p.trapLine
	case core.LineCliff:
		return p.cliffLine
	}
	return p.line
}

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

func rgba(v uint32, a uint8) color.NRGBA {
	c := rgb(v)
	c.A = a
	return c
}

var lightPalette = palette{
	surface: rgb(0xEBCF9C), surfaceStroke: rgb(0xB58B52),
	line: rgb(0x5A3A1A), wolfLine: rgb(0x7A5530), trapLine: rgb(0x9E2B22), cliffLine: rgb(0x4A3A2E),
	trap: rgb(0xF2B8AE), trapStroke: rgb(0x9E2B22), cliff: rgb(0xD8BC8A), gate: rgb(0xB7791F),
	dot:      rgb(0x5A3A1A),
	predFill: rgb(0xC0392B), predStroke: rgb(0x6E1A12), predText: rgb(0xFFFFFF),
	preyFill: rgb(0x24496E), preyStroke: rgb(0x0E2238), preyText: rgb(0xFFFFFF),
	selected: rgb(0xF1B800), step: rgba(0x1E8C45, 0xD0), place: rgb(0x1E8C45),
	capture: rgb(0xE0601A), captTarget: rgba(0xE0601A, 0x40), captFill: rgba(0xE53935, 0x50),
	last: rgba(0xFFE45C, 0xA0), lastStroke: rgb(0xB89000), cliffHatch: rgb(0xB0916A), label: rgba(0x5A3A1A, 0xC0),
	hint: rgb(0x1F6FD1), hintLine: rgba(0x1F6FD1, 0x90), flash: rgb(0xE53935),
}

var darkPalette = palette{
	surface: rgb(0x3A2F24), surfaceStroke: rgb(0x6B5538),
	line: rgb(0xE2CFA8), wolfLine: rgb(0xC7B08A), trapLine: rgb(0xF08A7E), cliffLine: rgb(0xE2CFA8),
	trap: rgb(0x6B2A24), trapStroke: rgb(0xF08A7E), cliff: rgb(0x2C241C), gate: rgb(0xF0B545),
	dot:      rgb(0xE2CFA8),
	predFill: rgb(0xD9473A), predStroke: rgb(0xFFD2CC), predText: rgb(0xFFFFFF),
	preyFill: rgb(0x3D6FA3), preyStroke: rgb(0xCFE2F5), preyText: rgb(0xFFFFFF),
	selected: rgb(0xFFD23F), step: rgba(0x4CD07D, 0xD0), place: rgb(0x4CD07D),
	capture: rgb(0xFF8A3D), captTarget: rgba(0xFF8A3D, 0x40), captFill: rgba(0xFF5A4F, 0x50),
	last: rgba(0xFFE45C, 0x48), lastStroke: rgb(0xE8C547), cliffHatch: rgb(0x76624D), label: rgba(0xE2CFA8, 0xB0),
	hint: rgb(0x6BB0FF), hintLine: rgba(0x6BB0FF, 0x90), flash: rgb(0xFF5A4F),
}

// paperPalette is a plain paper board: black ink lines on white paper,
// black predators and white prey, as in a printed diagram.
var paperPalette = palette{
	surface: rgb(0xFBFAF6), surfaceStroke: rgb(0x8C8C8C),
	line: rgb(0x1E1E1E), wolfLine: rgb(0x555555), trapLine: rgb(0xA3281E), cliffLine: rgb(0x1E1E1E),
	trap: rgb(0xF6D9D4), trapStroke: rgb(0xA3281E), cliff: rgb(0xEDEBE4), gate: rgb(0x8A6D1F),
	dot:      rgb(0x1E1E1E),
	predFill: rgb(0x1E1E1E), predStroke: rgb(0x000000), predText: rgb(0xFFFFFF),
	preyFill: rgb(0xFFFFFF), preyStroke: rgb(0x1E1E1E), preyText: rgb(0x1E1E1E),
	selected: rgb(0xE0A800), step: rgba(0x1E8C45, 0xD0), place: rgb(0x1E8C45),
	capture: rgb(0xE0601A), captTarget: rgba(0xE0601A, 0x40), captFill: rgba(0xE53935, 0x50),
	last: rgba(0xFFE45C, 0x90), lastStroke: rgb(0xB89000), cliffHatch: rgb(0xA8A8A8), label: rgba(0x1E1E1E, 0xB0),
	hint: rgb(0x1F6FD1), hintLine: rgba(0x1F6FD1, 0x90), flash: rgb(0xE53935),
}

// inkPalette is the paper board in the dark theme: light ink on slate, light
// predators and dark prey.
var inkPalette = palette{
	surface: rgb(0x26282C), surfaceStroke: rgb(0x5C6068),
	line: rgb(0xDCDCDC), wolfLine: rgb(0xA8A8A8), trapLine: rgb(0xF08A7E), cliffLine: rgb(0xDCDCDC),
	trap: rgb(0x5A2822), trapStroke: rgb(0xF08A7E), cliff: rgb(0x202226), gate: rgb(0xE8C060),
	dot:      rgb(0xDCDCDC),
	predFill: rgb(0xF2F2F2), predStroke: rgb(0xFFFFFF), predText: rgb(0x1A1A1A),
	preyFill: rgb(0x26282C), preyStroke: rgb(0xF2F2F2), preyText: rgb(0xF2F2F2),
	selected: rgb(0xFFD23F), step: rgba(0x4CD07D, 0xD0), place: rgb(0x4CD07D),
	capture: rgb(0xFF8A3D), captTarget: rgba(0xFF8A3D, 0x40), captFill: rgba(0xFF5A4F, 0x50),
	last: rgba(0xFFE45C, 0x48), lastStroke: rgb(0xE8C547), cliffHatch: rgb(0x5C6068), label: rgba(0xDCDCDC, 0xB0),
	hint: rgb(0x6BB0FF), hintLine: rgba(0x6BB0FF, 0x90), flash: rgb(0xFF5A4F),
}

// palette picks the light or dark palette from the theme's background colour.
func (r *boardRenderer) palette() palette { return paletteFor(r.b.Theme()) }

// paletteFor is the palette of the board style (style.go), light or dark
// for a theme (the capture tray uses
// it too).
func paletteFor(th fyne.Theme) palette {
	v := theme.VariantLight
	if a := fyne.CurrentApp(); a != nil && a.Settings() != nil {
		v = a.Settings().ThemeVariant()
	}
	dark := isDark(th.Color(theme.ColorNameBackground, v))
	switch {
	case style.Board == BoardPaper && dark:
		return inkPalette
	case style.Board == BoardPaper:
		return paperPalette
	case dark:
		return darkPalette
	}
	return lightPalette
}

func isDark(c color.Color) bool {
	if c == nil {
		return false
	}
	rr, g, b, _ := c.RGBA()
	lum := 0.2126*float64(rr) + 0.7152*float64(g) + 0.0722*float64(b)
	return lum < 0.5*0xffff
}

func withAlpha(c color.NRGBA, a float32) color.NRGBA {
	a = min(max(a, 0), 1)
	c.A = uint8(math.Round(float64(c.A) * float64(a)))
	return c
}
