package atom

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Stage prepares a change to a directory (a library, a build's output)
// beside it, and Commit makes the change take effect as a whole: files are
// written into the stage, a journal naming what replaces what is written
// last, and only then are the staged files and directories moved into the
// target. A process killed before the journal leaves the target as it was
// (the stage is dropped by the next Recover); one killed after it leaves a
// journal that Recover (run by LoadDir and by NewStage) carries out to the
// end. So a reader never sees half a change, and earlier versions written
// under history/ cannot be lost by a head written before them.
//
// One writer at a time per target: a second writer's NewStage drops the
// first one's uncommitted stage.
type Stage struct {
	target string
	dir    string
	j      journal
}

// journal is what a committed stage does, in order.
type journal struct {
	Remove []string `json:"remove,omitempty"` // paths under the target to delete
	Move   []string `json:"move"`             // paths under the stage that replace those under the target
}

const journalName = "journal.json"

// stageDir is where the stage of target lives: a hidden sibling, so that
// neither the target's loader nor a walk of the target sees it, and so
// that a target that does not exist yet appears only when committed.
func stageDir(target string) (string, error) {
	abs, err := filepath.Abs(target)
	if err != nil {
		return "", err
	}
	parent, base := filepath.Split(abs)
	if base == "" {
		return "", fmt.Errorf("cannot stage a write to %s", target)
	}
	return filepath.Join(parent, "."+base+".legoenv-stage"), nil
}

// NewStage finishes or drops an earlier stage of target, removes the temp
// files an interrupted WriteFileAtomic left in target, and starts a new
// stage.
func NewStage(target string) (*Stage, error) {
	if _, err := Recover(target); err != nil {
		return nil, err
	}
	if err := removeTempFiles(target); err != nil {
		return nil, err
	}
	dir, err := stageDir(target)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("stage %s: %w", target, err)
	}
	return &Stage{target: target, dir: dir}, nil
}

// Path is where to write rel (a slash-separated path under the target) in
// the stage. Writing there does not yet record it: see Move.
func (s *Stage) Path(rel string) string { return filepath.Join(s.dir, filepath.FromSlash(rel)) }

// Move records that the staged rel, a file or a directory, replaces the
// target's rel at commit (a directory replaces the whole directory).
func (s *Stage) Move(rel string) { s.j.Move = append(s.j.Move, rel) }

// Remove records that the target's rel is deleted at commit.
func (s *Stage) Remove(rel string) { s.j.Remove = append(s.j.Remove, rel) }

// Abort drops the stage; the target is untouched.
func (s *Stage) Abort() { _ = os.RemoveAll(s.dir) }

// Commit writes the journal and carries it out.
func (s *Stage) Commit() error {
	b, err := json.Marshal(s.j)
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(filepath.Join(s.dir, journalName), b); err != nil {
		return fmt.Errorf("commit %s: %w", s.target, err)
	}
	return apply(s.target, s.dir, s.j)
}

// Recover carries out a committed stage of target left by a process that
// was killed, or drops an uncommitted one. It reports whether it found one.
func Recover(target string) (bool, error) {
	dir, err := stageDir(target)
	if err != nil {
		return false, err
	}
	b, err := os.ReadFile(filepath.Join(dir, journalName))
	if errors.Is(err, fs.ErrNotExist) {
		if _, serr := os.Stat(dir); serr != nil {
			return false, nil
		}
		if err := os.RemoveAll(dir); err != nil {
			return true, fmt.Errorf("drop the unfinished write beside %s: %w", target, err)
		}
		return true, nil
	}
	if err != nil {
		return true, fmt.Errorf("recover %s: %w", target, err)
	}
	var j journal
	if err := json.Unmarshal(b, &j); err != nil {
		return true, fmt.Errorf("recover %s: %s: %w", target, filepath.Join(dir, journalName), err)
	}
	return true, apply(target, dir, j)
}

// apply carries out a journal. Every step can be done again after a kill:
// a removal of what is gone and a move of what was moved are no-ops.
func apply(target, dir string, j journal) error {
	for _, rel := range j.Remove {
		if err := os.RemoveAll(filepath.Join(target, filepath.FromSlash(rel))); err != nil {
			return fmt.Errorf("commit %s: %w", target, err)
		}
	}
	trash := filepath.Join(dir, ".trash")
	for i, rel := range j.Move {
		from := filepath.Join(dir, filepath.FromSlash(rel))
		to := filepath.Join(target, filepath.FromSlash(rel))
		if _, err := os.Lstat(from); errors.Is(err, fs.ErrNotExist) {
			continue // moved before a kill
		}
		if st, err := os.Lstat(to); err == nil && st.IsDir() {
			// A directory cannot be renamed over; the old one goes to the
			// trash first (and a kill here leaves the staged one to move).
			if err := os.MkdirAll(trash, 0o755); err != nil {
				return fmt.Errorf("commit %s: %w", target, err)
			}
			if err := os.Rename(to, filepath.Join(trash, fmt.Sprint(i))); err != nil {
				return fmt.Errorf("commit %s: %w", target, err)
			}
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return fmt.Errorf("commit %s: %w", target, err)
		}
		if err := os.Rename(from, to); err != nil {
			return fmt.Errorf("commit %s: %w", target, err)
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("commit %s: remove the stage: %w", target, err)
	}
	return nil
}

// removeTempFiles deletes the ".tmp-*" files WriteFileAtomic left under
// dir when a process was killed between creating one and renaming it.
func removeTempFiles(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), ".tmp-") {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("clean %s: %w", dir, err)
	}
	return nil
}
