// Package pngfile reads and writes the PNG files of the commands that draw
// the app's pictures (cmd/icongen, cmd/storeart, cmd/webicons).
package pngfile

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// Read decodes the PNG file at path.
func Read(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// Write encodes img at PNG's best compression into path, making its folder
// if need be. A failed encoding leaves no file.
func Write(path string, img image.Image) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
