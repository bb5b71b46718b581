//go:build mobile || android || ios

package ai

// maxTTBits bounds the transposition table on a phone (a real one, or the
// simulated phone of -tags mobile): 1<<18 entries of 16 bytes, 4 MiB. The
// desktop's 16 MiB table is for the desktop's speed; a phone searches fewer
// nodes in Master's 3 s.
const maxTTBits = 18
