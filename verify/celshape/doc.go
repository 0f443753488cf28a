// Package celshape reads cel checks as predicates the planner can satisfy.
// A cel check of the common shape, "some record of one collection passes
// these tests" (state["app"]["coll"].exists(r, ...)), or its negation,
// reads as an exists (or not_exists) with predicates: equality (ignoring
// case or not), contains, in, order and matches on a field; an element of
// a list (r.to.exists(e, e == x)); a record of a list (r.notes.exists(n,
// n.body.contains(x))), as a satisfy.OpElem predicate; any value of an
// object (r.cells.exists(k, r.cells[k]...)), as a satisfy.AnyKey path.
// Guards on presence and type are implied by the tests and skipped. A
// positive check may also name a record of another collection by what it
// holds (ParseJoins). The reading knows no environment: verify checks it
// against one before it uses it, and the program stays the judge.
package celshape
