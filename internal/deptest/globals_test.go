package deptest

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// pendingExported are the exported package-level variables ("file: name")
// still read by packages being split; each has an accessor that callers
// move to, after which it goes.
var pendingExported = []string{
	"atom/derive.go: DeriveOps",        // atom.DeriveOpNames()
	"atom/validate.go: SlotRE",         // atom.Placeholders and its kin
	"episode/limits.go: DefaultLimits", // episode.Limits{}.WithDefaults()
	"verify/check.go: Checks",
	"verify/discriminating.go: ProbeKinds",
	"verify/verdict.go: RootCauses",
}

// TestNoExportedMutableVars fails for an exported package-level variable
// outside package main, other than an error made once (a sentinel) and an
// embedded file system: a table another package may write to belongs
// behind a function that returns a copy.
func TestNoExportedMutableVars(t *testing.T) {
	var found []string
	eachSourceFile(t, func(rel string, _ *token.FileSet, f *ast.File) {
		if f.Name.Name == "main" {
			return
		}
		eachVar(f, func(name *ast.Ident, vs *ast.ValueSpec) {
			if name.IsExported() && !sentinelOrFS(vs) && !slices.Contains(pendingExported, rel+": "+name.Name) {
				found = append(found, rel+": "+name.Name)
			}
		})
	})
	if len(found) > 0 {
		t.Errorf("exported package-level variables:\n%s", strings.Join(found, "\n"))
	}
}

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

// sentinelOrFS reports whether vs is an error made by errors.New or
// fmt.Errorf, or an embed.FS.
func sentinelOrFS(vs *ast.ValueSpec) bool {
	if vs.Type != nil && exprName(vs.Type) == "embed.FS" {
		return true
	}
	if len(vs.Values) != 1 {
		return false
	}
	call, ok := vs.Values[0].(*ast.CallExpr)
	return ok && (exprName(call.Fun) == "errors.New" || exprName(call.Fun) == "fmt.Errorf")
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
