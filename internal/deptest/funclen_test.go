package deptest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function outside tests may be without its
// doc comment saying why (a line starting longMarker).
const (
	maxFuncLines = 80
	longMarker   = "Long because"
)

// longExempt are the folders (ending in "/") and functions ("file: name")
// not yet held to maxFuncLines, while a function is being split. Empty:
// every function is short or says why it is long.
var longExempt []string

// TestFunctionsAreShort fails for each function of the module outside
// tests that is longer than maxFuncLines and whose doc comment does not
// say why.
func TestFunctionsAreShort(t *testing.T) {
	var long []string
	eachSourceFile(t, func(rel string, fset *token.FileSet, f *ast.File) {
		if exempt(rel, "") {
			return
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > maxFuncLines && !saysWhyLong(fn.Doc) && !exempt(rel, funcName(fn)) {
				long = append(long, rel+": "+funcName(fn)+" ("+strconv.Itoa(n)+" lines)")
			}
		}
	})
	if len(long) > 0 {
		t.Errorf("%d functions over %d lines without a %q line in their doc comment:\n%s",
			len(long), maxFuncLines, longMarker, strings.Join(long, "\n"))
	}
}

// exempt reports whether longExempt names the file's folder, or the
// function fn of the file when fn is not "".
func exempt(rel, fn string) bool {
	for _, e := range longExempt {
		if strings.HasSuffix(e, "/") && strings.HasPrefix(rel, e) || fn != "" && e == rel+": "+fn {
			return true
		}
	}
	return false
}

// saysWhyLong reports whether a doc comment has a line starting longMarker.
func saysWhyLong(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, line := range strings.Split(doc.Text(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), longMarker) {
			return true
		}
	}
	return false
}

func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if st, ok := typ.(*ast.StarExpr); ok {
		typ = st.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok {
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}

// eachSourceFile calls fn with each Go file of the module outside tests and
// testdata, its path relative to the module's root, parsed with comments.
func eachSourceFile(t *testing.T, fn func(rel string, fset *token.FileSet, f *ast.File)) {
	t.Helper()
	root := moduleRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		fn(rel, fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// moduleRoot is the folder holding go.mod, above this package's.
func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
