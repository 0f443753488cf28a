package envfile

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
)

// Summary is what a listing shows of an environment beyond its record,
// which only composing it tells: the instruction and the tools offered.
// The index beside an envs.jsonl file holds one a line.
type Summary struct {
	ID          string `json:"id"`
	Instruction string `json:"instruction"`
	Tools       int    `json:"tools"`
}

// indexHeader is the index's first line: the envs file it was made from,
// by size and SHA-256, so an index of another file is never used.
type indexHeader struct {
	IndexOf string `json:"index_of"`
	Size    int64  `json:"size"`
	SHA256  string `json:"sha256"`
}

// IndexPath is where the index of an envs.jsonl file lies: envs.index.jsonl
// beside envs.jsonl.
func IndexPath(envsPath string) string {
	return strings.TrimSuffix(envsPath, ".jsonl") + ".index.jsonl"
}

// Summarize is the summary of a composed environment.
func Summarize(env *episode.Env) Summary {
	return Summary{ID: env.ID, Instruction: env.Instruction, Tools: len(env.Tools())}
}

// ComposeSummaries composes every record against lib on jobs workers and
// summarises it, in record order; progress, when set, is called as they
// are done. Records that do not compose are left out (a listing without an
// index entry composes them itself and says why).
func ComposeSummaries(lib *atom.Library, recs []Record, jobs int, progress func(done, total int)) []Summary {
	sums := make([]*Summary, len(recs))
	parallel.For(context.Background(), len(recs), max(jobs, 1), func(i int) {
		r := recs[i]
		if env, err := episode.Compose(lib, r.Recipe, episode.Options{}); err == nil && env.ID == r.ID {
			s := Summarize(env)
			sums[i] = &s
		}
	}, progress)
	out := make([]Summary, 0, len(recs))
	for _, s := range sums {
		if s != nil {
			out = append(out, *s)
		}
	}
	return out
}

// WriteIndex writes the index of the envs file at envsPath.
func WriteIndex(envsPath string, sums []Summary) error {
	h, err := fileHeader(envsPath)
	if err != nil {
		return err
	}
	path := IndexPath(envsPath)
	err = atom.WriteAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		if err := enc.Encode(h); err != nil {
			return err
		}
		for _, s := range sums {
			if err := enc.Encode(s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("write index %s: %w", path, err)
	}
	return nil
}

// ReadIndex reads the index beside the envs file at envsPath. It returns
// nil and no error when there is none, or when it was made from another
// file (the envs file changed since): the caller composes instead.
func ReadIndex(envsPath string) (map[string]Summary, error) {
	path := IndexPath(envsPath)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	first, err := br.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var h indexHeader
	if json.Unmarshal(first, &h) != nil {
		return nil, nil // not an index this version writes
	}
	want, err := fileHeader(envsPath)
	if err != nil {
		return nil, err
	}
	if h.Size != want.Size || h.SHA256 != want.SHA256 {
		return nil, nil
	}
	out := map[string]Summary{}
	dec := json.NewDecoder(br)
	for line := 2; ; line++ {
		var s Summary
		if err := dec.Decode(&s); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, jsonMessage(err))
		}
		out[s.ID] = s
	}
}

// fileHeader is the size and SHA-256 of the envs file.
func fileHeader(envsPath string) (indexHeader, error) {
	f, err := os.Open(envsPath)
	if err != nil {
		return indexHeader{}, fmt.Errorf("open envs file: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return indexHeader{}, fmt.Errorf("read %s: %w", envsPath, err)
	}
	return indexHeader{IndexOf: filepath.Base(envsPath), Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}
