#!/usr/bin/env bash
# make test-windows: the Windows build of Hunt Chess, installed and played
# under Debian's Wine in a private Xvfb, as a player on Windows would:
#
#   1. the installer (build/wine-test-build/hunt-chess-<version>-windows-amd64.msi,
#      a developer build (tag dev) made by scripts/windows.sh when missing) installs silently into
#      Program Files\Hunt Chess with a Start-menu entry;
#   2. the installed program starts in English (the system's language), shows
#      its "Hunt Chess" window with the home screen (wine-home-en.png), and
#      closes cleanly when its window is closed (WM_CLOSE), exit code 0;
#   3. started again with Windows set to Chinese it follows the system: the
#      window is "围猎棋", and its Chinese is drawn in the bundled font (a
#      card's title, bold, and a regular line of the home screen found in the
#      screenshot by cmd/glyphcheck: the text rendered with the bundled Noto
#      subset matches, other characters do not); then, as a player does, it
#      clicks Beat the Wolf's 开始游戏 (Play), 大师 (Master) and 开始 (Start)
#      on the new-game screen, plays the wolf's first move by two clicks on
#      the board (d4, then d5), the computer answers, and the game is saved in
#      %APPDATA%\fyne\io.github.huntchess\saved-game.beat-the-wolf.json, where
#      Windows apps keep their users' data; closed, exit code 0;
#   4. started a third time it offers to continue that game; a click on 继续
#      (Continue) opens it and the wolf's next move (d5-d6, two clicks) is
#      saved after the first two (wine-resume-zh.png, wine-continued-zh.png);
#   5. the uninstaller removes the program and the Start-menu entry and keeps
#      the player's data.
#
# The program is the player's build (make windows: no developer harness,
# docs/build-tags.md), driven only through its window.
# Everything is in build/wine-test/ (the Wine prefix, logs, screenshots).
# Wine 8.0 lacks bcryptprimitives.dll, whose ProcessPrng every Windows 10 and
# 11 has and Go ≥ 1.24 needs at start: the test puts a stand-in
# (scripts/windows/bcryptprimitives.c) in its private prefix only; the
# program is tested as it ships.
#
# Env: WINE_TEST_WAIT (seconds to wait for a window, default 120).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
. scripts/lib.sh

bash scripts/deps.sh windows wine

VERSION="$(app_version)"
# The player's build of the installer (scripts/windows.sh, no tag dev:
# docs/build-tags.md), made apart from the release's, in build/wine-test-build.
TESTBUILD="$ROOT/build/wine-test-build"
MSI="$TESTBUILD/hunt-chess-$VERSION-windows-amd64.msi"
EXE="$TESTBUILD/stage/Hunt Chess.exe"
WAIT="${WINE_TEST_WAIT:-120}"
OUT="$ROOT/build/wine-test"

say() { echo "wine-test: $*"; }
fail() {
	echo "wine-test: FAIL: $*" >&2
	for f in "$OUT"/app-*.log; do
		[ -s "$f" ] || continue
		echo "--- $f ---" >&2
		tail -n 20 "$f" >&2
	done
	exit 1
}

if [ ! -f "$MSI" ] || [ ! -f "$EXE" ]; then
	say "no Windows build yet: scripts/windows.sh"
	WINDOWS_OUT="$TESTBUILD" WINDOWS_STAGE="$TESTBUILD/stage" bash scripts/windows.sh
fi

rm -rf "$OUT"
mkdir -p "$OUT"
export WINEPREFIX="$OUT/prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko installers (not needed, and not reachable here). No
# XInput: GLFW loads an xinput DLL (1_4, else 1_3, 9_1_0, 1_2, 1_1) for game
# controllers and unloads it at exit while Wine 8.0's xinput still runs a
# thread in it: a page fault at that DLL's address after the program's own
# shutdown (in xinput1_4, then in xinput1_2 once 1_4 was off: 4 of 21
# exits here; none in 12 with all of them off). Windows' XInput has no such
# thread, and the app reads no controller.
export WINEDLLOVERRIDES="mscoree=;mshtml=;xinput1_4=;xinput1_3=;xinput9_1_0=;xinput1_2=;xinput1_1="
export LANG=en_US.UTF-8 LC_ALL=

xvfb_start 1280x800x24

t0=$(date +%s)
timeout 300 wineboot -i >"$OUT/wineboot.log" 2>&1 || fail "wineboot failed (see $OUT/wineboot.log)"
# Let the new prefix settle (a program started while wineboot's services
# still run can fail to make its first window).
timeout 120 wineserver -w || true
# Wine 8.0's new prefix says Windows 7, which the program refuses (Go 1.26
# needs Windows 10; app/startcheck, a message box): the player's Windows 10.
wine winecfg -v win10 >"$OUT/winecfg.log" 2>&1 || fail "winecfg -v win10 failed"
timeout 60 wineserver -w || true
x86_64-w64-mingw32-gcc -O2 -shared -Wl,--no-insert-timestamp \
	-o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
	scripts/windows/bcryptprimitives.c scripts/windows/bcryptprimitives.def -ladvapi32
say "Wine $(wine --version) prefix ready in $(($(date +%s) - t0)) s"

user="$(whoami)"
appdata="$WINEPREFIX/drive_c/users/$user/AppData/Roaming"
store="$appdata/fyne/io.github.huntchess"
progdir="$WINEPREFIX/drive_c/Program Files/Hunt Chess"
# The Start-menu entry: Windows puts a per-machine install's (ALLUSERS=1) in
# ProgramData; Wine 8.0's msi puts it in the user's Start menu.
lnks=("$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Hunt Chess.lnk"
	"$appdata/Microsoft/Windows/Start Menu/Programs/Hunt Chess.lnk")
lnk_found() {
	local l
	for l in "${lnks[@]}"; do
		if [ -f "$l" ]; then
			lnk="$l"
			return 0
		fi
	done
	return 1
}

# ---- 1. install --------------------------------------------------------------
timeout 300 wine msiexec /i "$(winepath -w "$MSI")" /qn /l*v "$(winepath -w "$OUT/install.log")" \
	>"$OUT/msiexec-install.out" 2>&1 || fail "msiexec /i failed (see $OUT/install.log)"
[ -f "$progdir/Hunt Chess.exe" ] || fail "not installed: $progdir/Hunt Chess.exe"
cmp -s "$progdir/Hunt Chess.exe" "$EXE" || fail "the installed program differs from $EXE"
lnk_found || fail "no Start-menu entry: ${lnks[*]}"
say "installed: C:\\Program Files\\Hunt Chess\\Hunt Chess.exe ($(du -h "$progdir/Hunt Chess.exe" | cut -f1)), Start menu: ${lnk#"$WINEPREFIX/drive_c/"}"

# ---- running the installed program ------------------------------------------
app=""
# shellcheck disable=SC2016 # expanded when it runs, at exit
lib_on_exit 'if [ -n "${app:-}" ]; then kill -9 "$app" 2>/dev/null || true; fi; wineserver -k 2>/dev/null || true'

# start_app NAME LOG [VAR=value…]: start the installed program (from its
# Start-menu folder's target, as a player would) and wait for its window
# titled NAME; sets $app and $win.
start_app() {
	local name="$1" log="$2"
	shift 2
	(cd "$progdir" && exec env "$@" wine "C:\\Program Files\\Hunt Chess\\Hunt Chess.exe") >"$log" 2>&1 &
	app=$!
	win=""
	local i
	for ((i = 0; i < WAIT * 2; i++)); do
		# By the window's UTF-8 name (_NET_WM_NAME): Wine writes "???" in
		# WM_NAME for Chinese, which is what xdotool search matches.
		local w
		for w in $(xdotool search --onlyvisible --name . 2>/dev/null || true); do
			[ "$(xdotool getwindowname "$w" 2>/dev/null)" = "$name" ] && win="$w"
		done
		[ -n "$win" ] && break
		kill -0 "$app" 2>/dev/null || fail "the program exited before showing its window"
		sleep 0.5
	done
	[ -n "$win" ] || fail "no window titled '$name' after ${WAIT}s"
	say "window $win \"$(xdotool getwindowname "$win")\" $(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')"
	sleep 4 # first frames
}

# shot FILE: the window as a PNG, which must not be blank.
shot() {
	xvfb_screenshot "$1" "$win" || fail "screenshot $1"
	local c
	c="$(png_colours "$1")"
	say "screenshot $(basename "$1"): $(/usr/bin/identify -format '%wx%h' "$1"), $c colours"
	[ "$c" -gt 50 ] || fail "$1 looks blank ($c colours)"
}

# quit: close the window as its close button does: Windows' taskkill
# without /F posts WM_CLOSE to the program's windows (there is no window
# manager here to draw a close button); then the exit code must be 0.
quit() {
	wine taskkill /im "Hunt Chess.exe" >>"$OUT/taskkill.log" 2>&1 || true
	local i rc=0
	for ((i = 0; i < 300; i++)); do
		kill -0 "$app" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$app" 2>/dev/null; then fail "the program did not exit within 30 s of WM_CLOSE"; fi
	wait "$app" || rc=$?
	app=""
	[ "$rc" = 0 ] || fail "the program exited with code $rc"
	say "closed (WM_CLOSE, as the window's close button), exit code 0"
	timeout 30 wineserver -w || true
}

# click X Y: a left click at X,Y of the window (pixels).
click() {
	xdotool mousemove --window "$win" "$1" "$2" click 1
	sleep 0.7
}

# ---- 2. English home -------------------------------------------------------------
start_app "Hunt Chess" "$OUT/app-en.log"
shot "$OUT/wine-home-en.png"
quit

# ---- 3. Chinese: the bundled font, a move against the computer -----------------
# Windows in Chinese (Wine takes the user's locale from LANG). Everything is
# a click in the 1024x720 window (the app's first size), at the places a
# 1024x720 screenshot of the Linux build shows: Beat the Wolf's card's Play
# button, then on the new-game screen Master and Start, then the board's d4
# and d5 (86 px apart). A click that missed shows as a record that is not
# the one played.
HOME_PLAY=(310 244) NEW_MASTER=(233 498) NEW_START=(512 544)
BOARD_D4=(323 360) BOARD_D5=(323 275) BOARD_D6=(323 190)
RESUME_CONTINUE=(548 408)
go build -o "$OUT/glyphcheck" ./cmd/glyphcheck
FONTS="$ROOT/translations/fonts"
# glyphs PNG TEXT CONTROL FONT X,Y,W,H: TEXT drawn in FONT (the bundled
# subset) where the home screen shows it; CONTROL (other characters) not.
glyphs() {
	"$OUT/glyphcheck" -png "$1" -text "$2" -control "$3" -font "$FONTS/$4" -region "$5" -sizes 12-24 |
		sed 's/^glyphcheck: /wine-test: /' || fail "$2 is not drawn in the bundled font $4 in $1 (boxes, another font, or the layout moved)"
}
# saved_record: the saved game's record ("" for none).
saved_record() {
	[ -f "$store/saved-game.beat-the-wolf.json" ] || return 0
	sed -n 's/.*"record": *"\([^"]*\)".*/\1/p' "$store/saved-game.beat-the-wolf.json"
}
# wait_record N: wait until the saved record has at least N moves; prints it.
wait_record() {
	local i r
	for ((i = 0; i < 60; i++)); do
		r="$(saved_record)"
		if [ "$(wc -w <<<"$r")" -ge "$1" ]; then
			echo "$r"
			return 0
		fi
		sleep 0.5
	done
	echo "$r"
}
start_app "围猎棋" "$OUT/app-zh.log" LANG=zh_CN.UTF-8
shot "$OUT/wine-home-zh.png"
glyphs "$OUT/wine-home-zh.png" 打狼棋 狼背猪 NotoSansSC-Subset-Bold.otf 240,75,130,50
glyphs "$OUT/wine-home-zh.png" 已学完 狼背猪 NotoSansSC-Subset-Regular.otf 240,165,130,35
click "${HOME_PLAY[@]}"
sleep 1
shot "$OUT/wine-newgame-zh.png"
click "${NEW_MASTER[@]}"
click "${NEW_START[@]}"
sleep 2
click "${BOARD_D4[@]}"
click "${BOARD_D5[@]}"
record="$(wait_record 1)"
if [ -z "$record" ]; then
	# The board's first click after the screen opened can be lost: once more.
	click "${BOARD_D5[@]}"
fi
record="$(wait_record 2)"
[ -n "$record" ] || fail "no saved game in %APPDATA%\\fyne\\io.github.huntchess after the clicks (Play, Master, Start, d4, d5: did the layout change?)"
say "saved in %APPDATA%\\fyne\\io.github.huntchess\\saved-game.beat-the-wolf.json: record \"$record\""
[[ "$record" == d4-d5\ * ]] || fail "the record \"$record\" is not the wolf's d4-d5 and an answer (did the board's layout change? BOARD_D4/BOARD_D5)"
sleep 1
shot "$OUT/wine-game-zh.png"
quit

# ---- 4. Continue ------------------------------------------------------------------
start_app "围猎棋" "$OUT/app-resume.log" LANG=zh_CN.UTF-8
shot "$OUT/wine-resume-zh.png"
first="$record"
click "${RESUME_CONTINUE[@]}"
sleep 2
click "${BOARD_D5[@]}"
click "${BOARD_D6[@]}"
record="$(wait_record 3)"
[[ "$record" == "$first d5-d6"* ]] || fail "after Continue and d5, d6 the record is \"$record\", want \"$first d5-d6 …\" (Continue did not open the game, or a click missed)"
say "continued by a click on 继续: record \"$record\""
sleep 1
shot "$OUT/wine-continued-zh.png"
quit

# ---- 5. uninstall -------------------------------------------------------------------
timeout 300 wine msiexec /x "$(winepath -w "$MSI")" /qn /l*v "$(winepath -w "$OUT/uninstall.log")" \
	>"$OUT/msiexec-uninstall.out" 2>&1 || fail "msiexec /x failed (see $OUT/uninstall.log)"
[ ! -e "$progdir/Hunt Chess.exe" ] || fail "uninstall left $progdir/Hunt Chess.exe"
[ ! -e "$progdir" ] || fail "uninstall left the folder $progdir"
! lnk_found || fail "uninstall left the Start-menu entry $lnk"
[ -f "$store/saved-game.beat-the-wolf.json" ] || fail "uninstall removed the player's saved game"
say "uninstalled: program and Start-menu entry gone, the player's data kept"
if grep -qiE 'panic:|fatal error:|Unhandled (page fault|exception)' "$OUT"/app-*.log; then fail "a program log shows a crash"; fi
say "ok ($(($(date +%s) - t0)) s)"
