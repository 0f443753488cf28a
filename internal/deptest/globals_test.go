package deptest

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// TestNoProcessWideCache fails for a package-level variable that is a
// cache (a memo.Map or a sync.Map): caches belong to the value whose
// derived state they hold.
func TestNoProcessWideCache(t *testing.T) {
	var found []string
	eachSourceFile(t, func(rel string, _ *token.FileSet, f *ast.File) {
		eachVar(f, func(name *ast.Ident, vs *ast.ValueSpec) {
			if isCache(vs) {
				found = append(found, rel+": "+name.Name)
			}
		})
	})
	if len(found) > 0 {
		t.Errorf("package-level caches:\n%s", strings.Join(found, "\n"))
	}
}

// eachVar calls fn with each name a package-level var declaration of f
// declares.
func eachVar(f *ast.File, fn func(name *ast.Ident, vs *ast.ValueSpec)) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for _, name := range vs.Names {
				fn(name, vs)
			}
		}
	}
}

// isCache reports whether vs declares or makes a memo.Map or a sync.Map.
func isCache(vs *ast.ValueSpec) bool {
	names := []string{}
	if vs.Type != nil {
		names = append(names, exprName(vs.Type))
	}
	for _, v := range vs.Values {
		if call, ok := v.(*ast.CallExpr); ok {
			names = append(names, exprName(call.Fun))
		}
		if lit, ok := v.(*ast.CompositeLit); ok {
			names = append(names, exprName(lit.Type))
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, "memo.") || n == "sync.Map" {
			return true
		}
	}
	return false
}

// exprName is "pkg.Name" for a selector, its generic arguments and a
// pointer aside, and "" for anything else.
func exprName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return exprName(x.X)
	case *ast.IndexExpr:
		return exprName(x.X)
	case *ast.IndexListExpr:
		return exprName(x.X)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return id.Name + "." + x.Sel.Name
		}
	}
	return ""
}

// registries are the package-level maps written after the program starts
// that are registries, written only from init (directly or through a
// Register function that refuses a duplicate) ("dir: name").
var registries = []string{
	"episode: effectImpls", // RegisterEffect, from init
}

// TestNoSharedMapWrites fails for a package-level map that a function
// other than init writes (an assignment to it or to one of its entries, or
// a delete): a map the whole process shares and changes is a cache or a
// table by another name.
func TestNoSharedMapWrites(t *testing.T) {
	maps := map[string]bool{}   // "dir: name" of package-level maps
	writes := map[string]bool{} // "dir: name" written outside init
	eachSourceFile(t, func(rel string, _ *token.FileSet, f *ast.File) {
		dir := rel[:max(0, strings.LastIndex(rel, "/"))]
		eachVar(f, func(name *ast.Ident, vs *ast.ValueSpec) {
			if isMap(vs) {
				maps[dir+": "+name.Name] = true
			}
		})
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil && fn.Name.Name != "init" {
				for _, name := range mapWrites(fn.Body) {
					writes[dir+": "+name] = true
				}
			}
		}
	})
	var found []string
	for k := range writes {
		if maps[k] && !slices.Contains(registries, k) {
			found = append(found, k)
		}
	}
	slices.Sort(found)
	if len(found) > 0 {
		t.Errorf("package-level maps written after the program starts:\n%s", strings.Join(found, "\n"))
	}
}

// isMap reports whether vs declares a map: by its type, a map literal or
// make.
func isMap(vs *ast.ValueSpec) bool {
	if _, ok := vs.Type.(*ast.MapType); ok {
		return true
	}
	for _, v := range vs.Values {
		if lit, ok := v.(*ast.CompositeLit); ok {
			if _, ok := lit.Type.(*ast.MapType); ok {
				return true
			}
		}
		if call, ok := v.(*ast.CallExpr); ok && len(call.Args) > 0 {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "make" {
				if _, ok := call.Args[0].(*ast.MapType); ok {
					return true
				}
			}
		}
	}
	return false
}

// mapWrites lists the plain names body assigns to, assigns an entry of or
// deletes from (a local of the same name counts too: the test errs toward
// listing).
func mapWrites(body *ast.BlockStmt) []string {
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				return true
			}
			for _, l := range x.Lhs {
				if ix, ok := l.(*ast.IndexExpr); ok {
					l = ix.X
				}
				if id, ok := l.(*ast.Ident); ok {
					out = append(out, id.Name)
				}
			}
		case *ast.CallExpr:
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "delete" && len(x.Args) > 0 {
				if m, ok := x.Args[0].(*ast.Ident); ok {
					out = append(out, m.Name)
				}
			}
		}
		return true
	})
	return out
}
