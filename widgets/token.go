package widgets

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// PieceIcon is an icon of a side's token as the board draws it (its fill
// and outline in the board style and theme variant now), for a button that
// chooses the piece (the position editor); with predator and prey both
// false, an empty point's outline.
func PieceIcon(predator, prey bool) fyne.Resource {
	p := paletteFor(theme.Current())
	fill, stroke := color.NRGBA{}, p.line
	name := "empty"
	switch {
	case predator:
		fill, stroke, name = p.predFill, p.predStroke, "predator"
	case prey:
		fill, stroke, name = p.preyFill, p.preyStroke, "prey"
	}
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">`+
		`<circle cx="12" cy="12" r="9.5" fill="%s" fill-opacity="%.2f" stroke="%s" stroke-width="2"/></svg>`,
		hexRGB(fill), float32(fill.A)/255, hexRGB(stroke))
	return fyne.NewStaticResource(fmt.Sprintf("piece-%s-%02x%02x%02x.svg", name, fill.R, fill.G, fill.B), []byte(svg))
}

func hexRGB(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
