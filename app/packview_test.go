//go:build ci

package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash/crc32"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/tables"
	"huntchess/translations"
)

// packSite serves a pack of one Beat the Wolf table (a valid header, no
// tiers) of size bytes; fault "manifest": the manifest is not found,
// "byte": the file sent has a byte changed.
func packSite(t *testing.T, size int, fault string) *httptest.Server {
	id := core.BeatTheWolf
	hdr, _ := json.Marshal(tablebase.Header{Format: 1, Game: id.String(),
		Fingerprint: tablebase.ForGame(id).Fingerprint(), Sections: []*tablebase.Section{}})
	var b bytes.Buffer
	b.WriteString("HCTB\x00\x01")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(hdr)))
	_ = binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(hdr))
	b.Write(hdr)
	for i := 0; b.Len() < size; i++ {
		b.WriteByte(byte(i))
	}
	file := b.Bytes()
	sum := sha256.Sum256(file)
	sent := file
	if fault == "byte" {
		sent = bytes.Clone(file)
		sent[size/2] ^= 1
	}
	m, _ := json.Marshal(pack.Manifest{Format: 1, Version: "t", Files: []pack.File{{
		Name: "beat-the-wolf.hctb", Game: id.String(), Fingerprint: tablebase.ForGame(id).Fingerprint(),
		Size: int64(len(file)), SHA256: hex.EncodeToString(sum[:])}}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/pack/manifest.json" && fault != "manifest":
			_, _ = w.Write(m)
		case r.URL.Path == "/pack/beat-the-wolf.hctb":
			http.ServeContent(w, r, "f", time.Time{}, bytes.NewReader(sent))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// packHarness is the app with tables, its pack's address srv's.
func packHarness(t *testing.T, srv *httptest.Server) *harness {
	fa := test.NewTempApp(t)
	dir := saveDirFor(t, fa)
	return newHarness(t, fa, func(o *Options) {
		o.Config.PackURL = srv.URL + "/pack/"
		o.Tables = tables.New(filepath.Join(dir, "tables"), nil, false, o.Do)
		// Without the shipped tables: Planned(Beat the Wolf) then tells
		// whether the manager has the pack's (the shipped endgames would
		// make it true throughout).
		o.Tables.UseShipped(false)
	})
}

func TestSettingsDownloadAndDeleteThePack(t *testing.T) {
	h := packHarness(t, packSite(t, 2_100_000, ""))
	test.Tap(h.home().settingsBtn)
	ss := h.a.top().(*settingsScreen)
	h.drain()
	if got := texts(h.a.Window()); !strings.Contains(got, translations.T("pack.intro")) || ss.pack.action.Text != translations.T("pack.check") {
		t.Fatalf("before asking the site: what the pack is for, and Look for it:\n%s", got)
	}
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("the settings before asking need %.0f wide, more than a phone's 390", w)
	}
	test.Tap(ss.pack.action) // the site is asked only now
	h.waitFor("the offer", func() bool { return strings.Contains(texts(h.a.Window()), "Download 2.1 MB") })
	if !strings.Contains(texts(h.a.Window()), "Endgame tables of Beat the Wolf") {
		t.Fatalf("the offer says what it gives:\n%s", texts(h.a.Window()))
	}
	if h.a.tables.Planned(core.BeatTheWolf) {
		t.Fatal("no Beat the Wolf table before the download")
	}
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("the settings with the offer need %.0f wide, more than a phone's 390", w)
	}
	test.Tap(ss.pack.action)
	h.waitFor("installed", func() bool { return strings.Contains(texts(h.a.Window()), "Installed — 2.1 MB") })
	if !ss.pack.del.Visible() || ss.pack.action.Visible() || ss.pack.bar.Visible() {
		t.Fatal("installed: Delete only")
	}
	if !h.a.tables.Planned(core.BeatTheWolf) {
		t.Fatal("the tables manager has the pack's table")
	}

	ss.lang.SetSelectedIndex(1) // 中文: the page is rebuilt, the pack's state stays
	ss = h.a.top().(*settingsScreen)
	h.waitFor("installed in Chinese", func() bool { return strings.Contains(texts(h.a.Window()), "已存入本机 — 2.1 MB") })
	ss.lang.SetSelectedIndex(0)
	ss = h.a.top().(*settingsScreen)

	test.Tap(ss.pack.del)
	h.waitFor("the offer again", func() bool { return strings.Contains(texts(h.a.Window()), "Download 2.1 MB") })
	if _, err := os.Stat(pack.Dir(h.a.opts.SaveDir)); !os.IsNotExist(err) {
		t.Fatalf("the pack's folder is gone after Delete: %v", err)
	}
	if h.a.tables.Planned(core.BeatTheWolf) {
		t.Fatal("no Beat the Wolf table after Delete")
	}
}

// What the site said is kept: the next run offers the download's size at
// once, without asking it.
func TestSettingsRememberTheOffer(t *testing.T) {
	srv := packSite(t, 1_500_000, "")
	fa := test.NewTempApp(t)
	dir := saveDirFor(t, fa)
	opt := func(o *Options) {
		o.Tables = tables.New(filepath.Join(dir, "tables"), nil, false, o.Do)
		o.Config.PackURL = srv.URL + "/pack/"
	}
	h := newHarness(t, fa, opt)
	test.Tap(h.home().settingsBtn)
	test.Tap(h.a.top().(*settingsScreen).pack.action)
	h.waitFor("the offer", func() bool { return strings.Contains(texts(h.a.Window()), "Download 1.5 MB") })
	h.a.Close()
	srv.Close() // the site is gone: nothing is asked
	h2 := newHarness(t, fa, opt)
	test.Tap(h2.home().settingsBtn)
	h2.drain()
	if got := texts(h2.a.Window()); !strings.Contains(got, "Download 1.5 MB") {
		t.Fatalf("the offer at once:\n%s", got)
	}
}

func TestSettingsSayAPackErrorPlainly(t *testing.T) {
	h := packHarness(t, packSite(t, 1000, "manifest"))
	test.Tap(h.home().settingsBtn)
	test.Tap(h.a.top().(*settingsScreen).pack.action)
	h.waitFor("the error", func() bool {
		return strings.Contains(texts(h.a.Window()), "The endgame tables' site did not answer as expected (http://")
	})
	ss := h.a.top().(*settingsScreen)
	if ss.pack.action.Text != translations.T("pack.check") || !ss.pack.action.Visible() {
		t.Fatalf("a failed check offers to look again: %q", ss.pack.action.Text)
	}
}

func TestSettingsSayADamagedDownloadPlainly(t *testing.T) {
	h := packHarness(t, packSite(t, 100_000, "byte"))
	test.Tap(h.home().settingsBtn)
	ss := h.a.top().(*settingsScreen)
	test.Tap(ss.pack.action)
	h.waitFor("the offer", func() bool { return ss.pack.action.Text == "Download 0.1 MB" })
	test.Tap(ss.pack.action)
	h.waitFor("the error", func() bool {
		return strings.Contains(texts(h.a.Window()), translations.T("pack.error_checksum"))
	})
	if ss.pack.action.Text != translations.T("pack.retry") || h.a.tables.Planned(core.BeatTheWolf) {
		t.Fatalf("a damaged file is not installed, and Try again is offered: %q", ss.pack.action.Text)
	}
}

// Without tables (the browser, tests) the settings have no pack.
func TestSettingsWithoutTablesHaveNoPack(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().settingsBtn)
	if ss := h.a.top().(*settingsScreen); ss.pack != nil || strings.Contains(texts(h.a.Window()), "Perfect play") {
		t.Fatal("no pack offer without tables")
	}
}

// The pack's games are a list of names: joined by 、 in Chinese (not the
// clauses' ，) and by commas in English, the last by "and" / 和.
func TestPackGamesAreAList(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	two := []core.GameID{core.BeatTheWolf, core.WolfCarriesPig}
	three := []core.GameID{core.DeerChess, core.BeatTheWolf, core.WolfCarriesPig}
	for _, c := range []struct {
		lang translations.Lang
		ids  []core.GameID
		want string
	}{
		{translations.English, two[:1], "Beat the Wolf"},
		{translations.English, two, "Beat the Wolf and Wolf Carries the Pig"},
		{translations.English, three, "Twenty-Dog Deer Chess, Beat the Wolf and Wolf Carries the Pig"},
		{translations.Chinese, two, "打狼棋和狼背猪"},
		{translations.Chinese, three, "二十犬鹿棋、打狼棋和狼背猪"},
	} {
		translations.SetLanguage(c.lang)
		if got := gameTitles(c.ids); got != c.want {
			t.Errorf("%v: %q, want %q", c.lang, got, c.want)
		}
	}
}

// The table pack's download address is an advanced
// setting: hidden until "Advanced settings" is ticked, or shown at once
// where it was changed from the app's own.
func TestPackAddressIsAdvanced(t *testing.T) {
	open := func(address string) (*harness, *settingsScreen) {
		fa := test.NewTempApp(t)
		dir := saveDirFor(t, fa)
		h := newHarness(t, fa, func(o *Options) {
			o.Tables = tables.New(filepath.Join(dir, "tables"), nil, false, o.Do)
		})
		h.a.prefs.SetString(keyPackURL, address)
		h.a.showSettings()
		return h, h.a.top().(*settingsScreen)
	}
	h, s := open("")
	if s.address != nil || shownEntries(h.a.Window()) != 0 {
		t.Fatal("the download address is shown to every player")
	}
	test.Tap(s.advancedChk)
	s = h.a.top().(*settingsScreen)
	if s.address == nil || shownEntries(h.a.Window()) != 1 {
		t.Fatal("Advanced settings ticked: the download address is shown")
	}
	test.Tap(s.advancedChk)
	if s.address != nil {
		t.Fatal("Advanced settings unticked: the address goes")
	}
	h.a.back()
	h.a.showSettings()
	if s = h.a.top().(*settingsScreen); s.address != nil || s.advancedChk.Checked {
		t.Fatal("the advanced settings are shown again on the next visit")
	}

	_, s = open("https://example.org/pack/")
	if s.address == nil || !s.advancedChk.Checked || s.address.Text != "https://example.org/pack/" {
		t.Fatal("an address the player changed is shown at once")
	}
}
