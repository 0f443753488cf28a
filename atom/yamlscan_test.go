package atom

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"
)

// treeNodes counts the nodes yaml.v3 builds for data, aliases once.
func treeNodes(data []byte) (int, error) {
	var count func(n *yaml.Node) int
	count = func(n *yaml.Node) int {
		c := 1
		for _, k := range n.Content {
			c += count(k)
		}
		return c
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	total := 0
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, err
		}
		total += count(&n)
	}
}

// nodeForms are YAML texts with the constructs a scanner could miscount.
var nodeForms = []string{
	"kind: data\nid: d\n",
	"a:\nb: ~\nc: [1, 2, {x: 1, y}]\nd: {a, b: , c: [ ]}\n",
	"- - - 1\n- \n-\n- {a: [b: 1]}\n",
	"s: \"multi\n  line \\\" quoted\"\nt: 'it''s\n  two'\nu: plain\n  continued\n",
	"code: |\n  def run(args, db):\n      return {\"a\": [1, 2]}  # not a comment\n\n  x = 1\nnext: >-\n  folded - text: here\nlast: 1\n",
	"a: &x [1, 2, 3]\nb: *x\nc: !!str 5\nd: [*x, *x]\ne: &y {k: v}\n",
	"%YAML 1.2\n---\na: 1\n...\n---\n- b\n--- c\n",
	"# comment\nkey: value # comment\nurl: http://x.y/z#frag\nq: a:b\n? complex\n: value\n",
	"[? a, ? b, {? c}]\n",
	"- a: |\n    text\n  b: [1, 2, 3]\n- >\n x\n- c\n",
	"records:\n  app:\n    things:\n      - {id: t1, name: Alice Smith, email: a@example.com, n: 1}\n      - id: t2\n        tags: [a, b]\n",
}

// The estimate counts every node yaml.v3 builds, on every form above and
// every YAML file of the repository's libraries, and not much more.
func TestEstimateNodesCountsHigh(t *testing.T) {
	check := func(name string, data []byte) {
		want, err := treeNodes(data)
		if err != nil {
			return
		}
		got := estimateNodes(data)
		if got < want || got > 2*want+4 {
			t.Errorf("%s: estimated %d nodes, yaml.v3 builds %d", name, got, want)
		}
	}
	for i, f := range nodeForms {
		check(fmt.Sprintf("form %d", i), []byte(f))
	}
	for _, root := range []string{"../corpus", "testdata", "../importer"} {
		fs.WalkDir(os.DirFS(root), ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				data, _ := fs.ReadFile(os.DirFS(root), p)
				check(root+"/"+p, data)
			}
			return nil
		})
	}
}

// FuzzEstimateNodes: for any text yaml.v3 parses, the estimate is at least
// the nodes it builds, so the limit checked before parsing holds after.
func FuzzEstimateNodes(f *testing.F) {
	for _, s := range nodeForms {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := treeNodes([]byte(s))
		if err != nil {
			return
		}
		if got := estimateNodes([]byte(s)); got < want {
			t.Fatalf("estimated %d nodes, yaml.v3 builds %d", got, want)
		}
	})
}

// denseForms are data atoms written as densely as YAML allows, each with
// about n nodes.
func denseForms(n int) map[string]string {
	head := "kind: data\nid: d\nrecords:\n  app:\n    things:\n"
	var seq, kv, block, recs strings.Builder
	seq.WriteString(head + "      - {id: t1, x: [")
	seq.WriteString(strings.Repeat("1,", n))
	seq.WriteString("1]}\n")
	kv.WriteString(head + "      - {id: t1, x: {")
	for i := range n / 2 {
		fmt.Fprintf(&kv, "k%d: 1,", i)
	}
	kv.WriteString("z: 1}}\n")
	block.WriteString(head + "      - id: t1\n        x:\n")
	block.WriteString(strings.Repeat("        - 1\n", n))
	recs.WriteString(head)
	for i := range n / 9 {
		fmt.Fprintf(&recs, "      - {id: t%d, name: Alice Smith, email: a%d@example.com, n: %d}\n", i, i, i)
	}
	return map[string]string{"flow list": seq.String(), "flow mapping": kv.String(), "block list": block.String(), "records": recs.String()}
}

// A file of more nodes than MaxFileNodes used to be parsed whole (4 MB
// of "1," took 940 MB and 10 s); now it is refused before its tree is
// built, allocating a few times its size, and the diagnostic says so.
func TestLoadRefusesDenseFileUnparsed(t *testing.T) {
	for name, src := range denseForms(MaxFileNodes * 11 / 10) {
		t.Run(name, func(t *testing.T) {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			_, ds, err := Load(fstest.MapFS{"big.yaml": {Data: []byte(src)}})
			runtime.ReadMemStats(&m1)
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != 1 || ds[0].File != "big.yaml" || !strings.HasPrefix(ds[0].Message, "refused: about") || !strings.Contains(ds[0].Message, "YAML nodes") {
				t.Fatalf("diagnostics: %v", ds)
			}
			if n := m1.TotalAlloc - m0.TotalAlloc; n > 10*uint64(len(src)) {
				t.Errorf("refusing %d bytes allocated %d", len(src), n)
			}
		})
	}
}

// BenchmarkLoadDense loads the densest forms, each with an estimate under
// MaxFileNodes, and reports what loading allocated per byte of the file
// (the peak is some three quarters of it).
//
//	go test ./atom -run XXX -bench LoadDense -benchtime 3x
func BenchmarkLoadDense(b *testing.B) {
	for name, src := range denseForms(MaxFileNodes * 4 / 10) {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			fsys := fstest.MapFS{"d.yaml": {Data: []byte(src)}}
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				if _, ds, err := Load(fsys); err != nil || ds.HasErrors() {
					b.Fatal(err, ds)
				}
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(len(src)), "alloc/file-byte")
			b.ReportMetric(float64(len(src)), "file-bytes")
		})
	}
}
