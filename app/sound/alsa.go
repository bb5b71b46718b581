//go:build linux && !android && !ci

package sound

/*
#cgo pkg-config: alsa
#cgo LDFLAGS: -ldl
#include <alsa/asoundlib.h>
#include <dlfcn.h>

static void huntchessQuiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void huntchessQuietJACKMessage(const char *msg) {}

// JACK's library prints its own messages on stderr, not through ALSA's
// handler: where the ALSA "jack" device is configured (libasound2-plugins'
// 50-jack.conf) and no JACK server runs, opening it prints five lines
// ("jack server is not running or cannot be started" …). Load the library
// first, where it is installed, and give it handlers that print nothing:
// ALSA's jack plugin then opens this same copy, its handlers set. It stays
// loaded (the plugin would load it anyway).
static void huntchessQuietJACK(void) {
	void *jack = dlopen("libjack.so.0", RTLD_LAZY | RTLD_GLOBAL);
	if (jack == NULL) {
		return;
	}
	void (*setError)(void (*)(const char *)) = (void (*)(void (*)(const char *)))dlsym(jack, "jack_set_error_function");
	void (*setInfo)(void (*)(const char *)) = (void (*)(void (*)(const char *)))dlsym(jack, "jack_set_info_function");
	if (setError != NULL) {
		setError(huntchessQuietJACKMessage);
	}
	if (setInfo != NULL) {
		setInfo(huntchessQuietJACKMessage);
	}
}

static void huntchessQuietALSA(void) {
	snd_lib_error_set_handler(huntchessQuiet);
	huntchessQuietJACK();
}
*/
import "C"

// quietAudio stops ALSA printing its errors on stderr (a machine without a
// sound card, e.g. CI, gets a page of them), and JACK's where ALSA tries a
// JACK device with no JACK server running: no device is silence.
func quietAudio() { C.huntchessQuietALSA() }
