package pack

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/core"
)

// OfferOf: the pack published with this version until the site was asked;
// then what of the site's manifest is missing; nothing once it is all in.
func TestPackOffer(t *testing.T) {
	o := OfferOf(Status{})
	require.Equal(t, int64(PublishedBytes), o.Bytes)
	require.True(t, o.Has(core.BeatTheWolf))
	require.True(t, o.Has(core.WolfCarriesPig))
	require.False(t, o.Has(core.SurroundTheLion), "shipped whole: no pack to offer")

	m := &Manifest{Format: 2, Files: []File{
		{Name: "beat-the-wolf.bound.hctb", Game: "beat-the-wolf", Size: 1000},
		{Name: "wolf-carries-pig.hctb", Game: "wolf-carries-pig", Size: 500},
	}}
	o = OfferOf(Status{Phase: Offer, Remote: m, Missing: 1500})
	require.Equal(t, int64(1500), o.Bytes)
	require.True(t, o.Has(core.BeatTheWolf))

	pigOnly := &Manifest{Format: 2, Files: m.Files[1:]}
	o = OfferOf(Status{Phase: Offer, Remote: m, Installed: pigOnly, Missing: 1000})
	require.True(t, o.Has(core.BeatTheWolf))
	require.False(t, o.Has(core.WolfCarriesPig), "installed")

	require.Equal(t, Offered{}, OfferOf(Status{Phase: Installed, Remote: m, Installed: m}))
	require.Equal(t, Offered{}, OfferOf(Status{Phase: Installed, Installed: m}), "the published pack installed")
	require.False(t, Offered{}.Has(core.BeatTheWolf))

	// The published size is the pack's in docs/device-tables.md.
	doc, err := os.ReadFile("../docs/device-tables.md")
	require.NoError(t, err)
	require.Contains(t, string(doc), "**"+withCommas(PublishedBytes)+"**")
}

func withCommas(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
