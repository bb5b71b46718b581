package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
)

// A saved game carries a checksum of its values (Sum), so that a garbled
// file is told from a good one: a changed letter of the record may still
// read as legal moves, or as a shorter game preferred to the good previous
// copy. Files without one (older versions) are read as before.

var errSaveSum = errors.New("saved game: checksum does not match")

// checksum is the sha256 of the JSON of s without its Sum.
func (s saveRecord) checksum() string {
	s.Sum = ""
	b, _ := json.Marshal(s)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// sealed is s with its checksum.
func (s saveRecord) sealed() saveRecord {
	s.Sum = s.checksum()
	return s
}

// checkSum tells a saved game whose checksum does not match.
func (s saveRecord) checkSum() error {
	if s.Sum != "" && s.Sum != s.checksum() {
		return errSaveSum
	}
	return nil
}
