package strategybuild

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/klauspost/compress/zstd"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// The writers of both formats (docs/formats/strategy.md; ai/tablebase/strategy
// reads them).

// Encode returns the file of s, a strategy of format 1 (deterministic: the
// same strategy gives the same bytes).
func Encode(s *strategy.Strategy) ([]byte, error) {
	keys, plies, moves := s.Graph()
	if s.IsSet() {
		return nil, errors.New("tablebase: Encode writes format 1: a set strategy is written from its SetBuild")
	}
	if len(keys) > strategy.MaxStrategyNodes {
		return nil, fmt.Errorf("tablebase: a strategy of %d nodes (at most %d are read back: a set strategy holds more)", len(keys), strategy.MaxStrategyNodes)
	}
	var raw []byte
	prev := uint64(0)
	for _, k := range keys {
		raw = binary.AppendUvarint(raw, k-prev)
		prev = k
	}
	raw = append(raw, plies...)
	for _, m := range moves {
		if m != strategy.NoMove {
			raw = append(raw, m)
		}
	}
	var body bytes.Buffer
	zw, err := flate.NewWriter(&body, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	h := s.StrategyHeader
	h.BodyBytes, h.BodyCRC = body.Len(), crc32.ChecksumIEEE(body.Bytes())
	out, err := tbwrite.AppendHeader(nil, strategy.Magic, h)
	if err != nil {
		return nil, err
	}
	return append(out, body.Bytes()...), nil
}

// Bytes returns the set strategy's file (deterministic): r is its game's
// rules.
func (b *SetBuild) Bytes(r *tablebase.Rules) ([]byte, error) {
	if len(b.Members) == 0 || len(b.MemberPlies) != len(b.Members) {
		return nil, errors.New("tablebase: an empty set strategy")
	}
	ze, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1),
		zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, err
	}
	defer ze.Close()
	nBlocks := (len(b.Members) + strategy.SetBlockKeys - 1) / strategy.SetBlockKeys
	var index, blocks []byte
	for i := 0; i < len(b.Members); i += strategy.SetBlockKeys {
		j := min(i+strategy.SetBlockKeys, len(b.Members))
		var raw []byte
		for k := i + 1; k < j; k++ {
			raw = binary.AppendUvarint(raw, b.Members[k]-b.Members[k-1])
		}
		keys := ze.EncodeAll(raw, nil)
		blk := binary.AppendUvarint(nil, uint64(len(keys)))
		blk = append(blk, keys...)
		blk = ze.EncodeAll(b.MemberPlies[i:j], blk)
		index = binary.LittleEndian.AppendUint64(index, b.Members[i])
		index = binary.LittleEndian.AppendUint32(index, uint32(nBlocks*strategy.SetIndexEntry+len(blocks)))
		index = binary.LittleEndian.AppendUint32(index, crc32.ChecksumIEEE(blk))
		blocks = append(blocks, blk...)
	}
	h := struct {
		strategy.StrategyHeader
		strategy.SetHeader
	}{strategy.StrategyHeader{Format: strategy.FormatSet, Game: r.Name, Fingerprint: r.Fingerprint(), Rules: tablebase.RulesVersion,
		Winner: strategy.SideName(core.Prey), Bound: true, Start: b.Start, Plies: b.Plies, PassRoot: b.PassRoot,
		Nodes: b.Report.Nodes, WinnerNodes: b.Report.WinnerNodes, Edges: b.Report.Edges, Ends: b.Report.Ends,
		BodyBytes: len(index) + len(blocks)},
		strategy.SetHeader{Members: len(b.Members), MemberBlocks: nBlocks, BlockKeys: strategy.SetBlockKeys, Codec: tablebase.CodecZstd,
			IndexCRC: crc32.ChecksumIEEE(index)}}
	out, err := tbwrite.AppendHeader(nil, strategy.Magic, h)
	if err != nil {
		return nil, err
	}
	out = append(out, index...)
	return append(out, blocks...), nil
}
