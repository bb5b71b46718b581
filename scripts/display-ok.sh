#!/usr/bin/env bash
# Exit 0 when an X server answers on $DISPLAY, 1 otherwise (unset, or stale:
# a display whose server has gone, as after an ssh session with X forwarding
# has ended). `make run` uses it to start a private Xvfb instead of letting
# GLFW fail with a stack trace.
set -uo pipefail
[ -n "${DISPLAY:-}" ] || exit 1
if command -v xdpyinfo >/dev/null 2>&1; then
  timeout 5 xdpyinfo >/dev/null 2>&1
  exit
fi
if command -v xdotool >/dev/null 2>&1; then
  timeout 5 xdotool getdisplaygeometry >/dev/null 2>&1
  exit
fi
# Neither tool: a local display (":N" or ":N.S") has its server's socket.
case "$DISPLAY" in
  :*)
    n="${DISPLAY#:}"; n="${n%%.*}"
    [ -S "/tmp/.X11-unix/X$n" ]
    exit
    ;;
esac
exit 0 # a remote display: let the app try it
