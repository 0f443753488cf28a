package ui

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/legoenv/legoenv/rollout"
)

// uploads keeps uploaded rollout files in memory, the oldest dropped first.
type uploads struct {
	mu    sync.Mutex
	max   int
	order []string
	files map[string]*rolloutFile
}

type rolloutFile struct {
	Name  string
	Trajs []*rollout.Trajectory
}

func newUploads(max int) *uploads { return &uploads{max: max, files: map[string]*rolloutFile{}} }

func (u *uploads) add(f *rolloutFile) string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	id := hex.EncodeToString(b[:])
	u.mu.Lock()
	defer u.mu.Unlock()
	u.files[id] = f
	u.order = append(u.order, id)
	for len(u.order) > u.max {
		delete(u.files, u.order[0])
		u.order = u.order[1:]
	}
	return id
}

func (u *uploads) get(id string) *rolloutFile {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.files[id]
}

// uploadRollout takes a rollout or demos JSONL file from a form and sends
// the browser to its replay.
func (u *UI) uploadRollout(w http.ResponseWriter, r *http.Request) {
	e := u.entryOr404(w, r)
	if e == nil {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, u.opts.MaxUploadBytes)
	f, hdr, err := r.FormFile("rollout")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			u.fail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("The file is larger than %d bytes.", mbe.Limit))
			return
		}
		u.fail(w, http.StatusBadRequest, "Upload: want a multipart form with a file field \"rollout\": "+err.Error())
		return
	}
	defer f.Close()
	trajs, err := rollout.ReadTrajectories(hdr.Filename, f)
	if err != nil {
		u.fail(w, http.StatusBadRequest, "Not a rollout file: "+err.Error())
		return
	}
	id := u.uploads.add(&rolloutFile{Name: hdr.Filename, Trajs: trajs})
	v := url.Values{"src": {"upload"}, "upload": {id}}
	http.Redirect(w, r, "/ui/envs/"+e.env.ID+"/replay?"+v.Encode(), http.StatusSeeOther)
}

// namedFiles caches the rollout files read from RolloutDir, by name, size
// and modification time, so that stepping through one does not parse it
// again at every step.
type namedFiles struct {
	mu sync.Mutex
	m  map[string]cachedFile
}

type cachedFile struct {
	size int64
	mod  time.Time
	f    *rolloutFile
}

// open reads a rollout file under dir. The name must stay inside dir.
func (nf *namedFiles) open(dir, name string) (*rolloutFile, error) {
	if !filepath.IsLocal(name) {
		return nil, fmt.Errorf("file %q: want a path inside the rollouts directory", name)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("rollouts directory: %w", err)
	}
	defer root.Close()
	// Non-blocking, so that a FIFO (or a device) in the directory cannot
	// hold the request until a writer comes; only regular files are read.
	fh, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("file %q: %w", name, err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("file %q: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("file %q: not a regular file", name)
	}
	key := filepath.Join(dir, name)
	nf.mu.Lock()
	c, ok := nf.m[key]
	nf.mu.Unlock()
	if ok && c.size == st.Size() && c.mod.Equal(st.ModTime()) {
		return c.f, nil
	}
	trajs, err := rollout.ReadTrajectories(name, fh)
	if err != nil {
		return nil, err
	}
	rf := &rolloutFile{Name: name, Trajs: trajs}
	nf.mu.Lock()
	if nf.m == nil || len(nf.m) >= 16 {
		nf.m = map[string]cachedFile{}
	}
	nf.m[key] = cachedFile{size: st.Size(), mod: st.ModTime(), f: rf}
	nf.mu.Unlock()
	return rf, nil
}

// trajectoryOf reads the trajectory a replay page asks for: src=plan (the
// default), demo, file (file=NAME under RolloutDir) or upload
// (upload=ID); n picks one of a file's trajectories of this environment.
func (u *UI) trajectoryOf(r *http.Request, e *entry) (trajectory, []sourceLink, error) {
	q := r.URL.Query()
	switch src := q.Get("src"); src {
	case "", "plan":
		calls, from := planOf(e.env, u.ix.ensureVerdict(r.Context(), e))
		if calls == nil {
			return trajectory{}, nil, errors.New("this environment has no reference plan and the verifier found none")
		}
		return trajectory{Calls: calls, Source: from + " plan"}, nil, nil
	case "demo":
		calls, from := planOf(e.env, u.ix.ensureVerdict(r.Context(), e))
		t, err := rollout.Demo(e.env, calls, from, 0, nil)
		if err != nil {
			return trajectory{}, nil, err
		}
		return fromRollout(t, "demo of the "+from+" plan"), nil, nil
	case "file", "upload":
		var rf *rolloutFile
		var err error
		if src == "file" {
			if u.opts.RolloutDir == "" {
				return trajectory{}, nil, errors.New("this server opens no rollout files by name (start it with --rollouts DIR)")
			}
			rf, err = u.files.open(u.opts.RolloutDir, q.Get("file"))
		} else if rf = u.uploads.get(q.Get("upload")); rf == nil {
			err = errors.New("the uploaded file is no longer kept; upload it again")
		}
		if err != nil {
			return trajectory{}, nil, err
		}
		return pickTrajectory(rf, e.env.ID, r.URL)
	default:
		return trajectory{}, nil, fmt.Errorf("src=%q: want plan, demo, file or upload", src)
	}
}

// pickTrajectory chooses the n-th trajectory of this environment in a file
// and lists the others.
func pickTrajectory(rf *rolloutFile, envID string, at *url.URL) (trajectory, []sourceLink, error) {
	q := at.Query()
	n := 0
	if s := q.Get("n"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 0 {
			return trajectory{}, nil, fmt.Errorf("n=%q: want a whole number", s)
		}
	}
	var mine []*rollout.Trajectory
	var picks []sourceLink
	for _, t := range rf.Trajs {
		if t.EnvID != envID {
			continue
		}
		v := at.Query()
		v.Set("n", strconv.Itoa(len(mine)))
		v.Del("step")
		picks = append(picks, sourceLink{Label: fmt.Sprintf("%s (%s, reward %.2f)", t.TaskID, t.Model, t.Reward),
			Href: at.Path + "?" + v.Encode(), Active: len(mine) == n})
		mine = append(mine, t)
	}
	if len(mine) == 0 {
		return trajectory{}, nil, fmt.Errorf("%s has %d trajectories, none of environment %s", rf.Name, len(rf.Trajs), envID)
	}
	if n >= len(mine) {
		return trajectory{}, picks, fmt.Errorf("n=%d: %s has %d trajectories of this environment", n, rf.Name, len(mine))
	}
	tr := fromRollout(mine[n], fmt.Sprintf("%s: %s", rf.Name, mine[n].TaskID))
	return tr, picks, nil
}

func fromRollout(t *rollout.Trajectory, source string) trajectory {
	rw := t.Reward
	return trajectory{Calls: callsOf(t), Seed: t.Seed, Source: source, Reward: &rw, Model: t.Model}
}

func (u *UI) sourceLinks(id string, q url.Values) []sourceLink {
	base := "/ui/envs/" + id + "/replay"
	src := q.Get("src")
	if src == "" {
		src = "plan"
	}
	return []sourceLink{
		{Label: "Plan", Href: base + "?src=plan", Active: src == "plan"},
		{Label: "Demo", Href: base + "?src=demo", Active: src == "demo"},
	}
}
