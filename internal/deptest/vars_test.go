package deptest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exportedVarsAllowed names the exported package-level variables outside
// package main that stay for now, each with why. Every entry is a table or
// value a caller could change under every other user; each is to become a
// function returning a copy, a constant, or an unexported value.
var exportedVarsAllowed = map[string]string{}

// No package outside main exports a package-level variable a caller could
// change under every other user, beyond the allowlist: sentinel errors
// (Err..., made by errors.New) and embedded file systems are values no one
// rewrites. The test lists what it finds (go test -v).
func TestNoExportedMutableVars(t *testing.T) {
	found := exportedVars(t, filepath.Join("..", ".."))
	for _, v := range found {
		why, ok := exportedVarsAllowed[v]
		if !ok {
			t.Errorf("%s is an exported package-level variable: unexport it behind a function returning a copy, or justify it in exportedVarsAllowed", v)
			continue
		}
		t.Logf("allowed: %s (%s)", v, why)
	}
	for v := range exportedVarsAllowed {
		if !slices.Contains(found, v) {
			t.Errorf("%s is allowed but no longer exported: drop it from exportedVarsAllowed", v)
		}
	}
}

// exportedVars lists "dir.Name" for every exported package-level var of
// the module's non-test files outside package main, leaving out sentinel
// errors and embedded file systems.
func exportedVars(t *testing.T, root string) []string {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(p))
		for _, name := range fileExportedVars(f) {
			out = append(out, filepath.ToSlash(dir)+"."+name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// fileExportedVars lists a file's exported package-level vars that are
// neither sentinel errors nor embedded file systems.
func fileExportedVars(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			embedded := hasEmbed(g.Doc) || hasEmbed(vs.Doc)
			for i, n := range vs.Names {
				if !n.IsExported() || embedded || (strings.HasPrefix(n.Name, "Err") && i < len(vs.Values) && isErrorsNew(vs.Values[i])) {
					continue
				}
				out = append(out, n.Name)
			}
		}
	}
	return out
}

func hasEmbed(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.HasPrefix(c.Text, "//go:embed ") {
			return true
		}
	}
	return false
}

func isErrorsNew(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "errors" && sel.Sel.Name == "New"
}
