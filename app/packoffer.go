package app

import (
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// What the hints, the review and the explorer say of the table pack
// ("Perfect play" in the settings) where nothing here proves a position
// (issue 41): how to get proof — the pack, named as the settings name it,
// with its download's size from the site's manifest — or, where the
// tables on the device (or, in the browser, the site's) hold no such
// position, that no table of the app covers it (no false offer).

// packOffer is the table pack as a download the player could make
// (pack.Offered: its files not installed, the download's size where the
// site's manifest says it), with the words that name it. The zero
// packOffer offers nothing: the browser, which has no pack, or the whole
// pack installed.
type packOffer struct{ pack.Offered }

// has reports whether the pack would add a file of game id.
func (o packOffer) has(id core.GameID) bool { return o.Has(id) }

// data is the template data of a message naming the pack ({{.Pack}}: the
// Perfect play tables, where to get them in the settings, and the
// download's size where it is known, else how to learn it).
func (o packOffer) data() map[string]any {
	where := packWhere()
	named := translations.TData("hint.pack_named_nosize", map[string]any{"Where": where, "Find": translations.T("pack.check")})
	if o.Bytes > 0 {
		named = translations.TData("hint.pack_named", map[string]any{"Where": where, "MB": megabytes(o.Bytes)})
	}
	return map[string]any{"Pack": named}
}

// lineData is data for the hint's line: the pack named as in data, but
// where its size is not known only where to find it (the details say how
// to learn the size).
func (o packOffer) lineData() map[string]any {
	if o.Bytes > 0 {
		return o.data()
	}
	return map[string]any{"Pack": translations.TData("hint.pack_named_short", map[string]any{"Where": packWhere()})}
}

// packWhere is where the settings offer the pack: Settings → Perfect play.
func packWhere() string {
	return translations.TData("hint.where_pack", map[string]any{
		"Settings": translations.T("settings.title"), "Pack": translations.T("settings.pack")})
}

// offerOf is the pack on offer given the job's status (pack.OfferOf).
func offerOf(st pack.Status) packOffer { return packOffer{pack.OfferOf(st)} }

// packOffer is the app's pack on offer (none without a pack job: the
// browser, the tests without a storage folder).
func (a *App) packOffer() packOffer {
	if a.pack == nil {
		return packOffer{}
	}
	return offerOf(a.pack.Status())
}

// hintSources are the proofs of game id on the device, for a hint's words.
func (a *App) hintSources(id core.GameID) hintSources {
	return hintSources{strategy: a.tables.Strategy(id), table: a.tables.Table(id), bound: a.tables.Bound(id),
		offer: a.packOffer(), site: a.site}
}

// here is what proves positions on the device, as pack.ReachOf reads it.
func (src hintSources) here() pack.Here {
	return pack.Here{Strategy: src.strategy, Table: src.table, Bound: src.bound, Site: src.site}
}

// reachOf is what can be said of proof for p, which nothing here proves,
// with the device's proofs src and the pack on offer (pack.ReachOf).
func reachOf(p core.Position, src hintSources) pack.Reach {
	return pack.ReachOf(p, src.here(), src.offer.Offered)
}

// reachFacts is the sentence of a hint's details that says r for p, with
// the device's proofs src ("" for pack.WayNone).
func reachFacts(p core.Position, r pack.Reach, src hintSources) string {
	info := p.Info()
	d := map[string]any{"Count": info.PreyCount, "Prey": sideName(info, core.Prey), "N": p.PreyOnBoard(), "Where": packWhere(),
		"Held": r.Held}
	if r.Way.Pack() {
		for k, v := range src.offer.data() {
			d[k] = v
		}
	}
	switch r.Way {
	case pack.WayPackBound:
		return translations.TData("hint.detail_pack_bound", d)
	case pack.WayPackTable:
		return translations.TData("hint.detail_pack_table", d)
	case pack.WaySite:
		return translations.TData("hint.detail_site_bound", d)
	case pack.WayNotCovered:
		return translations.TData("hint.detail_not_covered", d)
	case pack.WayNoBoundWin:
		return translations.TData("hint.detail_bound_no_win", d)
	}
	return ""
}
