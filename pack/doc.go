// Package pack downloads, verifies, installs and deletes the table pack:
// the endgame tables too large to ship inside the app, downloaded when the
// player asks (Settings, "Perfect play: download … MB") from a static site
// (Pack.Base: DefaultURL unless the app is told otherwise). It also reads
// files on the site serving the web build, whole or block by block with
// range requests (Site, RangeReader).
//
// The site holds manifest.json and the files it lists; `make
// device-tables` writes both (build/device/pack/).
// A file is published as parts (format 2: NAME.part-000, NAME.part-001, …,
// each at most 24 MiB, the manifest giving each part's size and sha256), so
// that a host with a limit on a file's size (GitHub's 100 MB) can serve it;
// a format-1 manifest's files are served whole, and are read still.
//
// In the app's storage (Pack.Dir, <storage>/pack):
//
//	manifest.json        the installed pack: the remote manifest's entries
//	                     of the files installed, written last
//	NAME                 each installed file (GAME.hctb)
//	remote.json          the site's manifest as last fetched
//	.manifest.json.tmp-* a write under way (fileio.WriteAtomic), or one a
//	.remote.json.tmp-*   killed app left: New removes those over 10 s old
//	partial/SHA256.part  a file being downloaded, kept for resuming; named
//	partial/SHA256.etag  by the content it must have (the manifest's
//	                     sha256), with the server's ETag for If-Range
//
//	partial/SHA256.ok    how many of its bytes are verified (whole parts)
//
// A file's parts are fetched in order and appended to its partial copy
// (one copy of the file on the device, never the parts and the file); a
// part is fetched with a Range request from where the partial copy ends
// inside it (If-Range: a server whose part changed sends it whole); a
// server that ignores Range sends the part whole, and the part starts over.
// Each part is checked (its size and sha256) once it is in: a damaged one
// is cut off again and the download fails, the parts before it kept. The
// complete file is checked (its size and sha256, then tablebase.Open and
// its rules fingerprint against the app's rules), synced and renamed into
// place; only then does the installed manifest name it. A file that fails
// a check is removed, never installed.
package pack
