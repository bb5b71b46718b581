//go:build linux && !android && !ci

package app

/*
#cgo pkg-config: alsa
#include <alsa/asoundlib.h>

static void huntchessQuiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void huntchessQuietALSA(void) { snd_lib_error_set_handler(huntchessQuiet); }
*/
import "C"

// quietAudio stops ALSA printing its errors on stderr (a machine without a
// sound card, e.g. CI, gets a page of them): no device is silence.
func quietAudio() { C.huntchessQuietALSA() }
